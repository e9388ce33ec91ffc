import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';

/** Names the player on /me (the name friends see). */
async function named(page: Page, url: string, name: string): Promise<void> {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${url}/me`);
  await page.getByTestId('me-name').fill(name);
  await page.getByTestId('me-name-save').tap();
  await page.getByTestId('me-name-saved').waitFor();
}

describe('a challenge in the browser', () => {
  const product = useProduct();

  it('Ann challenges her friend Bob from the friends list; his home page shows it, and Accept seats them both', async () => {
    const ann = await product.phone('en-GB');
    const bob = await product.phone('en-GB');
    await named(ann.page, product.url, 'Ann');
    await named(bob.page, product.url, 'Bob');

    // Friends through Ann's invitation link.
    await ann.page.goto(`${product.url}/friends`);
    await ann.page.getByTestId('friend-invite-make').tap();
    const link = await ann.page.getByTestId('friend-invite-url').inputValue();
    await bob.page.goto(link);
    await bob.page.getByTestId('friend-invite-accept').tap();
    await bob.page.locator('[data-testid="friend"][data-name="Ann"]').waitFor();

    // Ann: Bob's row → Challenge → a preset; the room opens with her seated and his seat kept.
    await ann.page.reload();
    await ann.page.locator('[data-testid="friend"][data-name="Bob"]').getByTestId('friend-challenge').tap();
    await ann.page.getByTestId('challenge-dialog').waitFor();
    // named as on the home page, though /friends loads none of the home page's own
    expect(await ann.page.getByTestId('challenge-preset-duel-classic').textContent()).toContain('Classic');
    expect(await axeViolations(ann.page), 'preset picker').toEqual([]);
    await screenshot(ann.page, 'challenge-picker');
    await ann.page.getByTestId('challenge-preset-duel-classic').tap();
    await ann.page.waitForURL(/\/r\/[A-Za-z0-9_-]{16}$/);
    const roomId = ann.page.url().split('/r/')[1]!;
    await ann.page.locator('[data-testid="seat-0"][data-you="true"]').waitFor();
    await ann.page.locator('[data-testid="challenge-note"][data-status="pending"]').waitFor();
    expect(await ann.page.getByTestId('challenge-note').textContent()).toContain('kept for Bob');
    await ann.page.getByTestId('challenge-withdraw').waitFor();
    expect(await axeViolations(ann.page), 'room with a kept seat').toEqual([]);

    // Bob's home page shows the invitation at the top, in both themes.
    await bob.page.goto(product.url);
    const invite = bob.page.locator('[data-testid="challenge-invite"][data-name="Ann"]');
    await invite.waitFor();
    // the preset's name with its family's, as "Classic" names an edition of more than one game
    expect(await invite.textContent()).toContain('Ann challenges you: Duel · Classic');
    expect(await axeViolations(bob.page), 'home light').toEqual([]);
    await bob.page.emulateMedia({ colorScheme: 'dark' });
    await invite.waitFor();
    expect(await axeViolations(bob.page), 'home dark').toEqual([]);
    expect(await bob.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(bob.page, 'challenge-invite-dark');

    // Accept: Bob's page opens the room in the kept seat, and Ann sees him there.
    await invite.getByTestId('challenge-accept').tap();
    await bob.page.waitForURL(new RegExp(`/r/${roomId}$`));
    await bob.page.locator('[data-testid="seat-1"][data-you="true"]').waitFor();
    await ann.page.locator('[data-testid="challenge-note"]').waitFor({ state: 'detached' });
    await expect.poll(() => ann.page.getByTestId('seat-1').textContent()).toContain('Bob');
  });
});
