import { describe, expect, it } from 'vitest';
import { applyPatch, diff, PatchMismatch, valueHash, type Patch } from './delta';

/** Through JSON, as on the wire. */
const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

describe('the structural diff and its apply', () => {
  it.each([
    ['an entry removed, one added', { a: 1, b: [1, 2] }, { b: [1, 2], c: null }],
    ['an array cut short and an item changed', { rows: [{ s: 1 }, { s: 2 }, { s: 3 }] }, { rows: [{ s: 9 }] }],
    [
      'rows appended',
      { rows: [[0, 1]] },
      {
        rows: [
          [0, 1],
          [2, null],
          [3, 4],
        ],
      },
    ],
    ['a value of another kind', { v: { x: 1 } }, { v: [1] }],
    ['an entry set to undefined (absent in JSON)', { a: 1, b: 2 }, { a: 1, b: undefined }],
  ])('%s: the patch turns the old value into the new one, and leaves the old one alone', (_, before, after) => {
    const kept = wire(before);
    const patch = wire(diff(before, after) as Patch);
    expect(applyPatch(kept, patch)).toEqual(wire(after));
    expect(kept).toEqual(wire(before));
  });

  it('finds nothing to send between equal values that are not the same objects', () => {
    expect(diff({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
  });

  it('refuses a patch that does not fit the value held, and a key that reaches a prototype', () => {
    expect(() => applyPatch({ a: 1 }, { a: { b: [2] } })).toThrow(PatchMismatch);
    expect(() => applyPatch({ a: [1] }, { a: { '3': [2] } })).toThrow(PatchMismatch);
    expect(() => applyPatch({}, JSON.parse('{"__proto__":{"x":[1]}}') as Patch)).toThrow(PatchMismatch);
  });

  it('hashes a value the same whatever the order of its keys, and another value otherwise', () => {
    expect(valueHash({ a: 1, b: [1, 'x'] })).toBe(valueHash({ b: [1, 'x'], a: 1, c: undefined }));
    expect(valueHash({ a: 1, b: [1, 'x'] })).not.toBe(valueHash({ a: 1, b: ['1', 'x'] }));
    expect(valueHash([null])).not.toBe(valueHash([]));
  });
});

describe('valueHash', () => {
  // The text the hash is defined over, built whole: what the streamed hash must agree with.
  const text = (v: unknown, nested = false): string => {
    if (nested && typeof v === 'object' && v !== null) {
      const h = fnv32(text(v));
      return `&${String.fromCharCode(h >>> 24, (h >>> 16) & 0xff, (h >>> 8) & 0xff, h & 0xff)}`;
    }
    if (v === null) return 'n';
    if (typeof v === 'number') return `#${v};`;
    if (typeof v === 'boolean') return v ? 't' : 'f';
    if (typeof v === 'string') return `"${v.length}:${v}`;
    if (Array.isArray(v)) return `[${v.length}${v.map((item) => text(item, true)).join('')}]`;
    if (typeof v === 'object') {
      const o = v as Record<string, unknown>;
      const keys = Object.keys(o)
        .sort()
        .filter((k) => o[k] !== undefined);
      return `{${keys.map((k) => `${k.length}:${k}${text(o[k], true)}`).join('')}}`;
    }
    return 'u';
  };
  const fnv32 = (s: string): number => {
    let h = 0x811c9dc5;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    return h >>> 0;
  };
  const fnv = (s: string): string => fnv32(s).toString(36);

  it.each([
    ['integers, negative, zero and -0', [0, -0, 1, -1, 42, 2147483647, -2147483648, 2147483648, -2147483649, 9007199254740991]],
    ['fractions and odd numbers', [1.5, -2.25, 1e21, 1e-7, NaN, Infinity, -Infinity]],
    ['strings', ['', 'é', 'a "quoted" \\ word', 'x'.repeat(300)]],
    [
      'nesting, and entries set to undefined',
      { b: [1, 'x', { z: null, y: undefined }], a: { c: [true, false, []] }, d: undefined },
    ],
    [
      'objects of several shapes sharing their first key, in turn',
      [{ a: 1, c: 2 }, { a: 1, b: 2 }, { a: 1, c: 2 }, { a: 1, c: 2, b: 3 }, { c: 1, a: 2 }, {}, { a: 1, c: 2 }],
    ],
    [
      'a long array',
      Array.from({ length: 123 }, (_, i) => ({ guess: [i, i + 1], score: i % 2 ? null : { black: 1, white: 2 } })),
    ],
  ])('hashes the text it is defined over: %s', (_name, value) => {
    expect(valueHash(value)).toBe(fnv(text(value)));
    // kept hashes, asked for twice: the same as worked out afresh
    expect(valueHash(value, true)).toBe(fnv(text(value)));
    expect(valueHash(value, true)).toBe(fnv(text(value)));
  });

  it('keeps the hashes of the parts holding parts, a part shared by several values included', () => {
    const shared = {
      rows: [
        [1, 2],
        [3, 4],
      ],
    };
    const a = valueHash({ board: shared, n: 1 }, true);
    expect([shared, shared.rows, shared.rows[0]!].map((part) => Object.getOwnPropertySymbols(part).length)).toEqual([1, 1, 0]);
    expect(a).toBe(valueHash({ board: structuredClone(shared), n: 1 }));
    expect(valueHash({ board: shared, n: 2 }, true)).toBe(valueHash({ board: structuredClone(shared), n: 2 }));
  });

  it('keeps a hash where JSON, keys, spreads and copies never see it', () => {
    const part = { rows: [[1, 2]], name: 'Ann' };
    valueHash({ part }, true);
    expect(JSON.stringify(part)).toBe('{"rows":[[1,2]],"name":"Ann"}');
    expect(Object.keys(part)).toEqual(['rows', 'name']);
    expect(Object.getOwnPropertySymbols({ ...part })).toEqual([]);
    expect(Object.getOwnPropertySymbols(structuredClone(part))).toEqual([]);
  });

  it('hashes a frozen part afresh each time, without keeping anything on it', () => {
    const frozen = Object.freeze({ rows: [[1, 2]] });
    expect(valueHash({ frozen }, true)).toBe(valueHash({ frozen: structuredClone(frozen) }));
    expect(valueHash({ frozen }, true)).toBe(valueHash({ frozen: structuredClone(frozen) }));
  });

  it('gives the parts a diff finds unchanged the hashes of the parts they equal, and only those', () => {
    const before = { board: { rows: [[1, 2]], n: 1 }, other: { rows: [[3]] } };
    valueHash(before, true);
    const after = structuredClone(before);
    after.other.rows.push([4]);
    diff(before, after, true);
    expect(Object.getOwnPropertySymbols(after.board)).toHaveLength(1);
    expect(Object.getOwnPropertySymbols(after.other)).toEqual([]);
    expect(valueHash(after, true)).toBe(valueHash(structuredClone(after)));
  });
});
