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

async function seq(page: Page): Promise<number> {
  return Number(await page.getByTestId('room').getAttribute('data-seq'));
}

async function waitSeq(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (want) => Number(document.querySelector('[data-testid="room"]')?.getAttribute('data-seq')) >= want,
    n,
  );
}

describe('two phones play a duel in the browser', () => {
  // One watcher's place a room: a person opening the link after one watcher is still seated.
  const product = useProduct({ SPECTATORS_PER_ROOM: '1' });

  it('creates a room, shares the link, plays the match to its end and starts a rematch', async () => {
    // the two players' phones run the app's service worker, as a returning player's would
    const alice = await product.phone('en-GB', { serviceWorker: true });
    const bob = await product.phone('fr-FR', { serviceWorker: true });

    // Alice creates a default duel and lands in the room, seated in seat A.
    await alice.page.goto(product.url);
    await alice.page.getByTestId('creator-name').fill('Alice');
    await pickFamily(alice.page, 'duel');
    await alice.page.getByTestId('create-room').tap();
    await alice.page.waitForURL(/\/r\/[A-Za-z0-9_-]{16}$/);
    const link =
      (await alice.page
        .getByTestId('share-link')
        .inputValue()
        .catch(() => null)) ?? (await alice.page.getByTestId('share-link').textContent());
    expect(link).toContain('/r/');
    // seated by creating, Alice finds the QR code open, to show Bob
    await alice.page.getByTestId('qr-code').waitFor();

    await alice.page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();

    // Wendy opens the link first and watches: she holds the room's only watcher's place.
    // Wendy reads German, in the dark.
    const wendy = await product.phone('de-DE');
    await wendy.page.emulateMedia({ colorScheme: 'dark' });
    await wendy.page.goto(link!.trim());
    await wendy.page.getByTestId('watching').waitFor();

    // Bob opens the shared link on his phone (in French): no place to watch, but a free seat, which he takes.
    await bob.page.goto(link!.trim());
    await bob.page.getByTestId('spectators-full').waitFor();
    expect(await bob.page.getByTestId('spectators-full').textContent()).toContain('Prenez une place libre');
    expect(await bob.page.getByTestId('watching').count()).toBe(0);
    await screenshot(bob.page, 'duel-bob-watchers-full');
    await bob.page.getByTestId('seat-name-input').fill('Bob');
    await bob.page.getByTestId('seat-claim-1').tap();
    await bob.page.locator('[data-testid="seat-1"][data-you="true"]').waitFor();
    await alice.page.locator('[data-testid="seat-1"][data-connected="true"]').waitFor();
    expect(await bob.page.getByTestId('spectators-full').count()).toBe(0);

    // Alice sets the secret; Bob's phone never shows it.
    await play(alice.page, [0, 1, 2, 3]);
    await waitSeq(bob.page, 1);
    await expect.poll(() => bob.page.getByTestId('status').getAttribute('data-my-turn')).toBe('true');
    expect(await bob.page.getByTestId('my-secret').count()).toBe(0);

    // Bob guesses twice: a miss, then the code.
    await play(bob.page, [3, 2, 1, 0]);
    await waitSeq(alice.page, 2);
    const keys = alice.page.getByTestId('keys-1');
    expect(await keys.getAttribute('data-black')).toBe('0');
    expect(await keys.getAttribute('data-white')).toBe('4');
    await screenshot(bob.page, 'duel-bob-mid-round');

    await play(bob.page, [0, 1, 2, 3]);
    await waitSeq(alice.page, 3);
    await waitSeq(bob.page, 3);
    // The round is over on both phones: the secret is revealed and round 2 begins with roles swapped.
    await expect.poll(() => bob.page.getByTestId('round-number').textContent()).toMatch(/2/);
    await expect.poll(() => bob.page.getByTestId('status').getAttribute('data-my-turn')).toBe('true');
    expect(await bob.page.getByTestId('round-secret').getAttribute('data-code')).toBe('0,1,2,3');
    expect(await alice.page.getByTestId('round-secret').getAttribute('data-code')).toBe('0,1,2,3');
    expect(await seq(alice.page)).toBe(3);
    await screenshot(alice.page, 'duel-alice-round-over');
    await screenshot(bob.page, 'duel-bob-round-over');

    // Alice claps: Bob's phone shows it under her name, in French words for a worded one, and so does the watcher's.
    const bubble = (page: Page, from: number | 'watcher', preset: string) =>
      page.locator(`[data-testid="reaction-bubble"][data-from="${from}"][data-preset="${preset}"]`);
    await alice.page.getByTestId('react-clap').tap();
    await bubble(alice.page, 0, 'clap').waitFor();
    await bubble(bob.page, 0, 'clap').waitFor();
    await bubble(wendy.page, 0, 'clap').waitFor();
    await screenshot(wendy.page, 'duel-watcher-reaction-dark');
    expect(await bubble(bob.page, 0, 'clap').textContent()).toContain('Alice');
    await alice.page.getByTestId('react-nice').tap();
    await bubble(bob.page, 0, 'nice').waitFor();
    expect(await bubble(bob.page, 0, 'nice').textContent()).toContain('Joli !');
    await screenshot(bob.page, 'duel-bob-reaction');
    // The reactions and their bar are accessible: English, French, and German in the dark.
    for (const p of [alice.page, bob.page, wendy.page]) expect(await axeViolations(p)).toEqual([]);
    // The watcher's reaction shows in the watchers' corner, never saying who.
    await wendy.page.getByTestId('react-wow').tap();
    await alice.page.locator('[data-testid="reaction-watchers"] [data-preset="wow"]').waitFor();

    // Bob mutes reactions on his phone: Alice's next one reaches Wendy, not Bob's screen.
    await bob.page.getByTestId('reactions-mute').check();
    await alice.page.getByTestId('react-good-game').tap();
    await bubble(alice.page, 0, 'good-game').waitFor(); // acknowledged: it left the server before Bob's next move
    await bubble(wendy.page, 0, 'good-game').waitFor();
    // Bob's move: round 2's code (roles swapped), the one Alice breaks on her third row below. One
    // name for both, so that they cannot drift apart (a merge once kept one side's code and the
    // other side's last guess: the match never ended).
    const round2Code = [1, 2, 3, 4];
    await play(bob.page, round2Code);
    await waitSeq(bob.page, 4);
    expect(await bob.page.getByTestId('my-secret').getAttribute('data-code')).toBe(round2Code.join(','));
    expect(await bubble(bob.page, 0, 'good-game').count()).toBe(0);
    // The choice stays with Bob's phone.
    await bob.page.reload();
    await waitSeq(bob.page, 4);
    expect(await bob.page.getByTestId('reactions-mute').isChecked()).toBe(true);

    // No horizontal scrolling on a 360-px phone.
    for (const p of [alice.page, bob.page, wendy.page]) {
      expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    }

    // Round 2: Bob made the code above (seq 4), Alice breaks it on her third row: one round each, a draw.
    await waitSeq(alice.page, 4);
    await play(alice.page, [0, 0, 1, 1]);
    await waitSeq(alice.page, 5);
    await play(alice.page, [2, 2, 3, 3]);
    await waitSeq(alice.page, 6);
    await play(alice.page, round2Code);
    await waitSeq(bob.page, 7);
    // The end of the draw says who broke faster, in each phone's language; the draw stands.
    await alice.page.getByTestId('result').waitFor();
    expect(await alice.page.getByTestId('result').getAttribute('data-outcome')).toBe('draw');
    expect(await alice.page.getByTestId('draw-line').textContent()).toBe('Both broke it: Alice in 3, Bob in 2.');
    expect(await bob.page.getByTestId('draw-line').textContent()).toBe('Tous deux l’ont percé : Alice en 3, Bob en 2.');
    // The table's running score, read from the stored match: a draw is nobody's win, and the duel's points are added up.
    const scoreLine = (p: typeof alice.page) => p.getByTestId('table-score-line').innerText();
    await expect.poll(() => scoreLine(alice.page)).toMatch(/^Alice\s+0 – 0\s+Bob$/);
    await expect.poll(() => scoreLine(bob.page)).toMatch(/^Alice\s+0 – 0\s+Bob$/);
    expect(await bob.page.getByTestId('table-score').getByRole('heading').textContent()).toBe('À cette table');
    expect(await alice.page.locator('[data-testid="table-score-points"][data-family="duel"]').textContent()).toMatch(
      /^\s*Duel points: Alice \d+, Bob \d+\s*$/,
    );

    // Alice asks for a rematch: Bob sees it where his eyes are, in the status card at the top, and accepts there.
    await alice.page.getByTestId('rematch-accept').tap();
    const ask = bob.page.locator('.status-card [data-testid="rematch-ask"]');
    await ask.waitFor();
    expect(await ask.textContent()).toContain('Revanche demandée par Alice');
    expect(await alice.page.getByTestId('rematch-ask').count()).toBe(0);
    expect(await axeViolations(bob.page)).toEqual([]);
    await screenshot(bob.page, 'duel-bob-rematch-asked');
    await bob.page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(bob.page)).toEqual([]);
    await screenshot(bob.page, 'duel-bob-rematch-asked-dark');
    await bob.page.getByTestId('rematch-ask-accept').tap();
    await expect.poll(() => bob.page.getByTestId('room').getAttribute('data-match')).toBe('2');
    await expect.poll(() => alice.page.getByTestId('room').getAttribute('data-match')).toBe('2');
  });
});
