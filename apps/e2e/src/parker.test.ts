import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import {
  createRoom,
  expectNoOverflow,
  myTurn,
  onlyTurn,
  play,
  sit,
  waitAll,
  reviewReplay,
  pickFamily,
  readyAll,
} from './support/table';

describe('two phones play a Parker 1974 game in the browser', () => {
  const product = useProduct();

  it('sets both secrets at once, alternates guesses, and ends the game after the move that broke a code', async () => {
    const alice = await product.phone('en-GB');
    await alice.page.goto(product.url);
    await pickFamily(alice.page, 'parker');
    await alice.page.getByTestId('option-games-1').waitFor();
    await screenshot(alice.page, 'parker-home-options');
    const link = await createRoom(alice.page, product.url, 'parker');
    await sit(alice.page, 'Alice', 0);
    const bob = await product.join(link, 'Bob', 1, 'de-DE');
    // Bob's phone is dark from here on (his card is checked in it at the end, its theme settled long before).
    await bob.page.emulateMedia({ colorScheme: 'dark' });
    const pages: Page[] = [alice.page, bob.page];
    await readyAll(pages);

    // Both set a secret at the same time: both phones say "your turn".
    for (const p of pages) await expect.poll(() => myTurn(p)).toBe('true');
    await play(bob.page, [3, 4, 5]);
    await waitAll(pages, 1);
    await onlyTurn(pages, alice.page);
    expect(await bob.page.getByTestId('my-secret').getAttribute('data-code')).toBe('3,4,5');
    expect(await alice.page.getByTestId('my-secret').count()).toBe(0);
    await play(alice.page, [0, 1, 2]);
    await waitAll(pages, 2);

    // Move 1: Alice guesses Bob's code, then Bob guesses Alice's.
    await onlyTurn(pages, alice.page);
    for (const p of pages) expect(await p.getByTestId('move-number').getAttribute('data-move')).toBe('1');
    await play(alice.page, [0, 0, 0]);
    await waitAll(pages, 3);
    await onlyTurn(pages, bob.page);
    await play(bob.page, [0, 1, 3]); // 2 black
    await waitAll(pages, 4);

    // Each phone: its own board (its guesses) and the opponent's (their guesses at its code, with the scores).
    const own = (p: Page) => p.getByTestId('parker-own-board');
    const opp = (p: Page) => p.getByTestId('parker-opponent-board');
    expect(await own(alice.page).getByTestId('row-1').getAttribute('data-code')).toBe('0,0,0');
    expect(await opp(alice.page).getByTestId('row-1').getAttribute('data-code')).toBe('0,1,3');
    expect(await opp(alice.page).getByTestId('keys-1').getAttribute('data-black')).toBe('2');
    expect(await own(bob.page).getByTestId('keys-1').getAttribute('data-black')).toBe('2');
    expect(await opp(bob.page).getByTestId('keys-1').getAttribute('data-black')).toBe('0');
    for (const p of pages) expect(await p.getByTestId('move-number').getAttribute('data-move')).toBe('2');
    await onlyTurn(pages, alice.page);
    await screenshot(alice.page, 'parker-alice-move-2');
    await screenshot(bob.page, 'parker-bob-move-2');

    // Move 2: Alice breaks Bob's code; Bob still gets his guess of move 2, misses, and Alice wins.
    await play(alice.page, [3, 4, 5]);
    await waitAll(pages, 5);
    await onlyTurn(pages, bob.page);
    await play(bob.page, [0, 1, 1]);
    await waitAll(pages, 6);

    await alice.page.getByTestId('result').waitFor();
    expect(await alice.page.getByTestId('result').getAttribute('data-outcome')).toBe('win');
    expect(await bob.page.getByTestId('result').getAttribute('data-outcome')).toBe('lose');
    for (const p of pages) {
      expect(await p.getByTestId('status').getAttribute('data-turn')).toBe('finished');
      expect(await p.getByTestId('game-result').textContent()).toMatch(/Alice/);
      // both secrets are revealed at the end
      expect(await own(p).getByTestId('secret-reveal').count()).toBe(1);
    }
    expect(await own(alice.page).getByTestId('secret-reveal').getAttribute('data-code')).toBe('3,4,5');
    expect(await own(bob.page).getByTestId('secret-reveal').getAttribute('data-code')).toBe('0,1,2');
    await screenshot(alice.page, 'parker-alice-game-over');
    await screenshot(bob.page, 'parker-bob-game-over');

    // Tapping the opponent's name opens their card: the head-to-head of this one match, 1–0 for
    // Alice (English), 0–1 for Bob (German, dark), with the opponent's rating; accessible.
    const recordOf = async (p: Page): Promise<(string | null)[]> => {
      const record = p.getByTestId('player-card-record');
      await record.waitFor();
      return Promise.all(['won', 'lost', 'drawn'].map((k) => record.getAttribute(`data-${k}`)));
    };
    await alice.page.getByTestId('seat-name-1').tap();
    expect(await recordOf(alice.page)).toEqual(['1', '0', '0']);
    expect(await alice.page.getByTestId('player-card-last').textContent()).toContain('won');
    expect(await axeViolations(alice.page), 'card, light').toEqual([]);
    await bob.page.getByTestId('seat-name-0').tap();
    expect(await recordOf(bob.page)).toEqual(['0', '1', '0']);
    expect(await bob.page.getByTestId('player-card').textContent()).toContain('Du gegen diese Person');
    expect(await bob.page.getByTestId('player-card-ratings').locator('li').count()).toBe(1);
    expect(await axeViolations(bob.page), 'card, dark, German').toEqual([]);
    await screenshot(bob.page, 'parker-bob-card-dark-de');
    for (const p of pages) {
      await p.getByTestId('player-card-close').tap();
      await p.getByTestId('player-card').waitFor({ state: 'detached' });
    }
    await reviewReplay(bob.page, 'parker');

    await expectNoOverflow(pages);
  });
});
