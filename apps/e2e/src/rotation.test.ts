import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, expectNoOverflow, onlyTurn, play, sit, waitAll, reviewReplay, pickFamily } from './support/table';

describe('three phones play a rotation in the browser', () => {
  const product = useProduct();

  it('plays round 1 on one shared board, scoring every row, reveals the secret with the codemaker points, and ranks the seats at the end', async () => {
    // Alice creates a 3-player rotation (the default) and sits at seat A.
    const alice = await product.phone('en-GB');
    await alice.page.goto(product.url);
    await pickFamily(alice.page, 'rotation');
    await alice.page.getByTestId('option-players-3').waitFor();
    await screenshot(alice.page, 'rotation-home-options');
    const link = await createRoom(alice.page, product.url, 'rotation', async (page) => {
      await page.getByTestId('option-players-3').check();
      expect(await page.getByTestId('option-guesses').inputValue()).toBe('12');
    });
    await sit(alice.page, 'Alice', 0);

    // Bob (French) and Carol (German) open the link and take seats B and C.
    const bob = await product.join(link, 'Bob', 1, 'fr-FR');
    const carol = await product.join(link, 'Carol', 2, 'de-DE');
    const pages: Page[] = [alice.page, bob.page, carol.page];
    await alice.page.locator('[data-testid="seat-2"][data-connected="true"]').waitFor();

    // Round 1: Alice makes the code; only her phone says "your turn".
    await onlyTurn(pages, alice.page);
    for (const p of pages) {
      expect(await p.getByTestId('round-number').getAttribute('data-round')).toBe('1');
      expect(await p.getByTestId('rotation-codemaker').getAttribute('data-seat')).toBe('0');
    }
    await play(alice.page, [0, 1, 2, 3]);
    await waitAll(pages, 1);
    expect(await alice.page.getByTestId('my-secret').getAttribute('data-code')).toBe('0,1,2,3');
    for (const p of [bob.page, carol.page]) expect(await p.getByTestId('my-secret').count()).toBe(0);

    // The codebreakers take rows in turn from the seat after the codemaker: Bob, Carol, Bob.
    await onlyTurn(pages, bob.page);
    await play(bob.page, [3, 2, 1, 0]); // 0 black, 4 white: 4 points
    await waitAll(pages, 2);
    await onlyTurn(pages, carol.page);
    await play(carol.page, [0, 1, 2, 4]); // 3 black: 6 points
    await waitAll(pages, 3);

    // Every phone sees every row: who placed it, its key pegs and its points.
    for (const p of pages) {
      const row1 = p.getByTestId('row-1');
      expect(await row1.getAttribute('data-seat')).toBe('1');
      expect(await row1.getAttribute('data-points')).toBe('4');
      expect(await p.getByTestId('keys-1').getAttribute('data-white')).toBe('4');
      const row2 = p.getByTestId('row-2');
      expect(await row2.getAttribute('data-seat')).toBe('2');
      expect(await row2.getAttribute('data-latest')).toBe('true');
      expect(await p.getByTestId('keys-2').getAttribute('data-black')).toBe('3');
      expect(await p.getByTestId('rotation-scoreboard').getAttribute('data-scores')).toBe('0,4,6');
    }
    await onlyTurn(pages, bob.page);
    await screenshot(alice.page, 'rotation-alice-mid-round');
    await screenshot(bob.page, 'rotation-bob-mid-round');
    await screenshot(carol.page, 'rotation-carol-mid-round');

    // Bob breaks the code on row 3: 10 points; Alice, the codemaker, scores 7 (row 3, 3 players).
    await play(bob.page, [0, 1, 2, 3]);
    await waitAll(pages, 4);
    for (const p of pages) {
      const summary = p.getByTestId('round-summary');
      await summary.waitFor();
      expect(await summary.getAttribute('data-outcome')).toBe('broken');
      expect(await p.getByTestId('round-secret').getAttribute('data-code')).toBe('0,1,2,3');
      expect(await p.getByTestId('codemaker-points').getAttribute('data-points')).toBe('7');
      expect(await p.getByTestId('rotation-scoreboard').getAttribute('data-scores')).toBe('7,14,6');
      // round 2 has begun: Bob makes the code
      expect(await p.getByTestId('round-number').getAttribute('data-round')).toBe('2');
      expect(await p.getByTestId('rotation-codemaker').getAttribute('data-seat')).toBe('1');
      await p.getByTestId('earlier-round-0').waitFor();
    }
    await onlyTurn(pages, bob.page);
    expect(await bob.page.getByTestId('my-move').getAttribute('data-move')).toBe('secret');
    await screenshot(alice.page, 'rotation-alice-round-over');
    await screenshot(bob.page, 'rotation-bob-round-over');
    await screenshot(carol.page, 'rotation-carol-round-over');

    await expectNoOverflow(pages);

    // Rounds 2 and 3 are broken on row 1 (codemakers score 5); the final ranking follows.
    await play(bob.page, [5, 4, 3, 2]);
    await waitAll(pages, 5);
    await onlyTurn(pages, carol.page);
    await play(carol.page, [5, 4, 3, 2]); // +10, Bob +5
    await waitAll(pages, 6);
    await onlyTurn(pages, carol.page);
    await play(carol.page, [1, 2, 3, 4]);
    await waitAll(pages, 7);
    await onlyTurn(pages, alice.page);
    await play(alice.page, [1, 2, 3, 4]); // +10, Carol +5
    await waitAll(pages, 8);
    // totals: Alice 7 + 10 = 17, Bob 14 + 5 = 19, Carol 6 + 10 + 5 = 21
    for (const p of pages) {
      await p.getByTestId('result').waitFor();
      expect(await p.getByTestId('rotation-scoreboard').getAttribute('data-scores')).toBe('17,19,21');
      expect(await p.getByTestId('rank-2').getAttribute('data-rank')).toBe('1');
      expect(await p.getByTestId('rank-1').getAttribute('data-rank')).toBe('2');
      expect(await p.getByTestId('rank-0').getAttribute('data-rank')).toBe('3');
    }
    expect(await carol.page.getByTestId('result').getAttribute('data-outcome')).toBe('win');
    // with three players, not winning is a place (in neutral colours), not "You lose."
    expect(await alice.page.getByTestId('result').getAttribute('data-outcome')).toBe('decided');
    expect(await alice.page.getByTestId('result').textContent()).toContain('3rd of 3');
    await screenshot(alice.page, 'rotation-alice-final');
    await screenshot(carol.page, 'rotation-carol-final');
    await reviewReplay(carol.page, 'rotation');
    await expectNoOverflow(pages);
  });
});
