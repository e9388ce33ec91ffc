import { describe, expect, it } from 'vitest';
import type { CDPSession, Page } from 'playwright-core';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { annAndBob, playsAnnsSeat } from './support/linked';

/**
 * A platform authenticator for one page, as Chromium's DevTools protocol makes it: it keeps
 * discoverable credentials and verifies its user (a fingerprint or face that always matches).
 */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

describe('a passkey keeps the games', () => {
  // The product's PUBLIC_URL outside production is http://localhost:<its port>: the rpID is localhost.
  const product = useProduct();

  it('phone A adds a passkey; a fresh phone B signs in with it, lists A’s matches and plays A’s running seat', async () => {
    const { ann, bob, link } = await annAndBob(product);

    await ann.page.goto(`${product.url}/me`);
    const annKey = await virtualAuthenticator(ann.page);
    await ann.page.getByTestId('passkey-add').tap();
    await ann.page.getByTestId('passkey-added').waitFor();
    await expect.poll(() => ann.page.getByTestId('passkey').count()).toBe(1);
    expect(await ann.page.getByTestId('passkey').textContent()).toContain('never used');
    // It names the device it was made on.
    const thisDevice = await ann.page.locator('[data-testid="me-device"][data-current="true"]').getAttribute('data-id');
    expect(await ann.page.getByTestId('passkey').getAttribute('data-device')).toBe(thisDevice);
    expect(await ann.page.getByTestId('passkey-device').textContent()).toMatch(/^made on /);
    await screenshot(ann.page, 'passkeys-me');
    const { credentials } = await annKey.cdp.send('WebAuthn.getCredentials', { authenticatorId: annKey.authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' });

    // A browser that offers passkeys in the field's autofill (conditional UI) shows the field for it. Its
    // virtual authenticator holds no passkey: holding Ann's, it would answer the autofill's waiting request by
    // itself, and its use would leave the copy on B behind the counter the server checks.
    const other = await product.phone('en-GB');
    await virtualAuthenticator(other.page);
    await other.page.goto(`${product.url}/link`);
    expect(await other.page.getByTestId('passkey-autofill').getAttribute('autocomplete')).toBe('username webauthn');

    // B: its own context and storage, its own authenticator holding A's synced passkey. Its browser offers
    // no passkeys in autofill: the virtual authenticator answers an autofill's waiting request by itself (a
    // person picks the passkey there), and on a loaded machine it did so before the button's tap.
    const annPhone = await product.phone('en-GB');
    await annPhone.context.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: async () => false });
    });
    const phoneKey = await virtualAuthenticator(annPhone.page);
    await phoneKey.cdp.send('WebAuthn.addCredential', { authenticatorId: phoneKey.authenticatorId, credential: credentials[0]! });
    await annPhone.page.goto(`${product.url}/link`);
    await annPhone.page.getByTestId('passkey-sign-in').waitFor();
    expect(await annPhone.page.getByTestId('passkey-autofill').count()).toBe(0);
    await annPhone.page.getByTestId('passkey-sign-in-button').tap();
    await annPhone.page.getByTestId('link-done').waitFor();
    expect(await annPhone.page.getByTestId('link-done').textContent()).toContain('This device now plays as Ann.');

    await playsAnnsSeat(annPhone.page, link, bob.page);

    // On B, the player's passkey is listed, used once.
    await annPhone.page.goto(`${product.url}/me`);
    await expect.poll(() => annPhone.page.getByTestId('passkey').count()).toBe(1);
    await expect.poll(() => annPhone.page.getByTestId('passkey').textContent()).toContain('last used');
  });
});
