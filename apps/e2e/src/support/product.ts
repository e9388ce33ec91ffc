import { afterAll, beforeAll, inject } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, phone, type PhoneOptions } from './browser';
import { startProduct } from './server';
import { fitsSharedProduct } from './shared-env';
import { join, type Player } from './table';

/** What a test file's `useProduct()` hands its tests (valid once `beforeAll` has run). */
export interface ProductFixture {
  /** the product's base URL */
  readonly url: string;
  readonly browser: Browser;
  /** a new 360×740 phone (own context, own storage), closed after the file's tests */
  phone(locale?: string, options?: PhoneOptions): Promise<{ context: BrowserContext; page: Page }>;
  /** a new phone that opens `link` and takes `seat` as `name`, closed after the file's tests */
  join(link: string, name: string, seat: number, locale?: string): Promise<Player>;
}

/**
 * The setup of every browser test file: a headless Chromium, and the product (bundled server with
 * the built client): the one the files share when it has every setting of `env` (SHARED_PRODUCT_ENV),
 * else one of the file's own on a fresh database with `env` added to its environment. After the
 * file's tests it closes every phone, the browser, and the file's own product.
 */
export function useProduct(env: Record<string, string> = {}): ProductFixture {
  let product: { url: string; stop(): Promise<void> } | undefined;
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

  beforeAll(async () => {
    product = fitsSharedProduct(env) ? { url: inject('sharedProductUrl'), stop: async () => {} } : await startProduct(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined); // a test may have closed it already
    await browser?.close();
    await product?.stop();
  });

  const ready = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`useProduct: no ${what} yet (used outside a test?)`);
    return value;
  };

  return {
    get url() {
      return ready(product, 'product').url;
    },
    get browser() {
      return ready(browser, 'browser');
    },
    async phone(locale = 'en-GB', options = {}) {
      const p = await phone(ready(browser, 'browser'), locale, options);
      contexts.push(p.context);
      return p;
    },
    async join(link, name, seat, locale = 'en-GB') {
      const p = await join(ready(browser, 'browser'), link, name, seat, locale);
      contexts.push(p.context);
      return p;
    },
  };
}
