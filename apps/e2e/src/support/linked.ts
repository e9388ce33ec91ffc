import { expect } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { ProductFixture } from './product';
import { createRoom, join, play, sit, waitSeq, type Player } from './table';

/** Ann (seat 0) and Bob (seat 1) at a duel that has begun: Ann's phone is the one to link from. */
export async function annAndBob(
  product: ProductFixture,
): Promise<{ ann: { context: BrowserContext; page: Page }; bob: Player; link: string }> {
  const ann = await product.phone('en-GB');
  const link = await createRoom(ann.page, product.url, 'duel');
  await sit(ann.page, 'Ann', 0);
  const bob = await join(product.browser, link, 'Bob', 1);
  return { ann, bob, link };
}

/**
 * A device just joined to Ann, on the link page: "My matches" lists the duel with Bob; it opens
 * it, holds Ann's seat, plays it, and Bob's phone sees the move.
 */
export async function playsAnnsSeat(page: Page, link: string, bob: Page): Promise<void> {
  await page.getByTestId('link-history').tap();
  const item = page.getByTestId('history-item');
  await item.first().waitFor();
  expect(await item.count()).toBe(1);
  expect(await item.textContent()).toContain('Bob');
  await item.tap();
  await page.waitForURL(link);
  await page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();
  await page.locator('[data-testid="status"][data-my-turn="true"]').waitFor();
  await play(page, [0, 1, 2, 3]);
  await waitSeq(bob, 1);
  await bob.locator('[data-testid="status"][data-my-turn="true"]').waitFor();
}
