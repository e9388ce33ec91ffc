import type { TestProject } from 'vitest/node';
import { startProduct } from './server';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the base URL of the product every file without an environment of its own shares */
    sharedProductUrl: string;
  }
}

/**
 * Vitest's global setup: one product (server, embedded database, built client) for every test file
 * that needs no environment of its own. A product costs about 6.5 CPU-seconds and 5 s to start and
 * stop (measured: half of a browser test file's fixed cost); ten describe blocks in nine files share
 * one. Their tests already share nothing but the product: each phone is a browser context of its
 * own, with its own device token, so one file's rooms, players and passkeys are not another's.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const product = await startProduct();
  project.provide('sharedProductUrl', product.url);
  return () => product.stop();
}
