import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, SCREENSHOTS } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, expectNoOverflow, play, sit, waitSeq } from './support/table';

/** Bots, hints, handing an away player's seat to a bot, and the replay's analysis (issue 5). */

const seqOf = async (page: Page): Promise<number> => Number(await page.getByTestId('room').getAttribute('data-seq'));
const turnOf = (page: Page): Promise<string | null> => page.getByTestId('status').getAttribute('data-turn');

/** Waits until the page's status is one of `turns` and, unless finished, it is this phone's move. */
async function waitForMyMove(page: Page, turns: string[]): Promise<string> {
  await page.waitForFunction(
    (want) => {
      const s = document.querySelector('[data-testid="status"]');
      const turn = s?.getAttribute('data-turn') ?? '';
      return want.includes(turn) && (turn === 'finished' || s?.getAttribute('data-my-turn') === 'true');
    },
    turns,
    { timeout: 60_000 },
  );
  return (await turnOf(page))!;
}

describe('bots, hints and the replay analysis in the browser', () => {
  // quick bots: the default 700 ms "thinking" delay would only make the test slow
  const product = useProduct({ BOT_DELAY_MS: '50' });

  it('plays a whole duel against a bot with hints, then reviews the analysis of every row', async () => {
    const alice = await product.phone('en-GB');
    const page = alice.page;

    // Home: seat B is a bot from the start, hints on, takeover after one minute.
    const link = await createRoom(page, product.url, 'duel', async (p) => {
      await p.getByTestId('player-0-person').waitFor();
      expect(await p.getByTestId('player-0-person').isChecked()).toBe(true);
      await p.getByTestId('player-1-bot').tap();
      await expect.poll(() => p.getByTestId('player-1-bot').isChecked()).toBe(true);
      // the strongest bot: the solver's optimal plan (a newcomer's default is medium)
      await p.getByTestId('settings-bot-strength').selectOption('strong');
      await p.getByTestId('option-hints').tap();
      expect(await p.getByTestId('option-hints').isChecked()).toBe(true);
      await p.getByTestId('option-takeover').selectOption('60');
      await screenshot(p, 'bots-home-settings');
    });
    expect(link).toContain('/r/');

    // The room: seat B is a bot; the rules card says hints and takeovers are on.
    await page.locator('[data-testid="seat-1"][data-bot="true"]').waitFor();
    expect(await page.getByTestId('seat-bot-1').isVisible()).toBe(true);
    expect(await page.getByTestId('seat-claim-1').count()).toBe(0);
    expect(await page.getByTestId('rules-hints').isVisible()).toBe(true);
    expect(await page.getByTestId('rules-takeover').getAttribute('data-sec')).toBe('60');
    await sit(page, 'Alice', 0);
    await screenshot(page, 'bots-room-seated');

    // Round 1: Alice makes the code, the bot breaks it on its own.
    expect(await waitForMyMove(page, ['secret'])).toBe('secret');
    expect(await page.getByTestId('hint-button').count()).toBe(0); // no hint for a secret
    await play(page, [0, 1, 2, 3]);
    await waitSeq(page, 2); // the bot has guessed at least once
    await screenshot(page, 'bots-bot-guessing');

    // Round 2: the bot sets its secret; Alice guesses with the hint, applied to her composer.
    let guesses = 0;
    const seenPossible: number[] = [];
    for (;;) {
      const turn = await waitForMyMove(page, ['guess', 'finished']);
      if (turn === 'finished') break;
      expect(await page.getByTestId('my-move').getAttribute('data-move')).toBe('guess');
      const before = await seqOf(page);
      await page.getByTestId('hint-button').tap();
      const hint = page.getByTestId('hint');
      await hint.waitFor();
      const code = await hint.getAttribute('data-code');
      const possible = Number(await hint.getAttribute('data-possible'));
      expect(code).toMatch(/^\d,\d,\d,\d$/);
      expect(possible).toBeGreaterThan(0);
      seenPossible.push(possible);
      if (guesses === 0) {
        expect(possible).toBe(360); // nothing known yet: every secret without repeats
        await screenshot(page, 'bots-hint');
      }
      await page.getByTestId('hint-apply').tap();
      expect(await page.getByTestId('composer-holes').getAttribute('data-code')).toBe(code);
      await page.getByTestId('submit').tap();
      await waitSeq(page, before + 1);
      guesses++;
      expect(guesses).toBeLessThanOrEqual(8);
    }
    // hints are strong codes that can still be the secret: they break 4 holes × 6 colours quickly
    expect(guesses).toBeGreaterThanOrEqual(1);
    expect(guesses).toBeLessThanOrEqual(7);
    expect(seenPossible).toEqual([...seenPossible].sort((a, b) => b - a)); // the hint's count never grows

    await page.getByTestId('result').waitFor();
    expect(await page.getByTestId('score-seat-0').textContent()).toBe('1'); // Alice broke the bot's code
    await screenshot(page, 'bots-match-over');

    // The replay: verified secrets and the analysis of the last round (Alice's rows).
    await page.getByTestId('replay-link').tap();
    const replay = page.getByTestId('replay');
    await replay.waitFor();
    await expect.poll(() => page.getByTestId('verify').getAttribute('data-state')).toBe('verified');
    const analysis = page.getByTestId('analysis');
    await analysis.waitFor();
    await expect.poll(() => analysis.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await analysis.getAttribute('data-round')).toBe('1');
    expect(Number(await analysis.getAttribute('data-rows'))).toBe(guesses);
    const chart = page.getByTestId('analysis-chart');
    expect(await chart.isVisible()).toBe(true);
    expect(await chart.locator('[data-testid^="analysis-bar-"]').count()).toBe(guesses);
    // the first row started from every secret; the last one left only the secret itself
    expect(await page.getByTestId('analysis-bar-1').getAttribute('data-before')).toBe('360');
    expect(await page.getByTestId(`analysis-bar-${guesses}`).getAttribute('data-after')).toBe('1');
    const row = page.getByTestId('analysis-row');
    expect(Number(await row.getAttribute('data-n'))).toBe(guesses);
    expect(await row.getAttribute('data-after')).toBe('1');
    expect(await page.getByTestId(`analysis-bar-${guesses}`).getAttribute('data-current')).toBe('true');
    // the counts the hints gave live are the ones the analysis finds afterwards
    for (let k = 1; k <= guesses; k++) {
      expect(Number(await page.getByTestId(`analysis-bar-${k}`).getAttribute('data-before'))).toBe(seenPossible[k - 1]);
    }
    await screenshot(page, 'bots-replay-analysis');
    // what the phone shows while stepping: the sticky controls above the analysis
    await analysis.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 330));
    await page.screenshot({ path: `${SCREENSHOTS}bots-replay-analysis-viewport.png` });
    await page.evaluate(() => window.scrollTo(0, 0));

    // Back to the first round: the bot's own rows, analysed when first looked at.
    const steps = Number(await replay.getAttribute('data-steps'));
    await page.getByTestId('replay-first').tap();
    await page.getByTestId('replay-next').tap();
    await page.getByTestId('replay-next').tap(); // the secret, then the bot's first guess
    expect(await replay.getAttribute('data-step')).toBe('2');
    await expect.poll(() => analysis.getAttribute('data-round')).toBe('0');
    await expect.poll(() => analysis.getAttribute('data-state'), { timeout: 20_000 }).toBe('ready');
    expect(await row.getAttribute('data-n')).toBe('1');
    expect(await row.getAttribute('data-before')).toBe('360');
    expect(await page.getByTestId('analysis-bar-1').getAttribute('data-current')).toBe('true');
    // a tap on a later bar jumps the replay to that row
    await page.getByTestId('analysis-bar-2').tap();
    expect(Number(await replay.getAttribute('data-step'))).toBeGreaterThan(2);
    expect(Number(await replay.getAttribute('data-step'))).toBeLessThanOrEqual(steps);
    expect(await row.getAttribute('data-n')).toBe('2');
    await screenshot(page, 'bots-replay-round-1');

    await expectNoOverflow([page]);
  });

  it('lets the creator add a bot to a free seat', async () => {
    const carol = await product.phone('de-DE');
    const page = carol.page;
    await createRoom(page, product.url, 'rotation'); // 3 seats, all people
    expect(await page.getByTestId('seat-add-bot-1').isVisible()).toBe(true);
    await sit(page, 'Carol', 0);
    await page.getByTestId('seat-add-bot-1').tap();
    await page.locator('[data-testid="seat-1"][data-bot="true"]').waitFor();
    await page.getByTestId('seat-add-bot-2').tap();
    await page.locator('[data-testid="seat-2"][data-bot="true"]').waitFor();
    expect(await page.getByTestId('seat-name-2').textContent()).toBe('Bot C');
    // Carol makes the first code; both bots then take turns on the shared board
    expect(await waitForMyMove(page, ['secret'])).toBe('secret');
    await play(page, [0, 1, 2, 3]);
    await waitSeq(page, 3);
    await screenshot(page, 'bots-rotation-two-bots');
    await expectNoOverflow([page]);
  });

  it('hands the seat of a player who left to a bot, offered only once the room allows it, with a countdown before', async () => {
    // takeovers after 10 s (the least the protocol allows), hints on; made through the API
    const res = await fetch(`${product.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ family: 'duel', options: {}, hints: true, takeOverAfterSec: 10 }),
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const link = `${product.url}/r/${id}`;

    const dora = await product.phone('fr-FR');
    await dora.page.goto(link);
    await sit(dora.page, 'Dora', 0);
    const eve = await product.phone('en-GB');
    await eve.page.goto(link);
    await sit(eve.page, 'Eve', 1);
    await dora.page.locator('[data-testid="seat-1"][data-connected="true"]').waitFor();
    expect(await dora.page.getByTestId('seat-takeover-1').count()).toBe(0); // Eve is here
    expect(await dora.page.getByTestId('rules-takeover').getAttribute('data-sec')).toBe('10');

    // Dora sets the code; Eve's phone goes away before her first guess.
    await play(dora.page, [5, 4, 3, 2]);
    await waitSeq(eve.page, 1);
    await eve.context.close();
    await dora.page.locator('[data-testid="seat-1"][data-connected="false"]').waitFor();

    // Too early: no button yet, a countdown instead (in Dora's language).
    const wait = dora.page.getByTestId('seat-takeover-wait-1');
    await wait.waitFor();
    expect(await dora.page.getByTestId('seat-takeover-1').count()).toBe(0);
    expect(Number(await wait.getAttribute('data-seconds'))).toBeGreaterThan(0);
    expect(await wait.textContent()).toMatch(/Eve/);
    await screenshot(dora.page, 'bots-takeover-countdown');

    // Once 10 s away, the button comes; a bot plays for Eve and breaks Dora's code.
    await dora.page.getByTestId('seat-takeover-1').waitFor({ timeout: 60_000 });
    await dora.page.getByTestId('seat-takeover-1').tap();
    await dora.page.locator('[data-testid="seat-1"][data-bot="true"][data-taken-over="true"]').waitFor();
    expect(await dora.page.getByTestId('seat-taken-over-1').textContent()).toMatch(/Eve/);
    await waitSeq(dora.page, 2); // the bot guessed for Eve
    await screenshot(dora.page, 'bots-takeover');
    await expectNoOverflow([dora.page]);
  });
});
