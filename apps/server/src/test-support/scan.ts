/** Every array anywhere inside `value` (a parsed payload), depth first. */
function* arrays(value: unknown): Generator<unknown[]> {
  if (Array.isArray(value)) {
    yield value;
    for (const v of value) yield* arrays(v);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) yield* arrays(v);
  }
}

/** Does `code` appear as an array anywhere in `payload`? */
export const containsCode = (payload: unknown, code: readonly (number | null)[]): boolean => {
  for (const a of arrays(payload)) {
    if (a.length === code.length && a.every((v, i) => v === code[i])) return true;
  }
  return false;
};

/** Does `needle` appear in any string or key of the payload? */
export const containsText = (payload: unknown, needle: string): boolean => JSON.stringify(payload).includes(needle);
