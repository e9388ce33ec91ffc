import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { dailyCode } from '@mm/server/daily/derive';
import { axeViolations } from './support/axe';
import { MOBILE, NO_SERVICE_WORKER, screenshot } from './support/browser';
import { useProduct } from './support/product';
import { SHARED_PRODUCT_ENV } from './support/shared-env';
import { createRoom, play, sit } from './support/table';

/** The Code of the day in the browser: played to a win and to a loss, shared, charted, checked. */

const SECRET = SHARED_PRODUCT_ENV.DAILY_SECRET;

describe('the Code of the day on a phone', () => {
  const product = useProduct({ DAILY_SECRET: SECRET });
  const contexts: BrowserContext[] = [];

  /** A 390×844 phone in UTC (its puzzle number follows its own date), whose share button copies. */
  async function tallPhone(colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
    const context = await product.browser.newContext({
      viewport: { width: 390, height: 844 },
      ...MOBILE,
      locale: 'en-GB',
      timezoneId: 'UTC',
      colorScheme,
      permissions: ['clipboard-read', 'clipboard-write'],
      ...NO_SERVICE_WORKER,
    });
    // no system share sheet: the share button falls back to the clipboard, which the test reads
    await context.addInitScript(() => Object.defineProperty(Navigator.prototype, 'share', { value: undefined }));
    contexts.push(context);
    return context.newPage();
  }

  /** Opens /daily from the home page's link (one tap) and answers today's puzzle number and code. */
  async function openDaily(page: Page): Promise<{ n: number; code: number[] }> {
    await page.goto(product.url);
    await page.getByTestId('daily-link').tap();
    await page.waitForURL(/\/daily$/);
    await page.getByTestId('daily-start').waitFor();
    const n = Number(await page.getByTestId('daily').getAttribute('data-n'));
    expect(await page.getByTestId('daily-link').count()).toBe(0);
    expect(await page.getByTestId('daily-title').textContent()).toContain(`#${n}`);
    return { n, code: dailyCode(SECRET, n) };
  }

  /** Plays a guess and waits until the board shows it. */
  async function guess(page: Page, code: readonly number[], row: number): Promise<void> {
    await play(page, code);
    await page.locator(`[data-testid="race-board-0"] [data-testid="row-${row}"]`).waitFor();
  }

  const shareText = (page: Page): Promise<string | null> => page.getByTestId('share-result').getAttribute('data-text');

  it('plays to a win: the share text, the solver, the day’s results and the statistics charts, axe clean in both themes, in FR and DE', async () => {
    const page = await tallPhone();
    const { n, code } = await openDaily(page);
    // a wrong first guess (every colour moved one on), then the code
    const wrong = code.map((c) => (c + 1) % 6);
    await guess(page, wrong, 1);
    expect(await page.getByTestId('daily').getAttribute('data-state')).toBe('playing');
    await guess(page, code, 2);

    await page.locator('[data-testid="daily"][data-state="finished"]').waitFor();
    await page.locator('[data-testid="daily-result"][data-won="true"]').waitFor();
    // the daily's own end: no "match over", no "You win!", no ranking of one player
    expect(await page.getByTestId('race-ranking').count()).toBe(0);
    expect(await page.getByTestId('daily').textContent()).not.toMatch(/The match is over|You win/);
    expect(await page.getByTestId('secret-reveal').getAttribute('data-code')).toBe(code.join(','));
    const text = await shareText(page);
    const lines = text!.split('\n');
    expect(lines[0]).toBe(`Mastermind daily #${n} 2/10`);
    expect(lines[3]).toBe('⚫⚫⚫⚫');
    expect(lines.at(-1)).toBe(new URL('/daily', product.url).href);
    expect(text).not.toMatch(/[0-5],[0-5]/);
    await page.getByTestId('share-result').tap();
    await page.getByTestId('share-feedback').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

    // the solver's verdict of each row
    await page.locator('[data-testid="daily-verdicts"][data-state="ready"]').waitFor();
    expect(await page.locator('[data-testid^="daily-verdict-"]').count()).toBe(2);
    // the day's results (this attempt counted, its bar marked) and the statistics
    const day = page.getByTestId('daily-day-chart');
    await day.waitFor();
    expect(Number(await page.getByTestId('daily-day-played').getAttribute('data-played'))).toBeGreaterThanOrEqual(1);
    expect(await page.getByTestId('daily-day-chart-bar-2').getAttribute('data-marked')).toBe('true');
    expect(await page.getByTestId('daily-stats-chart').getAttribute('data-values')).toBe('0,1,0,0,0,0,0,0,0,0,0');
    expect(await page.getByTestId('daily-stat-played').getAttribute('data-value')).toBe('1');
    expect(await page.getByTestId('daily-stat-win').getAttribute('data-value')).toBe('100');
    expect(await page.getByTestId('daily-stat-current').getAttribute('data-value')).toBe('1');
    expect(await page.locator('[data-testid="daily-stats-chart"] svg[role="img"]').getAttribute('aria-label')).toMatch(
      /2 rows 1/,
    );
    await page.getByTestId('daily-friends').waitFor();
    // the daily reminder: off until the player picks an hour (24 of them, in their own time)
    const reminder = page.getByTestId('daily-reminder-hour');
    await expect.poll(() => reminder.isEnabled()).toBe(true);
    expect(await reminder.inputValue()).toBe('');
    expect(await reminder.locator('option').count()).toBe(25);
    await screenshot(page, 'daily-won');

    // accessible in both themes
    expect(await page.locator('h1').count()).toBe(1);
    expect(await axeViolations(page), 'light').toEqual([]);
    // dark from the start (a switch in place would be judged mid-transition): the finished attempt opens again
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await page.locator('[data-testid="daily-verdicts"][data-state="ready"]').waitFor();
    await page.getByTestId('daily-stats-chart').waitFor();
    expect(await axeViolations(page), 'dark').toEqual([]);
    await screenshot(page, 'daily-won-dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // in French and German
    await page.getByTestId('lang-select').selectOption('fr');
    await expect.poll(() => page.getByTestId('daily-title').textContent()).toBe(`Code du jour n° ${n}`);
    expect(await page.getByTestId('daily-stats').textContent()).toContain('Série en cours');
    await page.getByTestId('lang-select').selectOption('de');
    await expect.poll(() => page.getByTestId('daily-title').textContent()).toBe(`Code des Tages Nr. ${n}`);
    expect(await page.getByTestId('daily-stats').textContent()).toContain('Längste Serie');
    await page.getByTestId('lang-select').selectOption('en');

    // the attempt is a match of the player's history: its replay checks the day's commitment
    // (pending: the code of a day still playable somewhere is not revealed yet)
    await page.getByTestId('daily-replay').tap();
    await page.getByTestId('replay').waitFor();
    const check = page.getByTestId('daily-verify');
    await check.waitFor();
    expect(await check.getAttribute('data-n')).toBe(String(n));
    await expect.poll(() => check.getAttribute('data-state')).toBe('pending');

    // coming back, the attempt is the same one, ended
    await page.goto(`${product.url}/daily`);
    await page.locator('[data-testid="daily"][data-state="finished"]').waitFor();
    expect(await shareText(page)).toBe(text);

    // the history and the statistics name it as the Code of the day, never as a race
    await page.goto(`${product.url}/history`);
    const item = page.locator(`[data-testid="history-item"][data-daily="${n}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain(`Code of the day #${n}`);
    await page.goto(`${product.url}/me`);
    await page.getByTestId('me-stats-daily').waitFor();
    expect(await page.getByTestId('me-stats-daily-played').textContent()).toBe('1');
    expect(await page.locator('[data-testid="me-stats-family"][data-family="race"]').count()).toBe(0);
    // the home page's link says today's is played, with the streak it makes
    await page.goto(product.url);
    const daily = page.locator('[data-testid="daily-link"][data-today="done"][data-streak="1"]');
    await daily.waitFor();
    expect(await daily.getByTestId('daily-link-state').textContent()).toBe(' (played · Streak: 1)');
    expect(await axeViolations(page)).toEqual([]);
  });

  /** Two colours today's code does not hold (four holes of six colours: at least two are absent). */
  function absentColours(code: readonly number[]): [number, number] {
    const absent = [0, 1, 2, 3, 4, 5].filter((c) => !code.includes(c));
    return [absent[0]!, absent[1]!];
  }

  it('refuses a hard-mode guess that contradicts an earlier row, and marks the hard attempt with a star', async () => {
    const page = await tallPhone('dark');
    const { n, code } = await openDaily(page);
    await page.getByTestId('daily-hard').check();
    const [a, b] = absentColours(code);
    const nothing = [a, a, b, b];
    await guess(page, nothing, 1);
    expect(await page.getByTestId('daily').getAttribute('data-hard')).toBe('true');
    await page.getByTestId('daily-hard-badge').waitFor();

    // the same guess again cannot be the code (it would have scored four black): refused, no row used
    await play(page, nothing);
    const refusal = page.getByTestId('action-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain('Hard mode');
    expect(await page.locator('[data-testid="race-board-0"] [data-testid^="row-"]').count()).toBe(1);

    // the code itself fits every answer
    await page.getByTestId('clear-code').tap();
    await guess(page, code, 2);
    await page.locator('[data-testid="daily-result"][data-won="true"]').waitFor();
    expect((await shareText(page))!.split('\n')[0]).toBe(`Mastermind daily #${n} 2/10*`);
    await screenshot(page, 'daily-hard-dark');
    expect(await axeViolations(page), 'dark, hard').toEqual([]);
  });

  it('plays to a loss: X/10, the lost bar marked on the day’s results and in the statistics', async () => {
    const page = await tallPhone();
    const { n, code } = await openDaily(page);
    const [a, b] = absentColours(code);
    for (let row = 1; row <= 10; row++) await guess(page, [a, b, a, b], row);
    await page.locator('[data-testid="daily-result"][data-won="false"]').waitFor();
    const text = (await shareText(page))!;
    expect(text.split('\n')[0]).toBe(`Mastermind daily #${n} X/10`);
    expect(text.split('\n').filter((l) => l === '➖➖➖➖')).toHaveLength(10);
    await page.getByTestId('daily-day-chart').waitFor();
    expect(await page.getByTestId('daily-day-chart-bar-X').getAttribute('data-marked')).toBe('true');
    // three attempts ended today on this server: two won in two rows, this one lost
    expect(await page.getByTestId('daily-day-chart').getAttribute('data-values')).toBe('0,2,0,0,0,0,0,0,0,0,1');
    expect(await page.getByTestId('daily-stats-chart').getAttribute('data-values')).toBe('0,0,0,0,0,0,0,0,0,0,1');
    expect(await page.getByTestId('daily-stat-win').getAttribute('data-value')).toBe('0');
    expect(await page.getByTestId('daily-stat-current').getAttribute('data-value')).toBe('0');
    await screenshot(page, 'daily-lost');
    expect(await axeViolations(page), 'light, lost').toEqual([]);
  });

  it('lists the friends met in a room lately with their score, once one’s own attempt has ended', async () => {
    const ann = await tallPhone();
    const ben = await tallPhone();
    const link = await createRoom(ann, product.url, 'race');
    await sit(ann, 'Ann', 0);
    await ben.goto(link);
    await sit(ben, 'Ben', 1);

    const { code } = await openDaily(ann);
    await guess(ann, code, 1);
    await ann.locator('[data-testid="daily-result"][data-won="true"]').waitFor();
    await openDaily(ben);
    const [a, b] = absentColours(code);
    await guess(ben, [a, a, b, b], 1);
    await guess(ben, code, 2);
    const friends = ben.getByTestId('daily-friend');
    await friends.first().waitFor();
    expect(await friends.allTextContents()).toEqual([expect.stringMatching(/^Ann\s+1\/10$/)]);
    for (const c of contexts) await c.close();
  });
});
