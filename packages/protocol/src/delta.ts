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

/** The patch that turns `before` into `after` (undefined: nothing changed). Entries set to undefined count as absent, as in JSON. */
export function diff(before: Json, after: Json): Patch | undefined {
  if (before === after) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) return diffArrays(before, after);
  if (isObject(before) && isObject(after)) return diffObjects(before, after);
  return [after];
}

function diffArrays(before: readonly Json[], after: readonly Json[]): Patch | undefined {
  const patch: Record<string, Patch> = {};
  let changed = false;
  const common = Math.min(before.length, after.length);
  for (let i = 0; i < common; i++) {
    const p = diff(before[i], after[i]);
    if (p === undefined) continue;
    patch[i] = p;
    changed = true;
  }
  if (after.length < before.length) {
    patch['-'] = [after.length];
    changed = true;
  } else if (after.length > before.length) {
    patch['+'] = [after.slice(before.length)];
    changed = true;
  }
  return changed ? patch : undefined;
}

function diffObjects(before: Record<string, Json>, after: Record<string, Json>): Patch | undefined {
  const patch: Record<string, Patch> = {};
  let changed = false;
  for (const key of Object.keys(after)) {
    const next = after[key];
    if (next === undefined) continue;
    const prev = before[key];
    const p = prev === undefined ? ([next] as Patch) : diff(prev, next);
    if (p === undefined) continue;
    patch[key] = p;
    changed = true;
  }
  for (const key of Object.keys(before)) {
    if (before[key] === undefined || after[key] !== undefined) continue;
    patch[key] = [];
    changed = true;
  }
  return changed ? patch : undefined;
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
 */
export function valueHash(value: Json): string {
  return (feed(0x811c9dc5, value) >>> 0).toString(36);
}

function feedText(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h;
}

function feed(h: number, v: Json): number {
  if (v === null) return feedText(h, 'n');
  switch (typeof v) {
    case 'number':
      return feedText(h, `#${v};`);
    case 'boolean':
      return feedText(h, v ? 't' : 'f');
    case 'string':
      return feedText(feedText(h, `"${v.length}:`), v);
    case 'object': {
      if (Array.isArray(v)) {
        h = feedText(h, `[${v.length}`);
        for (const item of v) h = feed(h, item);
        return feedText(h, ']');
      }
      const entries = v as Record<string, Json>;
      h = feedText(h, '{');
      for (const key of Object.keys(entries).sort()) {
        if (entries[key] === undefined) continue;
        h = feed(feedText(feedText(h, `${key.length}:`), key), entries[key]);
      }
      return feedText(h, '}');
    }
    default:
      return feedText(h, 'u');
  }
}
