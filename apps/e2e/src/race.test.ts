import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { MOBILE, NO_SERVICE_WORKER, screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, myTurn, play, readyAll, sit, waitAll } from './support/table';
import { recordTraffic } from './support/traffic';

/** A 390×844 portrait phone with touch, in its own context (its own storage). */
async function tallPhone(product: ReturnType<typeof useProduct>, contexts: BrowserContext[]): Promise<Page> {
  const context = await product.browser.newContext({
    viewport: { width: 390, height: 844 },
    ...MOBILE,
    locale: 'en-GB',
    ...NO_SERVICE_WORKER,
  });
  contexts.push(context);
  return context.newPage();
}

/** The rows of `seat`'s own board, as drawn in full on its phone. */
const ownRows = (page: Page, seat: number): Promise<number> =>
  page.locator(`[data-testid="race-board-${seat}"] [data-testid^="row-"]`).count();

/** Every code drawn anywhere on the page (its rows and the code strip). */
const codesOn = (page: Page): Promise<string[]> =>
  page.locator('[data-code]').evaluateAll((els) => els.map((e) => e.getAttribute('data-code') ?? ''));

/** This phone guesses with the room's hint, row after row, until it has broken the code (or has no row left). */
async function raceToTheEnd(page: Page, seat: number): Promise<number> {
  let rows = await ownRows(page, seat);
  while ((await myTurn(page)) === 'true') {
    // The hint panel starts afresh when the position changes (the last other racer finishing
    // makes this phone's moves its own turn again): then the hint is asked for again.
    const applied = await (async () => {
      await page.getByTestId('hint-button').tap({ timeout: 5_000 });
      const hint = page.getByTestId('hint');
      await hint.waitFor({ timeout: 10_000 });
      const code = await hint.getAttribute('data-code', { timeout: 2_000 });
      await page.getByTestId('hint-apply').tap({ timeout: 2_000 });
      return code !== null && (await page.getByTestId('composer-holes').getAttribute('data-code')) === code;
    })().catch(() => false);
    if (!applied) continue;
    await page.getByTestId('submit').tap();
    await expect.poll(() => ownRows(page, seat), { timeout: 20_000 }).toBe(rows + 1);
    rows++;
    expect(rows).toBeLessThanOrEqual(10);
  }
  return rows;
}

describe('three phones race to break the same code in the browser', () => {
  const product = useProduct();

  it('each phone sees the others’ key pegs arrive and never their colours, to a finish with ranks', async () => {
    const contexts: BrowserContext[] = [];
    const alice = await tallPhone(product, contexts);
    const traffic = [recordTraffic(alice)];
    const link = await createRoom(alice, product.url, 'race', async (p) => {
      await p.getByTestId('option-players').selectOption('3');
      await p.getByTestId('option-hints').tap();
      expect(await p.getByTestId('option-hints').isChecked()).toBe(true);
    });
    await sit(alice, 'Alice', 0);
    const pages: Page[] = [alice];
    for (const [seat, name] of [
      [1, 'Bob'],
      [2, 'Cy'],
    ] as const) {
      const page = await tallPhone(product, contexts);
      traffic.push(recordTraffic(page));
      await page.goto(link);
      await sit(page, name, seat);
      pages.push(page);
    }
    await readyAll(pages);

    // Everyone may guess at once: every phone says "your turn" from the start.
    for (const p of pages) await expect.poll(() => myTurn(p)).toBe('true');
    // Each phone's first guess repeats colours of its own, so none can pass for another's.
    const first = [
      [0, 0, 1, 1],
      [2, 2, 3, 3],
      [4, 4, 5, 5],
    ];
    // The first row anyone plays adds the "last played" line above every composer: it must not push
    // the composer down under a thumb about to tap (it did, and a tap at the old place missed "Submit").
    const submitAt = (p: Page) => p.getByTestId('submit').boundingBox();
    const before = await Promise.all(pages.map(submitAt));
    await play(alice, first[0]!);
    await waitAll(pages, 1);
    expect(await submitAt(pages[1]!)).toEqual(before[1]);
    expect(await submitAt(pages[2]!)).toEqual(before[2]);
    await Promise.all(pages.slice(1).map((p, i) => play(p, first[i + 1]!)));
    await waitAll(pages, 3).catch(async (e: unknown) => {
      for (const [seat, p] of pages.entries()) {
        const seq = await p.getByTestId('room').getAttribute('data-seq');
        const composer = await p
          .getByTestId('composer-holes')
          .getAttribute('data-code', { timeout: 1_000 })
          .catch(() => 'none');
        console.error(`seat ${seat}: seq ${seq}, composer ${composer}\n${traffic[seat]!()}`);
      }
      throw e;
    });
    for (const [seat, p] of pages.entries()) {
      // its own row in full…
      expect(await p.locator(`[data-testid="race-board-${seat}"] [data-testid="row-1"]`).getAttribute('data-code')).toBe(
        first[seat]!.join(','),
      );
      for (const other of [0, 1, 2].filter((s) => s !== seat)) {
        // …the others' as key pegs only, as they arrived
        const board = p.getByTestId(`race-pegs-${other}`);
        expect(await board.getAttribute('data-rows')).toBe('1');
        expect(await board.getByTestId(`race-keys-${other}-1`).count()).toBe(1);
        expect(await board.locator('[data-code]').count()).toBe(0);
        expect(await p.getByTestId(`race-board-${other}`).count()).toBe(0);
      }
      const shown = await codesOn(p);
      for (const other of [0, 1, 2].filter((s) => s !== seat)) expect(shown).not.toContain(first[other]!.join(','));
    }
    await screenshot(alice, 'race-alice-first-rows');

    // Then each phone races on with its hints, all at the same time; the others' pegs keep arriving.
    const rows = await Promise.all(pages.map((p, seat) => raceToTheEnd(p, seat)));
    const total = rows.reduce((a, b) => a + b, 0);
    await waitAll(pages, total);

    // The end: a ranked result on every phone, every board and the code shown.
    for (const [seat, p] of pages.entries()) {
      await p.getByTestId('result').waitFor();
      expect(await p.getByTestId('status').getAttribute('data-turn')).toBe('finished');
      const ranking = p.getByTestId('race-ranking');
      expect(await ranking.locator('li').count()).toBe(3);
      const places = await Promise.all([0, 1, 2].map((s) => p.getByTestId(`race-rank-${s}`).getAttribute('data-place')));
      expect(places.map(Number).sort()).toContain(1);
      for (const s of [0, 1, 2]) expect(await p.getByTestId(`race-board-${s}`).count()).toBe(1);
      expect(await p.getByTestId('race-others').count()).toBe(0);
      const outcome = await p.getByTestId('result').getAttribute('data-outcome');
      expect(outcome).toBe(places[seat] === '1' ? 'win' : 'lose');
    }
    // Once over, the others' colours are public on every phone.
    expect(await codesOn(alice)).toEqual(expect.arrayContaining([first[1]!.join(','), first[2]!.join(',')]));
    await screenshot(alice, 'race-alice-finished');
    await screenshot(pages[2]!, 'race-cy-finished');
    for (const p of pages) expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const c of contexts) await c.close();
  }, 240_000);
});
