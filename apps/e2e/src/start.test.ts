import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { MOBILE, NO_SERVICE_WORKER, screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, play, sit, waitAll } from './support/table';

describe('a race starts for everyone at once, after ready and a countdown', () => {
  const product = useProduct();

  it('waits for both phones to say ready, counts 3-2-1 on both, then lets both play', async () => {
    const contexts: BrowserContext[] = [];
    const tallPhone = async (locale: string): Promise<Page> => {
      const context = await product.browser.newContext({
        viewport: { width: 390, height: 844 },
        ...MOBILE,
        locale,
        ...NO_SERVICE_WORKER,
      });
      contexts.push(context);
      return context.newPage();
    };
    const alice = await tallPhone('en-GB');
    const link = await createRoom(alice, product.url, 'race', (p) =>
      p
        .getByTestId('option-players')
        .selectOption('2')
        .then(() => undefined),
    );
    await sit(alice, 'Alice', 0);
    const bob = await tallPhone('fr-FR');
    await bob.emulateMedia({ colorScheme: 'dark' });
    await bob.goto(link);
    await sit(bob, 'Bob', 1);
    const pages = [alice, bob];

    // Nobody is ready, and nothing can be played yet.
    for (const p of pages) {
      await p.getByTestId('start-card').waitFor();
      expect(await p.locator('[data-testid="start-seat"][data-ready="true"]').count()).toBe(0);
      expect(await p.getByTestId('submit').isDisabled()).toBe(true);
      expect(await p.getByTestId('status').getAttribute('data-my-turn')).toBe('false');
    }
    await alice.getByTestId('ready-toggle').tap();
    await bob.locator('[data-testid="start-seat"][data-seat="0"][data-ready="true"]').waitFor();
    // Alice's own page hears of her ready by its own update, which may come after Bob's.
    await alice.locator('[data-testid="ready-toggle"][aria-pressed="true"]').waitFor();
    await screenshot(bob, 'start-waiting-dark');
    expect(await axeViolations(alice), 'light, waiting').toEqual([]);
    expect(await axeViolations(bob), 'dark, waiting').toEqual([]);

    await bob.getByTestId('ready-toggle').tap();
    // Both phones count down the same three seconds.
    await Promise.all(pages.map((p) => p.locator('[data-testid="start-countdown"]').waitFor()));
    const left = await Promise.all(
      pages.map((p) =>
        p
          .getByTestId('start-countdown')
          .getAttribute('data-left')
          .catch(() => '0'),
      ),
    );
    for (const n of left) expect(Number(n)).toBeLessThanOrEqual(3);
    await screenshot(alice, 'start-countdown');

    // Then the match is open on both at once, and both play.
    for (const p of pages) await p.getByTestId('start-card').waitFor({ state: 'detached', timeout: 20_000 });
    for (const p of pages) expect(await p.getByTestId('start-countdown').count()).toBe(0);
    await play(alice, [0, 0, 1, 1]);
    await play(bob, [2, 2, 3, 3]);
    await waitAll(pages, 2);
    expect(await axeViolations(bob), 'dark, playing').toEqual([]);
    for (const c of contexts) await c.close();
  });
});
