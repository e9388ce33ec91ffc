import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, sit } from './support/table';

/** Turn timers (issue 11): the countdown every phone shows, and the server's timeout when it runs out. */
describe('a room with a turn timer in the browser', () => {
  // One second of every room timer lasts 250 ms: 30 s per move runs out in 7.5 s, time enough on a
  // busy machine to see the clock count before it does.
  const product = useProduct({ SECOND_MS: '250' });

  it('counts the codemaker down, then the server sets a random secret and the guesser’s clock starts', async () => {
    const { page } = await product.phone('en-GB');
    const link = await createRoom(page, product.url, 'duel', async (p) => {
      await p.getByTestId('option-turn-seconds').selectOption('30');
    });
    await sit(page, 'Alice', 0);
    // Alone at the table: no clock runs yet, and the room says so.
    await page.locator('[data-testid="turn-countdown"] p[data-seat="none"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('turn-countdown').textContent()).toMatch(/starts once every seat is taken/);
    // Bob sits down on his phone: Alice owes the secret, and her clock starts.
    const bob = await product.phone('en-GB');
    await bob.page.goto(link);
    await sit(bob.page, 'Bob', 1);
    const mine = page.locator('[data-testid="turn-countdown"] p[data-seat="0"]');
    await mine.waitFor({ timeout: 30_000 });
    expect(await mine.textContent()).toMatch(/Your move: \d+ s left/);
    await screenshot(page, 'timers-countdown');
    // She never sets it: the timeout arrives, and the other seat owes a guess on a fresh clock.
    const theirs = page.locator('[data-testid="turn-countdown"] p[data-seat="1"]');
    await theirs.waitFor({ timeout: 30_000 });
    expect(await theirs.textContent()).toMatch(/Bob: \d+ s left|Time is up/);
    await page.waitForFunction(() => document.querySelector('[data-testid="room"]')?.getAttribute('data-seq') !== '0', null, {
      timeout: 30_000,
    });
    await screenshot(page, 'timers-after-timeout');
  }, 120_000);
});
