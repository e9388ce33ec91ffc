// zod's core config alone, not the schema library: a page that builds no schema before first paint does not load it for this.
import { config } from 'zod/v4/core';

/**
 * For pages served with a Content-Security-Policy without 'unsafe-eval': zod compiles fast
 * parsers with `Function`, and only probing for that already counts as a CSP violation (it falls
 * back by itself, but the browser reports every page load). Call before the first schema is built: import this module alone (`@mm/protocol/csp`), first.
 */
export function parseWithoutEval(): void {
  config({ jitless: true });
}
