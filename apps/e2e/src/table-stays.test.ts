import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { MOBILE, NO_SERVICE_WORKER, screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, play, sit, waitAll } from './support/table';

describe('a weekly table of friends stays at one link from one game to the next', () => {
  const product = useProduct();

  it('plays a duel on two phones with a laptop watching, then a rotation for three on the same link', async () => {
    const contexts: BrowserContext[] = [];
    const open = async (options: Parameters<typeof product.browser.newContext>[0]): Promise<Page> => {
      const context = await product.browser.newContext({ ...NO_SERVICE_WORKER, ...options });
      contexts.push(context);
      return context.newPage();
    };
    try {
      const phone = { viewport: { width: 390, height: 844 }, ...MOBILE };
      const ann = await open({ ...phone, locale: 'en-GB' });
      const bob = await open({ ...phone, locale: 'fr-FR', colorScheme: 'dark' });
      const cy = await open({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });

      // Ann makes a duel and sits; Bob sits through the link; Cy opens it on the laptop and watches.
      const link = await createRoom(ann, product.url, 'duel', undefined, 'Ann');
      await bob.goto(link);
      await sit(bob, 'Bob', 1);
      await cy.goto(link);
      await cy.getByTestId('table-full').waitFor();
      const everyone = [ann, bob, cy];

      // The shortest duel: each breaks the other's code at the first row.
      await ann.locator('[data-testid="seat-1"][data-connected="true"]').waitFor();
      await play(ann, [0, 1, 2, 3]);
      await waitAll(everyone, 1);
      await play(bob, [0, 1, 2, 3]);
      await waitAll(everyone, 2);
      await play(bob, [5, 4, 3, 2]);
      await waitAll(everyone, 3);
      await play(ann, [5, 4, 3, 2]);
      await waitAll(everyone, 4);
      for (const p of everyone) await p.getByTestId('result').waitFor();
      // The running score of the table shows on every screen.
      for (const p of everyone)
        await expect.poll(() => p.getByTestId('table-score-line').innerText()).toMatch(/^Ann\s+\d – \d\s+Bob$/);

      // Ann picks another game: the picker of the presets, on her phone, in the light and in the dark.
      await ann.getByTestId('another-open').tap();
      await ann.getByTestId('another-picker').waitFor();
      await ann.getByTestId('preset-rotation-3').tap();
      expect(await ann.getByTestId('preset-rotation-3').getAttribute('aria-checked')).toBe('true');
      expect(await axeViolations(ann), 'light').toEqual([]);
      expect(await ann.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await ann.emulateMedia({ colorScheme: 'dark' });
      expect(await axeViolations(ann), 'dark').toEqual([]);
      await screenshot(ann, 'table-stays-another-picker-dark');
      await ann.getByTestId('another-start').tap();

      // Every screen moves to the rotation on the same link: Ann and Bob keep seats A and B, seat C is free.
      for (const p of everyone) {
        await expect.poll(() => p.getByTestId('room').getAttribute('data-match')).toBe('2');
        await p.getByTestId('rotation-codemaker').waitFor();
        expect(p.url()).toBe(link);
      }
      expect(await ann.getByTestId('room').getAttribute('data-seat')).toBe('0');
      expect(await bob.getByTestId('room').getAttribute('data-seat')).toBe('1');
      expect(await cy.getByTestId('room').getAttribute('data-seat')).toBe('none');

      // Cy takes the free seat from the laptop; all three sit at the rotation's board.
      // (a laptop has no touch: a click, where the phones tap)
      await cy.getByTestId('seat-name-input').fill('Cy');
      await cy.getByTestId('seat-claim-2').click();
      await cy.locator('[data-testid="seat-2"][data-you="true"]').waitFor();
      await ann.locator('[data-testid="seat-2"][data-connected="true"]').waitFor();
      await bob.locator('[data-testid="seat-2"][data-connected="true"]').waitFor();
      for (const p of everyone) expect(await p.getByTestId('rotation-codemaker').getAttribute('data-seat')).toBe('0');
      expect(await axeViolations(bob)).toEqual([]);
      await screenshot(bob, 'table-stays-rotation-bob-dark');

      // Cy's reaction reaches both phones under seat C.
      await cy.getByTestId('react-clap').click();
      for (const p of [ann, bob]) await p.locator('[data-testid="reaction-bubble"][data-from="2"][data-preset="clap"]').waitFor();
      await screenshot(cy, 'table-stays-rotation-cy-laptop');
    } finally {
      for (const c of contexts) await c.close().catch(() => undefined);
    }
  });
});
