/**
 * The structural diff of two JSON values, and its pure apply: what a `room:delta` carries instead of
 * a whole view. It knows nothing of families or seats: a patch only ever holds values taken from
 * the new value itself, so it cannot carry anything the receiver's full view would not.
 *
 * A patch mirrors the value it changes:
 * - `[value]` (an array of one): the value there is now `value`;
 * - `[]` (an empty array), as an object's entry: that key is gone;
 * - an object, over an object: its entries patch the same keys;
 * - an object, over an array: `"<index>"` entries patch those items, `"-": [length]` cuts the array
 *   to that length, `"+": [[items]]` appends items (rows added to a board are only appended).
 * The receiver's current value decides how an object patch is read, so no key is reserved in views.
 */
export type Patch = [] | [unknown] | { [key: string]: Patch };

type Json = unknown;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The patch that turns `before` into `after` (undefined: nothing changed). Entries set to undefined
 * count as absent, as in JSON. `keep` (the sender's): a part of `after` found equal to its part of
 * `before` takes the hash kept with that one (see valueHash), so that hashing `after` next only
 * works through what changed, even where the views were built afresh.
 */
export function diff(before: Json, after: Json, keep = false): Patch | undefined {
  if (before === after) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) return settled(diffArrays(before, after, keep), before, after, keep);
  if (isObject(before) && isObject(after)) return settled(diffObjects(before, after, keep), before, after, keep);
  return [after];
}

function settled(patch: Patch | undefined, before: object, after: object, keep: boolean): Patch | undefined {
  if (patch === undefined && keep) {
    const h = keptHash(before);
    if (h !== undefined) keepHash(after, h);
  }
  return patch;
}

// The patches of the parts found unchanged, which are most of them, are never made: a patch object
// is made only once a first change is found (a diff runs over every channel of every update).
function diffArrays(before: readonly Json[], after: readonly Json[], keep: boolean): Patch | undefined {
  let patch: Record<string, Patch> | undefined;
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const p = diff(before[i], after[i], keep);
    if (p !== undefined) (patch ??= {})[i] = p;
  }
  if (after.length < before.length) (patch ??= {})['-'] = [after.length];
  else if (after.length > before.length) (patch ??= {})['+'] = [after.slice(before.length)];
  return patch;
}

// `for…in`, not `Object.keys`: no list of keys made for each object (views are plain objects,
// with nothing enumerable inherited).
function diffObjects(before: Record<string, Json>, after: Record<string, Json>, keep: boolean): Patch | undefined {
  let patch: Record<string, Patch> | undefined;
  for (const key in after) {
    const next = after[key];
    if (next === undefined) continue;
    const prev = before[key];
    const p = prev === undefined ? ([next] as Patch) : diff(prev, next, keep);
    if (p !== undefined) (patch ??= {})[key] = p;
  }
  for (const key in before) {
    if (before[key] !== undefined && after[key] === undefined) (patch ??= {})[key] = [];
  }
  return patch;
}

/** A patch that does not fit the value it is applied to (the receiver held another base). */
export class PatchMismatch extends Error {}

// A key that would reach an object's prototype, never in a view.
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * `base` with `patch` applied, as a new value: `base` itself is never changed, and every part the
 * patch leaves alone is shared with it. Throws PatchMismatch when the patch cannot apply to `base`.
 */
export function applyPatch<T>(base: T, patch: Patch): T {
  return applyAt(base, patch) as T;
}

function applyAt(base: Json, patch: Patch): Json {
  if (Array.isArray(patch)) {
    if (patch.length !== 1) throw new PatchMismatch('a removal where a value was expected');
    return patch[0];
  }
  if (Array.isArray(base)) return applyToArray(base, patch);
  if (!isObject(base)) throw new PatchMismatch('a change inside a value that holds nothing');
  const out: Record<string, Json> = { ...base };
  for (const [key, p] of Object.entries(patch)) {
    if (UNSAFE_KEYS.has(key)) throw new PatchMismatch(`a change to ${key}`);
    if (Array.isArray(p) && p.length === 0) delete out[key];
    else out[key] = applyAt(out[key], p);
  }
  return out;
}

function applyToArray(base: readonly Json[], patch: { [key: string]: Patch }): Json[] {
  const out = base.slice();
  for (const [key, p] of Object.entries(patch)) {
    if (key === '+' || key === '-') continue;
    const i = Number(key);
    if (!Number.isInteger(i) || i < 0 || i >= base.length) throw new PatchMismatch(`no item ${key} to change`);
    out[i] = applyAt(out[i], p);
  }
  const cut = patch['-'];
  if (cut !== undefined) {
    const length = Array.isArray(cut) ? cut[0] : undefined;
    if (typeof length !== 'number' || length > base.length) throw new PatchMismatch('a bad cut');
    out.length = length;
  }
  const added = patch['+'];
  if (added !== undefined) {
    const items = Array.isArray(added) ? added[0] : undefined;
    if (!Array.isArray(items)) throw new PatchMismatch('bad items to append');
    out.push(...(items as Json[]));
  }
  return out;
}

/**
 * A 32-bit FNV-1a hash of a JSON value, the same whatever the order of its keys (entries set to
 * undefined count as absent): a delta carries the hash of the whole update it leads to, so that a
 * receiver holding another base than the sender thought finds out and asks for the full view.
 * The text hashed: `n` for null, `t` or `f`, `#<number>;`, `"<length>:<string>`, an array as
 * `[<length>` then its items then `]`, an object as `{`, then `<length>:<key>` and its value for
 * each key in sorted order, then `}`; an array or object inside another is written as `&` and its
 * own hash, as four characters of codes 0–255 (its bytes, the highest first).
 *
 * Hashed part by part, so that the parts of views shared between updates and channels (kept views,
 * the one summary of a broadcast) need not be hashed again: `keep` (the sender's) keeps each
 * object's hash with it, which holds only as long as nobody changes an object once hashed.
 */
export function valueHash(value: Json, keep = false): string {
  // the value as a whole is new (an update): only its parts are worth keeping
  const h = typeof value === 'object' && value !== null ? feedNode(OFFSET, value, keep) : feed(OFFSET, value, keep);
  return (h >>> 0).toString(36);
}

/**
 * Where a part keeps its hash: on the object itself, under a symbol, not enumerable, so that JSON,
 * `Object.keys`, spreads and copies never see it. Not in a WeakMap: with one entry for every part
 * of every view sent, the map's entries were the garbage collector's work at every collection,
 * and its longest pauses (docs/performance.md).
 */
const HASH: unique symbol = Symbol('valueHash');
type Hashed = { [HASH]?: number };

const keptHash = (v: object): number | undefined => (v as Hashed)[HASH];

function keepHash(v: object, h: number): void {
  if ((v as Hashed)[HASH] === undefined && Object.isExtensible(v)) Object.defineProperty(v, HASH, { value: h });
}

// Worked out for every channel of every update (the whole snapshot), so the text the hash is
// defined over ("#12;", "[3", '"5:') is fed character by character, never built as a string.
const OFFSET = 0x811c9dc5;
const PRIME = 0x01000193;
const step = (h: number, charCode: number): number => Math.imul(h ^ charCode, PRIME);
const CHAR = {
  n: 110,
  t: 116,
  f: 102,
  u: 117,
  '#': 35,
  ';': 59,
  '"': 34,
  ':': 58,
  '[': 91,
  ']': 93,
  '{': 123,
  '}': 125,
  '-': 45,
  '&': 38,
};

function feedText(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = step(h, s.charCodeAt(i));
  return h;
}

const digits = new Uint8Array(10);
/** A non-negative integer below 2^31 as its decimal digits, as `${n}` writes it. */
function feedCount(h: number, n: number): number {
  let k = 0;
  do {
    digits[k++] = 48 + (n % 10);
    n = Math.floor(n / 10);
  } while (n > 0);
  while (k > 0) h = step(h, digits[--k]!);
  return h;
}

/** A 32-bit hash as its four bytes, the highest first. */
function feedBytes(h: number, n: number): number {
  return step(step(step(step(h, n >>> 24), (n >>> 16) & 0xff), (n >>> 8) & 0xff), n & 0xff);
}

function feedNumber(h: number, v: number): number {
  if (!Number.isInteger(v) || Math.abs(v) > 0x7fffffff) return feedText(h, String(v));
  // -0 is not below 0, and its digits are "0", as `${-0}` writes it
  return v < 0 ? feedCount(step(h, CHAR['-']), -v) : feedCount(h, v);
}

/**
 * Sorted key lists by the list `Object.keys` gave, found by its first key: the objects of views are
 * of a few shapes, each hashed again and again, so their keys are sorted once per shape, not once
 * per object. A shape sharing its first key with another replaces it (sorted again, never wrong).
 */
const sortedKeys = new Map<string | undefined, { from: string[]; to: string[] }>();
const SHAPES_KEPT = 1000;

function sortedKeysOf(v: Record<string, Json>): string[] {
  // Compared with `for…in`, which makes no list: the list is made only for a shape not seen yet.
  let first: string | undefined;
  for (const key in v) {
    first = key;
    break;
  }
  const known = sortedKeys.get(first);
  if (known !== undefined) {
    let i = 0;
    let same = true;
    for (const key in v) {
      if (known.from[i++] === key) continue;
      same = false;
      break;
    }
    if (same && i === known.from.length) return known.to;
  }
  const keys = Object.keys(v);
  const to = keys.slice().sort();
  if (sortedKeys.size < SHAPES_KEPT || sortedKeys.has(keys[0])) sortedKeys.set(keys[0], { from: keys, to });
  return to;
}

/**
 * The hash of an array's or object's own text, unsigned. Only a part holding parts of its own is
 * kept: a leaf (a score, a guess) costs less to hash again than to be given a property of its own.
 */
function nodeHash(v: object, keep: boolean): number {
  if (!keep) return feedNode(OFFSET, v, false) >>> 0;
  const known = keptHash(v);
  if (known !== undefined) return known;
  if (isLeaf(v)) return feedNode(OFFSET, v, false) >>> 0;
  const h = feedNode(OFFSET, v, true) >>> 0;
  keepHash(v, h);
  return h;
}

function isLeaf(v: object): boolean {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (typeof v[i] === 'object' && v[i] !== null) return false;
    return true;
  }
  for (const key in v) {
    const item = (v as Record<string, Json>)[key];
    if (typeof item === 'object' && item !== null) return false;
  }
  return true;
}

function feedNode(h: number, v: object, keep: boolean): number {
  if (Array.isArray(v)) {
    h = feedCount(step(h, CHAR['[']), v.length);
    for (let i = 0; i < v.length; i++) h = feed(h, v[i], keep);
    return step(h, CHAR[']']);
  }
  const entries = v as Record<string, Json>;
  h = step(h, CHAR['{']);
  const keys = sortedKeysOf(entries);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = entries[key];
    if (item === undefined) continue;
    h = feed(feedText(step(feedCount(h, key.length), CHAR[':']), key), item, keep);
  }
  return step(h, CHAR['}']);
}

function feed(h: number, v: Json, keep: boolean): number {
  if (v === null) return step(h, CHAR.n);
  switch (typeof v) {
    case 'number':
      return step(feedNumber(step(h, CHAR['#']), v), CHAR[';']);
    case 'boolean':
      return step(h, v ? CHAR.t : CHAR.f);
    case 'string':
      return feedText(step(feedCount(step(h, CHAR['"']), v.length), CHAR[':']), v);
    case 'object':
      return feedBytes(step(h, CHAR['&']), nodeHash(v, keep));
    default:
      return step(h, CHAR.u);
  }
}
