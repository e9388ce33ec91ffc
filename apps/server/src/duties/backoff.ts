/** The first wait before a failed duty is tried again; it doubles at every further failure. */
export const RETRY_FIRST_MS = 250;
/** The longest wait between two tries, so a database back finds every duty moving again within it. */
export const RETRY_MAX_MS = 5000;

/**
 * The wait before try `failures + 1` of a duty that failed `failures` times (1 or more): 250 ms
 * doubling up to 5 s, drawn between half and all of that, so that rooms that failed together
 * (a database outage) do not all come back in the same instant.
 */
export function retryDelay(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
