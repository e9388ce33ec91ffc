import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, play, sit } from './support/table';

/** On /me: "Add a device", and the code it shows. */
async function addDevice(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/me`);
  await page.getByTestId('me-add-device').tap();
  const code = await page.getByTestId('link-code').getAttribute('data-code');
  expect(code).toMatch(/^[0-9A-Z]{8}$/);
  return code!;
}

const myTurn = (page: Page): Promise<void> => page.locator('[data-testid="status"][data-my-turn="true"]').waitFor();

const deviceToken = (page: Page): Promise<string | null> => page.evaluate(() => localStorage.getItem('mm.device'));

describe('leaving: a removed device and a deleted player', () => {
  const product = useProduct();

  it('tells a device removed while it shows a running match, and it acts no more', async () => {
    const ann = await product.phone('en-GB');
    const link = await createRoom(ann.page, product.url, 'duel');
    await sit(ann.page, 'Ann', 0);
    await product.join(link, 'Bob', 1);

    const code = await addDevice(ann.page, product.url);
    const annPhone = await product.phone('en-GB');
    await annPhone.page.goto(`${product.url}/link#${code}`);
    await annPhone.page.getByTestId('link-join').tap();
    await annPhone.page.getByTestId('link-done').waitFor();
    // Linked just now, the phone cannot remove Ann's first phone (a thief's could not evict her), and says why.
    await annPhone.page.goto(`${product.url}/me`);
    expect(await annPhone.page.getByTestId('me-new-device').textContent()).toContain('less than a day ago');
    await expect.poll(() => annPhone.page.getByTestId('me-device').count()).toBe(2);
    expect(await annPhone.page.getByTestId('me-device-remove').count()).toBe(0);
    await annPhone.page.goto(link);
    await annPhone.page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();
    await annPhone.page.locator('[data-testid="status"][data-my-turn="true"]').waitFor();

    // On the first phone, "Your devices" removes the other one while its room page is open: it asks first.
    await ann.page.goto(`${product.url}/me`);
    const devices = ann.page.getByTestId('me-device');
    await expect.poll(() => devices.count()).toBe(2);
    const other = ann.page.locator('[data-testid="me-device"][data-current="false"]');
    const otherName = await other.getByTestId('me-device-name').textContent();
    await other.getByTestId('me-device-remove').tap();
    const confirm = ann.page.getByTestId('me-remove-confirm');
    expect(await confirm.textContent()).toContain(`Remove “${otherName}”?`);
    await screenshot(ann.page, 'identity-remove-confirm');
    await ann.page.getByTestId('me-remove-no').tap();
    await confirm.waitFor({ state: 'detached' });
    expect(await devices.count()).toBe(2);
    await other.getByTestId('me-device-remove').tap();
    await ann.page.getByTestId('me-remove-yes').tap();
    await expect.poll(() => devices.count()).toBe(1);

    const gone = annPhone.page.getByTestId('room-gone');
    await gone.waitFor();
    expect(await gone.getAttribute('data-code')).toBe('DEVICE_REMOVED');
    expect(await gone.textContent()).toContain('This device was removed from your devices');
    // Its move can no longer be sent from this page.
    expect(await annPhone.page.getByTestId('submit').isDisabled()).toBe(true);
    await screenshot(annPhone.page, 'identity-device-removed');

    // Opened again, its /me says which device removed it, and when.
    await annPhone.page.goto(`${product.url}/me`);
    const removed = annPhone.page.getByTestId('me-removed');
    expect(await removed.textContent()).toContain(`removed it from your devices`);
    await screenshot(annPhone.page, 'identity-removed-notice');
    expect(await annPhone.page.getByTestId('me-device').count()).toBe(1);
  });

  it('deletes the player: the browser starts again as a fresh anonymous player, others read "Deleted player"', async () => {
    const ann = await product.phone('en-GB');
    const link = await createRoom(ann.page, product.url, 'duel');
    await sit(ann.page, 'Ann', 0);
    const bob = await product.join(link, 'Bob', 1);
    const before = await deviceToken(ann.page);

    await ann.page.goto(`${product.url}/me`);
    await ann.page.getByTestId('delete-me-start').tap();
    await screenshot(ann.page, 'identity-delete-me-confirm');
    await ann.page.getByTestId('delete-me-cancel').tap();
    await ann.page.getByTestId('delete-me-start').tap();
    await ann.page.getByTestId('delete-me-confirm').tap();
    await ann.page.waitForURL(`${product.url}/`);

    // Bob's table frees her seat (this room allows no takeovers), and his history names her so.
    await bob.page.locator('[data-testid="seat-0"][data-free="true"]').waitFor();
    await bob.page.goto(`${product.url}/history`);
    const item = bob.page.getByTestId('history-item');
    await item.first().waitFor();
    expect(await item.first().textContent()).toContain('Deleted player');

    // Ann's browser is someone new: a new device token, no name, no matches, one device.
    await ann.page.goto(`${product.url}/me`);
    await ann.page.getByTestId('me-device').first().waitFor();
    expect(await deviceToken(ann.page)).not.toBe(before);
    expect(await ann.page.getByTestId('me-name').inputValue()).toBe('');
    expect(await ann.page.getByTestId('me-device').count()).toBe(1);
    await ann.page.goto(`${product.url}/history`);
    await ann.page.getByTestId('history-empty').waitFor();
  });

  it('shows the player’s statistics on /me, and a language chosen on one device on the others', async () => {
    const ann = await product.phone('en-GB');
    const link = await createRoom(ann.page, product.url, 'duel');
    await sit(ann.page, 'Ann', 0);
    const bob = await product.join(link, 'Bob', 1);
    // Two rounds: each breaks the other's code, Ann at her first guess.
    await myTurn(ann.page);
    await play(ann.page, [0, 1, 2, 3]);
    await myTurn(bob.page);
    await play(bob.page, [0, 1, 2, 3]);
    await myTurn(bob.page);
    await play(bob.page, [5, 4, 3, 2]);
    await myTurn(ann.page);
    await play(ann.page, [5, 4, 3, 2]);
    await ann.page.getByTestId('rematch-accept').waitFor();

    await ann.page.goto(`${product.url}/me`);
    const duel = ann.page.locator('[data-testid="me-stats-family"][data-family="duel"]');
    await duel.waitFor();
    expect(await duel.getByTestId('me-stats-played').textContent()).toBe('1');
    const breaks = duel.locator('[data-testid="me-stats-breaks"][data-pegs="4"]');
    expect(await breaks.locator('figcaption').textContent()).toContain('1 broken, 1 guesses on average, best 1');
    await screenshot(ann.page, 'identity-stats');

    // Ann chooses German here; her second phone, linked later, opens in German.
    await ann.page.getByTestId('lang-select').selectOption('de');
    await ann.page.waitForFunction(() => document.documentElement.lang === 'de');
    // Saved on the player before this page navigates away (which would cancel the request).
    const playerLang = (): Promise<unknown> =>
      ann.page.evaluate(async () => {
        const res = await fetch('/api/me', { headers: { 'x-device-token': localStorage.getItem('mm.device') ?? '' } });
        return ((await res.json()) as { lang: unknown }).lang;
      });
    await expect.poll(playerLang).toBe('de');
    const code = await addDevice(ann.page, product.url);
    const annPhone = await product.phone('en-GB');
    await annPhone.page.goto(`${product.url}/link#${code}`);
    await annPhone.page.getByTestId('link-join').tap();
    await annPhone.page.getByTestId('link-done').waitFor();
    await annPhone.page.goto(`${product.url}/me`);
    await annPhone.page.waitForFunction(() => document.documentElement.lang === 'de');
    await annPhone.page.getByText('Deine Statistik').waitFor();
  });
});
