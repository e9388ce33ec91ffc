import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { pickFamily } from './support/table';

/** Taps a code into the composer and submits it. */
async function play(page: Page, code: number[]): Promise<void> {
  for (const c of code) await page.getByTestId(`palette-${c}`).tap();
  await page.getByTestId('submit').tap();
}

async function waitSeq(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (want) => Number(document.querySelector('[data-testid="room"]')?.getAttribute('data-seq')) >= want,
    n,
  );
}

async function myTurn(page: Page): Promise<void> {
  await page.locator('[data-testid="status"][data-my-turn="true"]').waitFor();
}

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

describe('history and replay in the browser', () => {
  const product = useProduct();

  it('plays a duel to the end on two phones, lists it in /history, replays it move by move, verified, and the two become friends', async () => {
    const alice = await product.phone('en-GB');
    const bob = await product.phone('en-GB');
    const carol = await product.phone('en-GB');

    await alice.page.goto(product.url);
    await alice.page.getByTestId('creator-name').fill('Alice');
    await pickFamily(alice.page, 'duel');
    await alice.page.getByTestId('create-room').tap();
    await alice.page.waitForURL(/\/r\/[A-Za-z0-9_-]{16}$/);
    const roomUrl = alice.page.url();
    const roomId = roomUrl.split('/r/')[1]!;
    await alice.page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();
    await bob.page.goto(roomUrl);
    await bob.page.getByTestId('seat-name-input').fill('Bob');
    await bob.page.getByTestId('seat-claim-1').tap();
    await bob.page.locator('[data-testid="seat-1"][data-you="true"]').waitFor();

    // Round 1: Bob breaks Alice's code on his second row.
    await myTurn(alice.page);
    await play(alice.page, [0, 1, 2, 3]);
    await myTurn(bob.page);
    await play(bob.page, [3, 2, 1, 0]);
    await waitSeq(bob.page, 2);

    // Mid-match, the match's link shows only the public view to anyone.
    const summary = (await (await fetch(`${product.url}/api/rooms/${roomId}`)).json()) as { match: { id: string } };
    const matchId = summary.match.id;
    await carol.page.goto(`${product.url}/m/${matchId}`);
    await carol.page.getByTestId('replay-live').waitFor();
    expect(await carol.page.locator('[data-testid="secret-reveal"], [data-testid="my-secret"]').count()).toBe(0);
    expect(await carol.page.getByTestId('row-1').getAttribute('data-code')).toBe('3,2,1,0');
    expect(await carol.page.getByTestId('watch-live').getAttribute('href')).toBe(`/r/${roomId}`);

    await myTurn(bob.page);
    await play(bob.page, [0, 1, 2, 3]);
    // Round 2: roles swap; Alice misses once, then breaks Bob's code.
    await waitSeq(bob.page, 3);
    await myTurn(bob.page);
    await play(bob.page, [5, 4, 3, 2]);
    await myTurn(alice.page);
    await play(alice.page, [2, 3, 4, 5]);
    await waitSeq(alice.page, 5);
    await myTurn(alice.page);
    await play(alice.page, [5, 4, 3, 2]);
    await waitSeq(alice.page, 6);
    await alice.page.getByTestId('match-end').waitFor();
    await bob.page.getByTestId('match-end').waitFor();
    // Rematch (stay with the friend) comes before New game (which leaves them behind)
    const [rematchBox, newGameBox] = await Promise.all([
      alice.page.getByTestId('rematch-accept').boundingBox(),
      alice.page.getByTestId('new-game').boundingBox(),
    ]);
    expect(rematchBox!.y).toBeLessThan(newGameBox!.y);
    expect(await alice.page.getByTestId('result').getByTestId('new-game').count()).toBe(0);
    // the share text is written once its lazily loaded parts have arrived
    const shared = () => alice.page.getByTestId('share-result').getAttribute('data-text');
    await expect.poll(shared).toContain('⚫⚫⚫⚫');
    expect(await shared()).toContain(`/m/${matchId}`);
    await screenshot(alice.page, 'history-alice-match-end');

    // Tapping the opponent's name opens their card: the record between the two (this duel ended 1–1 in
    // rounds: one draw) and their public rating, nothing else; accessible, and no wider than the phone.
    await alice.page.getByTestId('seat-name-1').tap();
    const record = alice.page.getByTestId('player-card-record');
    await record.waitFor();
    expect(await alice.page.getByTestId('player-card-name').textContent()).toBe('Bob');
    expect(await Promise.all(['won', 'lost', 'drawn'].map((k) => record.getAttribute(`data-${k}`)))).toEqual(['0', '0', '1']);
    expect(await alice.page.getByTestId('player-card-last').locator('li').count()).toBe(1);
    expect(await alice.page.getByTestId('player-card-ratings').locator('li').count()).toBe(1);
    expect(await axeViolations(alice.page), 'player card').toEqual([]);
    await noSideScroll(alice.page);
    await screenshot(alice.page, 'history-player-card');
    await alice.page.getByTestId('player-card-close').tap();
    await alice.page.getByTestId('player-card').waitFor({ state: 'detached' });

    // My matches: the duel, newest first, with its result.
    await alice.page.getByTestId('history-link').tap();
    await alice.page.waitForURL(/\/history$/);
    const item = alice.page.getByTestId('history-item');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.getAttribute('data-match-id')).toBe(matchId);
    expect(await item.getAttribute('data-family')).toBe('duel');
    expect(await item.getAttribute('data-outcome')).toBe('draw');
    expect(await item.textContent()).toContain('Bob');
    await noSideScroll(alice.page);
    await screenshot(alice.page, 'history-list');
    // A reload keeps it: the list lives on the server, the identity in localStorage.
    await alice.page.reload();
    await alice.page.getByTestId('history-item').first().waitFor();
    // Bob's card is under the match too, with the same record.
    await alice.page.getByTestId('history-person').tap();
    expect(await alice.page.getByTestId('player-card-record').getAttribute('data-drawn')).toBe('1');
    await alice.page.getByTestId('player-card-close').tap();
    await alice.page.getByTestId('player-card').waitFor({ state: 'detached' });

    // The replay opens at the end, and the secrets check out against what this phone saw live.
    await alice.page.getByTestId('history-item').tap();
    await alice.page.waitForURL(new RegExp(`/m/${matchId}$`));
    const replay = alice.page.getByTestId('replay');
    await replay.waitFor();
    expect(await replay.getAttribute('data-steps')).toBe('6');
    expect(await replay.getAttribute('data-step')).toBe('6');
    await expect.poll(() => alice.page.getByTestId('verify').getAttribute('data-state')).toBe('verified');
    expect(await alice.page.getByTestId('verify').textContent()).toContain('this device received');

    // Step to the middle of round 1: after Bob's first guess.
    await alice.page.getByTestId('replay-first').tap();
    expect(await replay.getAttribute('data-step')).toBe('0');
    // the first step says once that nothing was played yet
    expect(await alice.page.getByTestId('replay-move').textContent()).toBe('Before the first move');
    // the chart's legend is drawn in the colour of the bars it explains (round 1: Bob's)
    await expect.poll(() => alice.page.getByTestId('analysis').getAttribute('data-state')).toBe('ready');
    const colours = await alice.page.evaluate(() => ({
      legend: getComputedStyle(document.querySelector('[data-testid="legend-after"]')!).backgroundColor,
      bar: getComputedStyle(document.querySelector('[data-testid="analysis-bar-1"] rect.after')!).fill,
    }));
    expect(colours.legend).toBe(colours.bar);
    await alice.page.getByTestId('replay-next').tap();
    await alice.page.getByTestId('replay-next').tap();
    expect(await replay.getAttribute('data-step')).toBe('2');
    // the row the step played is on screen below the step buttons, without scrolling
    const shown = await alice.page.evaluate(() => {
      const row = document.querySelector('[data-testid="row-1"]')!.getBoundingClientRect();
      const controls = document.querySelector('[data-testid="replay-next"]')!.getBoundingClientRect();
      return { top: row.top, bottom: row.bottom, below: controls.bottom, height: window.innerHeight };
    });
    expect(shown.top).toBeGreaterThanOrEqual(shown.below);
    expect(shown.bottom).toBeLessThanOrEqual(shown.height);
    expect(await alice.page.getByTestId('replay-move').textContent()).toContain('Bob guessed');
    expect(await alice.page.getByTestId('row-1').getAttribute('data-code')).toBe('3,2,1,0');
    expect(await alice.page.getByTestId('keys-1').getAttribute('data-black')).toBe('0');
    expect(await alice.page.getByTestId('keys-1').getAttribute('data-white')).toBe('4');
    expect(await alice.page.getByTestId('row-2').count()).toBe(0);
    // Nothing is hidden in a replay: the secret of the round being played shows.
    expect(await alice.page.getByTestId('secret-reveal').getAttribute('data-code')).toBe('0,1,2,3');
    expect(await alice.page.getByTestId('status').textContent()).toContain('Bob');
    expect(await alice.page.getByTestId('match-score').getAttribute('data-scores')).toBe('0,0');
    await noSideScroll(alice.page);
    await screenshot(alice.page, 'replay-step-2');

    // The slider jumps anywhere: round 2 after Alice's miss, with round 1's point on the board.
    await alice.page.getByTestId('replay-slider').fill('5');
    expect(await replay.getAttribute('data-step')).toBe('5');
    expect(await alice.page.getByTestId('round-number').getAttribute('data-round')).toBe('2');
    expect(await alice.page.getByTestId('secret-reveal').getAttribute('data-code')).toBe('5,4,3,2');
    expect(await alice.page.getByTestId('row-1').getAttribute('data-code')).toBe('2,3,4,5');
    expect(await alice.page.getByTestId('match-score').getAttribute('data-scores')).toBe('0,1');
    await screenshot(alice.page, 'replay-step-5');

    // Anyone with the link may open the finished match; it verifies against the published commitments.
    await carol.page.goto(`${product.url}/m/${matchId}`);
    await carol.page.getByTestId('replay').waitFor();
    await expect.poll(() => carol.page.getByTestId('verify').getAttribute('data-state')).toBe('verified');
    await carol.page.getByTestId('history-link').tap();
    await carol.page.getByTestId('history-empty').waitFor();

    // Friends: Alice asks Bob from "People you played with"…
    await alice.page.getByTestId('history-link').tap();
    await alice.page.getByTestId('friends-link').tap();
    await alice.page.waitForURL(/\/friends$/);
    await alice.page.locator('[data-testid="played-with"][data-name="Bob"]').getByTestId('played-with-add').tap();
    await alice.page.locator('[data-testid="friend-asked"][data-name="Bob"]').waitFor();
    await noSideScroll(alice.page);
    expect(await axeViolations(alice.page)).toEqual([]);
    // …Bob finds it waiting beside his home page’s heading (no turn waits: the duel is over) and accepts it on his phone…
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await bob.page.emulateMedia({ colorScheme: 'dark' });
    await bob.page.goto(product.url);
    const waiting = bob.page.locator('[data-testid="waiting-friend"][data-count="1"]');
    await waiting.waitFor();
    expect(await bob.page.getByTestId('waiting-turn').count()).toBe(0);
    expect(await axeViolations(bob.page)).toEqual([]);
    await screenshot(bob.page, 'home-waiting-dark');
    await waiting.tap();
    await bob.page.waitForURL(/\/friends$/);
    await bob.page.locator('[data-testid="friend-asking"][data-name="Alice"]').getByTestId('friend-accept').tap();
    await bob.page.locator('[data-testid="friend"][data-name="Alice"]').waitFor();
    expect(await bob.page.locator('[data-testid="played-with"][data-name="Alice"]').getAttribute('data-relation')).toBe('friend');
    expect(await axeViolations(bob.page)).toEqual([]);
    await screenshot(bob.page, 'friends-dark');
    // …and both see each other as friends.
    await alice.page.reload();
    await alice.page.locator('[data-testid="friend"][data-name="Bob"]').waitFor();
    expect(await alice.page.getByTestId('friend-asked').count()).toBe(0);

    // Carol never played with Alice: Alice's invitation link (its QR code shown) makes them friends, in French.
    await alice.page.getByTestId('friend-invite-make').tap();
    const link = await alice.page.getByTestId('friend-invite-url').inputValue();
    expect(await alice.page.getByTestId('qr-code').getAttribute('data-text')).toBe(link);
    await carol.page.setViewportSize({ width: 390, height: 844 });
    await carol.page.goto(`${product.url}/me`);
    await carol.page.getByTestId('me-name').fill('Carol');
    await carol.page.getByTestId('me-name-save').tap();
    await carol.page.getByTestId('me-name-saved').waitFor();
    await carol.page.getByTestId('lang-select').selectOption('fr');
    await carol.page.goto(link);
    await expect.poll(() => carol.page.getByTestId('friend-invite-from').textContent()).toBe('Alice vous invite à devenir amis.');
    expect(await axeViolations(carol.page)).toEqual([]);
    await carol.page.getByTestId('friend-invite-accept').tap();
    await carol.page.waitForURL(/\/friends$/);
    await carol.page.locator('[data-testid="friend"][data-name="Alice"]').waitFor();
    await alice.page.reload();
    await alice.page.locator('[data-testid="friend"][data-name="Carol"]').waitFor();
    expect(await alice.page.getByTestId('friend-invite-live').count()).toBe(0);

    // /me: Alice's duel rating after her one rated match, with its chart, in both themes.
    await alice.page.goto(`${product.url}/me`);
    const rated = alice.page.locator('[data-testid="me-ratings-family"][data-family="duel"]');
    await rated.waitFor();
    expect(Number(await rated.getByTestId('me-rating').textContent())).toBeGreaterThan(0);
    expect(await rated.getByTestId('me-rating-chart').locator('path').getAttribute('d')).toMatch(/^M[\d.]+ [\d.]+ L/);
    expect(await axeViolations(alice.page), 'me light').toEqual([]);
    await alice.page.emulateMedia({ colorScheme: 'dark' });
    await alice.page.reload();
    await rated.waitFor();
    expect(await axeViolations(alice.page), 'me dark').toEqual([]);
    await noSideScroll(alice.page);
    await screenshot(alice.page, 'me-ratings-dark');
  });
});
