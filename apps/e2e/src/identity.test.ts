import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { annAndBob, playsAnnsSeat } from './support/linked';

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
    const { ann, bob, link } = await annAndBob(product);

    const first = await addDevice(ann.page, product.url);
    // The name field is 16 px or more: iOS does not zoom the page when it takes the focus.
    const fontSize = await ann.page.getByTestId('me-name').evaluate((e) => parseFloat(getComputedStyle(e).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);
    // A second code: both are listed as pending, and the first one is cancelled.
    await ann.page.getByTestId('me-add-device').tap();
    await expect.poll(() => ann.page.getByTestId('link-code').getAttribute('data-code')).not.toBe(first);
    const code = (await ann.page.getByTestId('link-code').getAttribute('data-code'))!;
    const pending = ann.page.getByTestId('me-pending-code');
    await expect.poll(() => pending.count()).toBe(2);
    expect(await pending.first().textContent()).toContain('Made on');
    await screenshot(ann.page, 'identity-add-device');
    await pending.nth(1).getByTestId('me-pending-cancel').tap();
    await expect.poll(() => pending.count()).toBe(1);
    const annPhone = await product.phone('en-GB');
    await annPhone.page.goto(`${product.url}/link#${code}`);
    expect(await annPhone.page.getByTestId('link-confirm').textContent()).toBe('Join Ann’s games on this device?');
    await annPhone.page.getByTestId('link-join').tap();
    await annPhone.page.getByTestId('link-done').waitFor();
    expect(new URL(annPhone.page.url()).hash).toBe('');

    await playsAnnsSeat(annPhone.page, link, bob.page);

    // Both devices are listed on /me, the one asking first.
    await annPhone.page.goto(`${product.url}/me`);
    const devices = annPhone.page.getByTestId('me-device');
    await expect.poll(() => devices.count()).toBe(2);
    expect(await devices.first().getAttribute('data-current')).toBe('true');
    // Two phones of one kind are told apart: the new one is renamed.
    await devices.first().getByTestId('me-device-rename').tap();
    await annPhone.page.getByTestId('me-device-name-input').fill('Blue phone');
    await annPhone.page.getByTestId('me-device-name-save').tap();
    await expect.poll(() => devices.first().getByTestId('me-device-name').textContent()).toContain('Blue phone');
    // Ann's first phone sees the name; the code used is no longer pending.
    await ann.page.goto(`${product.url}/me`);
    await expect
      .poll(() => ann.page.locator('[data-testid="me-device"][data-current="false"]').textContent())
      .toContain('Blue phone');
    expect(await ann.page.getByTestId('me-pending-code').count()).toBe(0);
  });

  it('a stranger’s wrong tries aimed at a code never kill it', async () => {
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
    // Looked up on "Continue" only (not as it is typed), the right code still works.
    await input.fill(code);
    await other.page.getByTestId('link-check').tap();
    await expect.poll(() => other.page.getByTestId('link-confirm').textContent()).toBe('Join these games on this device?');
  });

  it('says in the reader’s language why a name holding an invisible character is refused, and keeps the old one', async () => {
    const { page } = await product.phone('fr-FR');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${product.url}/me`);
    const input = page.getByTestId('me-name');
    await input.waitFor();
    const before = await input.inputValue();
    // drawn "Bob": a variation selector on a letter
    await input.fill('Bo\uFE0Fb');
    await page.getByTestId('me-name-save').tap();
    const refusal = page.getByTestId('me-name-error');
    await expect.poll(() => refusal.textContent()).toContain('aucun caractère invisible');
    expect(await refusal.isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'me-name-refused');
    // nothing was sent: the name is the player's old one
    await page.reload();
    await input.waitFor();
    expect(await input.inputValue()).toBe(before);
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
