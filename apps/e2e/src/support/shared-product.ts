import type { TestProject } from 'vitest/node';
import { startProduct } from './server';
import { SHARED_PRODUCT_ENV } from './shared-env';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the base URL of the product shared by every file whose environment fits SHARED_PRODUCT_ENV */
    sharedProductUrl: string;
  }
}

/**
 * Vitest's global setup: one product (server, embedded database, built client, SHARED_PRODUCT_ENV)
 * for every test file whose settings it has. A product's server costs about 2.3 CPU-seconds and 3 s
 * to start and stop on PGlite (machine E, docs/performance.md), besides its database copy; fourteen
 * describe blocks in thirteen files share one. Their tests already share nothing but the product:
 * each phone is a browser context of its own, with its own device token, so one file's rooms,
 * players and passkeys are not another's.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const product = await startProduct({ ...SHARED_PRODUCT_ENV });
  project.provide('sharedProductUrl', product.url);
  return () => product.stop();
}
