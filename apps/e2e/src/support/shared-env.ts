/**
 * The environment of the product the browser test files share (src/support/shared-product.ts):
 * every setting a file asks of `useProduct()` that no other file's tests can notice. A file whose
 * settings are all here, with these values, plays on the shared product; any other setting (one
 * watcher per room, one-second clocks, link codes that expire at once, another client build) gets
 * the file a product of its own (its cost: src/support/shared-product.ts).
 */
export const SHARED_PRODUCT_ENV = {
  // quick bots: the default 700 ms "thinking" delay would only make the tests slow
  BOT_DELAY_MS: '50',
  // first-minute.test.ts makes some thirty rooms from one address, and every phone here has the same one;
  // each new browser context is a new player, which draws on the same bound
  ROOM_CREATE_BURST: '1000',
  // the Code of the day's secret, known to the test that checks each day's code
  DAILY_SECRET: 'e2e-daily-secret-known-to-the-test',
} as const satisfies Record<string, string>;

/** Whether a file asking for `env` can play on the shared product. */
export const fitsSharedProduct = (env: Record<string, string>): boolean =>
  Object.entries(env).every(([key, value]) => (SHARED_PRODUCT_ENV as Record<string, string>)[key] === value);
