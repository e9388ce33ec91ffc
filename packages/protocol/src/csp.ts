import { z } from 'zod';

/**
 * For pages served with a Content-Security-Policy without 'unsafe-eval': zod compiles fast
 * parsers with `Function`, and only probing for that already counts as a CSP violation (it falls
 * back by itself, but the browser reports every page load). Call before the first schema is built: import this module alone (`@mm/protocol/csp`), first.
 */
export function parseWithoutEval(): void {
  z.config({ jitless: true });
}
