import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, expectNoOverflow, onlyTurn, play, sit, waitAll, reviewReplay, pickFamily } from './support/table';

describe('Master Mind 44 in the browser', () => {
  const product = useProduct();

  it('plays rows answered by every other board, until a wrong "Master Mind!" call puts its caller out', async () => {
    const alice = await product.phone('en-GB');
    await alice.page.goto(product.url);
    await pickFamily(alice.page, 'mm44');
    await alice.page.getByTestId('option-seating-4x1').waitFor();
    await screenshot(alice.page, 'mm44-home-options');
    const link = await createRoom(alice.page, product.url, 'mm44', async (page) => {
      await page.getByTestId('option-seating-4x1').check();
    });
    await sit(alice.page, 'Alice', 0);
    const bob = await product.join(link, 'Bob', 1, 'fr-FR');
    const carol = await product.join(link, 'Carol', 2, 'de-DE');
    const dave = await product.join(link, 'Dave', 3);
    const pages: Page[] = [alice.page, bob.page, carol.page, dave.page];
    await alice.page.locator('[data-testid="seat-3"][data-connected="true"]').waitFor();

    // Every phone sees all four boards, its own highlighted, and only its own part.
    for (const [seat, p] of pages.entries()) {
      const part = p.getByTestId(`mm44-part-${seat}`);
      await part.waitFor();
      expect(Number(await part.getAttribute('data-position'))).toBeGreaterThanOrEqual(0);
      for (let b = 0; b < 4; b++) {
        const board = p.getByTestId(`mm44-board-${b}`);
        expect(await board.getAttribute('data-mine')).toBe(b === seat ? 'true' : 'false');
        expect(await board.getByTestId('part').count()).toBe(b === seat ? 1 : 0);
      }
    }

    // Boards take turns: each places a row; the three others answer it.
    const rows: (number | null)[][] = [
      [0, 1, 2, 3, 4],
      [5, 5, null, null, 0],
      [1, 2, 3, 4, 5],
      [null, 0, null, 1, null],
    ];
    for (const [b, code] of rows.entries()) {
      await onlyTurn(pages, pages[b]!);
      for (const p of pages) expect(await p.getByTestId(`mm44-board-${b}`).getAttribute('data-turn')).toBe('true');
      await play(pages[b]!, code);
      await waitAll(pages, b + 1);
    }
    // All rows and answers are public and the same on every phone.
    for (const p of pages) {
      for (let b = 0; b < 4; b++) {
        const row = p.getByTestId(`mm44-board-${b}`).getByTestId('row-1');
        expect(await row.getAttribute('data-code')).toBe(rows[b]!.map((c) => (c === null ? '_' : String(c))).join(','));
      }
    }
    const answers = async (p: Page): Promise<(string | null)[]> => {
      const out: (string | null)[] = [];
      for (let b = 0; b < 4; b++) {
        for (let o = 0; o < 4; o++) {
          if (o === b) continue;
          out.push(await p.getByTestId(`mm44-board-${b}`).getByTestId(`answer-1-${o}`).getAttribute('data-peg'));
        }
      }
      return out;
    };
    const reference = await answers(alice.page);
    expect(reference.every((a) => a === 'black' || a === 'white' || a === 'none')).toBe(true);
    for (const p of pages.slice(1)) expect(await answers(p)).toEqual(reference);

    await onlyTurn(pages, alice.page);
    await screenshot(alice.page, 'mm44-alice-round-1');
    await screenshot(bob.page, 'mm44-bob-round-1');
    await screenshot(carol.page, 'mm44-carol-round-1');
    await screenshot(dave.page, 'mm44-dave-round-1');

    // Carol calls "Master Mind!" although it is not her turn, with five empty holes: with four
    // parts dealt that is surely wrong, so she is out.
    await carol.page.getByTestId('mm44-call').tap();
    await carol.page.getByTestId('mm44-answer').waitFor();
    await carol.page.getByTestId('submit').tap(); // nothing filled yet: refused locally
    await carol.page.getByTestId('composer-problem').waitFor();
    for (let i = 0; i < 5; i++) await carol.page.getByTestId('palette-blank').tap();
    await screenshot(carol.page, 'mm44-carol-answer');
    await carol.page.getByTestId('submit').tap();
    await waitAll(pages, 5);

    for (const p of pages) {
      const call = p.getByTestId('mm44-call-0');
      await call.waitFor();
      expect(await call.getAttribute('data-seat')).toBe('2');
      expect(await call.getAttribute('data-correct')).toBe('false');
      expect(await p.getByTestId('mm44-player-2').getAttribute('data-out')).toBe('true');
      expect(await p.getByTestId('mm44-board-2').getAttribute('data-out')).toBe('true');
    }
    await carol.page.getByTestId('mm44-out-note').waitFor();
    expect(await carol.page.getByTestId('mm44-call').count()).toBe(0);
    expect(await alice.page.getByTestId('mm44-call').count()).toBe(1);

    // Play goes on without Carol's board placing rows (it still answers).
    await onlyTurn(pages, alice.page);
    await play(alice.page, [2, 2, 2, 2, 2]);
    await waitAll(pages, 6);
    await onlyTurn(pages, bob.page);
    await play(bob.page, [3, null, 3, null, 3]);
    await waitAll(pages, 7);
    await onlyTurn(pages, dave.page);
    for (const p of pages) {
      expect(await p.getByTestId('mm44-board-3').getAttribute('data-turn')).toBe('true');
      expect(await p.getByTestId('mm44-board-2').getByTestId('row-2').count()).toBe(0);
      expect(await p.getByTestId('mm44-board-1').getByTestId('answer-2-2').getAttribute('data-peg')).toMatch(
        /^(black|white|none)$/,
      );
    }
    await screenshot(alice.page, 'mm44-alice-after-call');
    await screenshot(bob.page, 'mm44-bob-after-call');
    await screenshot(carol.page, 'mm44-carol-after-call');
    await screenshot(dave.page, 'mm44-dave-after-call');

    await expectNoOverflow(pages);
  });

  it('lets one phone play both of its boards, seeing both of its parts', async () => {
    const alice = await product.phone('en-GB');
    const link = await createRoom(alice.page, product.url, 'mm44', async (page) => {
      await page.getByTestId('option-seating-2x2').check();
    });
    await sit(alice.page, 'Alice', 0);
    const bob = await product.join(link, 'Bob', 1);
    const pages: Page[] = [alice.page, bob.page];

    // Alice holds boards 1 and 3 (indices 0 and 2), Bob boards 2 and 4; each sees both own parts only.
    for (const [seat, p] of pages.entries()) {
      const mine = seat === 0 ? [0, 2] : [1, 3];
      for (let b = 0; b < 4; b++) {
        expect(await p.getByTestId(`mm44-board-${b}`).getAttribute('data-mine')).toBe(mine.includes(b) ? 'true' : 'false');
        expect(await p.getByTestId(`mm44-part-${b}`).count()).toBe(mine.includes(b) ? 1 : 0);
      }
    }

    // Turns go round the boards, so they alternate between the two phones.
    const turns: [Page, number][] = [
      [alice.page, 0],
      [bob.page, 1],
      [alice.page, 2],
      [bob.page, 3],
    ];
    for (const [i, [p, board]] of turns.entries()) {
      await onlyTurn(pages, p);
      expect(await p.getByTestId('mm44-turn').getAttribute('data-board')).toBe(String(board));
      await play(p, [i, i, null, null, i]);
      await waitAll(pages, i + 1);
      if (i === 1) {
        await screenshot(alice.page, 'mm44-2x2-alice');
      }
    }
    for (const p of pages) {
      for (let b = 0; b < 4; b++) {
        const answers = p.getByTestId(`mm44-board-${b}`).locator('[data-testid^="answer-1-"]');
        expect(await answers.count()).toBe(3);
      }
    }
    await screenshot(bob.page, 'mm44-2x2-bob');
    await expectNoOverflow(pages);
  });

  it('gives each player still in a last call or pass once every board is full, then reveals the code', async () => {
    const alice = await product.phone('en-GB');
    const link = await createRoom(alice.page, product.url, 'mm44', async (page) => {
      await page.getByTestId('option-seating-2x1').check();
      await page.getByTestId('option-rows').selectOption('4');
    });
    await sit(alice.page, 'Alice', 0);
    const bob = await product.join(link, 'Bob', 1, 'fr-FR');
    const pages: Page[] = [alice.page, bob.page];

    // 4 rows on each of the 2 boards, alternating.
    for (let i = 0; i < 8; i++) {
      const p = pages[i % 2]!;
      await onlyTurn(pages, p);
      await play(p, [i % 6, null, (i + 1) % 6, null, null]);
      await waitAll(pages, i + 1);
    }
    for (const p of pages) {
      expect(await p.getByTestId('status').getAttribute('data-phase')).toBe('finalCalls');
      expect(await p.getByTestId('mm44-board-0').getAttribute('data-full')).toBe('true');
    }

    // Final calls in seat order: Alice passes, then Bob calls (five empty holes: surely wrong with two parts).
    await onlyTurn(pages, alice.page);
    expect(await bob.page.getByTestId('mm44-call').count()).toBe(0);
    expect(await alice.page.getByTestId('my-move').getAttribute('data-move')).toBe('call');
    await screenshot(alice.page, 'mm44-final-call-alice');
    await alice.page.getByTestId('mm44-pass').tap();
    await waitAll(pages, 9);
    await onlyTurn(pages, bob.page);
    await bob.page.getByTestId('mm44-call').tap();
    await bob.page.getByTestId('mm44-answer').waitFor();
    for (let i = 0; i < 5; i++) await bob.page.getByTestId('palette-blank').tap();
    await bob.page.getByTestId('submit').tap();
    await waitAll(pages, 10);

    // Nobody found it: a draw; the code and every part are revealed to both.
    for (const p of pages) {
      await p.getByTestId('result').waitFor();
      expect(await p.getByTestId('result').getAttribute('data-outcome')).toBe('draw');
      expect(await p.getByTestId('mm44-reveal').getAttribute('data-code')).toMatch(/^([0-5_],){4}[0-5_]$/);
      for (let b = 0; b < 2; b++) expect(await p.getByTestId(`mm44-board-${b}`).getByTestId('part').count()).toBe(1);
      expect(await p.getByTestId('mm44-call-0').getAttribute('data-correct')).toBe('false');
    }
    await screenshot(alice.page, 'mm44-final-alice');
    await screenshot(bob.page, 'mm44-final-bob');
    await reviewReplay(bob.page, 'mm44');
    await expectNoOverflow(pages);
  });
});
