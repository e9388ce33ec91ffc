import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, join, play, sit } from './support/table';

async function myTurn(page: Page): Promise<void> {
  await page.locator('[data-testid="status"][data-my-turn="true"]').waitFor();
}

async function waitSeq(page: Page, n: number): Promise<void> {
  await page.waitForFunction(
    (want) => Number(document.querySelector('[data-testid="room"]')?.getAttribute('data-seq')) >= want,
    n,
  );
}

/** On /me: "Add a device", and the code it shows. */
async function addDevice(page: Page, baseUrl: string): Promise<string> {
  await page.goto(`${baseUrl}/me`);
  await page.getByTestId('me-add-device').tap();
  const code = await page.getByTestId('link-code').getAttribute('data-code');
  expect(code).toMatch(/^[0-9A-Z]{8}$/);
  expect(await page.getByTestId('qr-code').getAttribute('data-text')).toBe(`${baseUrl}/link#${code}`);
  return code!;
}

describe('one player on two devices', () => {
  const product = useProduct();

  it('links a second phone by the QR link: it lists the player’s matches and plays their running seat', async () => {
    const ann = await product.phone('en-GB');
    const link = await createRoom(ann.page, product.url, 'duel');
    await sit(ann.page, 'Ann', 0);
    const bob = await join(product.browser, link, 'Bob', 1);

    const code = await addDevice(ann.page, product.url);
    await screenshot(ann.page, 'identity-add-device');
    const annPhone = await product.phone('en-GB');
    await annPhone.page.goto(`${product.url}/link#${code}`);
    expect(await annPhone.page.getByTestId('link-confirm').textContent()).toBe('Join Ann’s games on this device?');
    await annPhone.page.getByTestId('link-join').tap();
    await annPhone.page.getByTestId('link-done').waitFor();
    expect(new URL(annPhone.page.url()).hash).toBe('');

    await annPhone.page.getByTestId('link-history').tap();
    const item = annPhone.page.getByTestId('history-item');
    await item.first().waitFor();
    expect(await item.count()).toBe(1);
    expect(await item.textContent()).toContain('Bob');
    await item.tap();
    await annPhone.page.waitForURL(link);
    await annPhone.page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();
    await myTurn(annPhone.page);
    await play(annPhone.page, [0, 1, 2, 3]);
    await waitSeq(bob.page, 1);
    await myTurn(bob.page);

    // Both devices are listed on /me, the one asking first.
    await annPhone.page.goto(`${product.url}/me`);
    const devices = annPhone.page.getByTestId('me-device');
    await expect.poll(() => devices.count()).toBe(2);
    expect(await devices.first().getAttribute('data-current')).toBe('true');
  });

  it('kills a code after five wrong tries', async () => {
    const ann = await product.phone('en-GB');
    const code = await addDevice(ann.page, product.url);
    const other = await product.phone('en-GB');
    await other.page.goto(`${product.url}/link`);
    const input = other.page.getByTestId('link-code-input');
    let tried = 0;
    for (let i = 0; tried < 5; i++) {
      // Aimed at the code: its first two characters, a wrong rest.
      const wrong = `${code.slice(0, 2)}${'ABCDEFGHJK'[i % 10]!.repeat(5)}${i % 10}`;
      if (wrong === code) continue;
      tried++;
      await input.fill(wrong);
      await other.page.getByTestId('link-check').tap();
      await expect.poll(() => other.page.getByTestId('link-error').textContent()).toContain('This code is not valid');
      await input.fill('');
    }
    await input.fill(code);
    await other.page.getByTestId('link-check').tap();
    await expect.poll(() => other.page.getByTestId('link-error').textContent()).toContain('Too many wrong codes');
  });
});

describe('an expired link code', () => {
  // Codes expire at once here: no waiting for ten minutes.
  const product = useProduct({ LINK_CODE_TTL_MS: '0' });

  it('is refused with a clear message', async () => {
    const ann = await product.phone('en-GB');
    const code = await addDevice(ann.page, product.url);
    const other = await product.phone('en-GB');
    await other.page.goto(`${product.url}/link#${code}`);
    await expect
      .poll(() => other.page.getByTestId('link-error').textContent())
      .toBe('This code has expired (codes last ten minutes): make a new one on your other device.');
  });
});
