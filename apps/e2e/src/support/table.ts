import { expect } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { phone, screenshot } from './browser';

/** Helpers for browser tests where several phones sit at one table. */

export interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
}

/** On the home page: opens "More options" (where every family and option is) and picks `family`. */
export async function pickFamily(page: Page, family: string): Promise<void> {
  const more = page.getByTestId('more-options');
  await more.waitFor();
  if ((await more.getAttribute('open')) === null) await page.getByTestId('more-options-toggle').tap();
  await page.getByTestId(`family-${family}`).tap();
}

/**
 * Opens the home page, picks `family` under "More options", lets `configure` set options, and
 * creates the room: as `creator`, seated in seat A by the same request, or, without one, as its
 * host only (so the creator arrives watching, and sits down with `sit`); returns its link.
 */
export async function createRoom(
  page: Page,
  baseUrl: string,
  family: string,
  configure?: (page: Page) => Promise<void>,
  creator?: string,
): Promise<string> {
  await page.goto(baseUrl);
  if (creator === undefined) await page.getByTestId('host-only').check();
  else await page.getByTestId('creator-name').fill(creator);
  await pickFamily(page, family);
  await configure?.(page);
  await page.getByTestId('create-room').tap();
  await page.waitForURL(/\/r\/[A-Za-z0-9_-]{16}$/);
  if (creator !== undefined) await page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toContain('/r/');
  return link.trim();
}

/** A new phone (own context, own storage) that opens `link` and takes `seat` as `name`. */
export async function join(browser: Browser, link: string, name: string, seat: number, locale = 'en-GB'): Promise<Player> {
  const { context, page } = await phone(browser, locale);
  await page.goto(link);
  await sit(page, name, seat);
  return { name, context, page };
}

/** Takes `seat` on a page already in the room. */
export async function sit(page: Page, name: string, seat: number): Promise<void> {
  await page.getByTestId('seat-name-input').fill(name);
  await page.getByTestId(`seat-claim-${seat}`).tap();
  await page.locator(`[data-testid="seat-${seat}"][data-you="true"]`).waitFor();
}

/**
 * A simultaneous start (race, Parker): each seated page taps "ready", and every page of `everyone`
 * sees the match open after the countdown.
 */
export async function readyAll(seated: readonly Page[], everyone: readonly Page[] = seated): Promise<void> {
  for (const p of seated) {
    await p.getByTestId('ready-toggle').tap();
    await p.locator('[data-testid="ready-toggle"][aria-pressed="true"]').or(p.getByTestId('start-countdown')).first().waitFor();
  }
  for (const p of everyone) await p.getByTestId('start-card').waitFor({ state: 'detached', timeout: 20_000 });
}

/** Taps a code into the open composer (a colour index, or null for the blank) and submits it. */
export async function play(page: Page, code: readonly (number | null)[]): Promise<void> {
  for (const c of code) await page.getByTestId(c === null ? 'palette-blank' : `palette-${c}`).tap();
  await page.getByTestId('submit').tap();
}

/** Waits until the page has seen at least `n` accepted actions. */
export async function waitSeq(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (want) => Number(document.querySelector('[data-testid="room"]')?.getAttribute('data-seq')) >= want,
    n,
  );
}

/** Waits until every page has seen `n` actions. */
export const waitAll = (pages: readonly Page[], n: number): Promise<void[]> => Promise.all(pages.map((p) => waitSeq(p, n)));

/** Whether the status line of the page says it is this phone's turn. */
export const myTurn = (page: Page): Promise<string | null> => page.getByTestId('status').getAttribute('data-my-turn');

/** Asserts that exactly `turn` among `pages` shows "your turn". */
export async function onlyTurn(pages: readonly Page[], turn: Page): Promise<void> {
  for (const p of pages) await expect.poll(() => myTurn(p)).toBe(p === turn ? 'true' : 'false');
}

/** No horizontal scrolling on a 360-px phone. */
export async function expectNoOverflow(pages: readonly Page[]): Promise<void> {
  for (const p of pages) expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

/**
 * From a finished match's room: opens its replay, checks the secrets verify against what
 * this phone saw live, steps back to the middle move and saves a screenshot of it.
 */
export async function reviewReplay(page: Page, name: string): Promise<void> {
  await page.getByTestId('replay-link').tap();
  const replay = page.getByTestId('replay');
  await replay.waitFor();
  await expect.poll(() => page.getByTestId('verify').getAttribute('data-state')).toBe('verified');
  const steps = Number(await replay.getAttribute('data-steps'));
  expect(steps).toBeGreaterThan(1);
  await page.getByTestId('replay-first').tap();
  for (let i = 0; i < Math.floor(steps / 2); i++) await page.getByTestId('replay-next').tap();
  expect(Number(await replay.getAttribute('data-step'))).toBe(Math.floor(steps / 2));
  await screenshot(page, `${name}-replay-middle`);
}
