import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { axeViolations } from './support/axe';
import { screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom, play, waitSeq } from './support/table';

/** Names the player of this phone on /me. */
async function nameMe(page: Page, baseUrl: string, name: string): Promise<void> {
  await page.goto(`${baseUrl}/me`);
  await page.getByTestId('me-name').fill(name);
  await page.getByTestId('me-name-save').tap();
  await page.getByTestId('me-name-saved').waitFor();
}

async function noSideScroll(page: Page): Promise<void> {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

describe('groups in the browser', () => {
  const product = useProduct();

  it('Ann makes a group, Bob joins by its link, and both see each other in the league table', async () => {
    const ann = await product.phone('en-GB');
    const bob = await product.phone('fr-FR');
    for (const { page } of [ann, bob]) {
      await page.setViewportSize({ width: 390, height: 844 });
      await page.emulateMedia({ colorScheme: 'dark' });
    }
    await nameMe(ann.page, product.url, 'Ann');
    await nameMe(bob.page, product.url, 'Bob');

    // From /me to /groups, where Ann makes one.
    await ann.page.getByTestId('me-groups').tap();
    await ann.page.waitForURL(/\/groups$/);
    expect(await axeViolations(ann.page), 'groups').toEqual([]);
    await ann.page.getByTestId('group-name').fill('Tuesday club');
    await ann.page.getByTestId('group-create').tap();
    await ann.page.waitForURL(/\/groups\/[A-Za-z0-9_-]{16}$/);
    await ann.page.locator('[data-testid="group-member"][data-name="Ann"]').waitFor();
    const link = await ann.page.getByTestId('group-invite-url').inputValue();
    expect(link).toMatch(new RegExp(`^${product.url}/g/[A-Za-z0-9_-]{22}$`));
    expect(await ann.page.getByTestId('qr-code').getAttribute('data-text')).toBe(link);

    // Bob opens the link (in French): the group's name first, nothing joined before he taps.
    await bob.page.goto(link);
    await expect
      .poll(() => bob.page.getByTestId('group-invite-to').textContent())
      .toBe('Rejoindre le groupe « Tuesday club » ? Membres : 1');
    expect(await axeViolations(bob.page), 'invitation').toEqual([]);
    await bob.page.getByTestId('group-invite-join').tap();
    await bob.page.waitForURL(/\/groups\/[A-Za-z0-9_-]{16}$/);

    // Both see both in the league table (no match yet this week: 0 points each), and in the Code of the day.
    for (const { page } of [ann, bob]) {
      if (page === ann.page) await page.reload();
      for (const name of ['Ann', 'Bob']) {
        await page.locator(`[data-testid="group-member"][data-name="${name}"][data-points="0"]`).waitFor();
        await page.locator(`[data-testid="group-daily-member"][data-name="${name}"][data-today="none"]`).waitFor();
      }
      await noSideScroll(page);
      expect(await axeViolations(page), 'group page').toEqual([]);
    }
    // Only the maker may remove someone: Ann sees a button for Bob, Bob none for Ann.
    expect(await ann.page.getByTestId('group-remove').count()).toBe(1);
    expect(await bob.page.getByTestId('group-remove').count()).toBe(0);
    await screenshot(bob.page, 'group-dark');
    await ann.page.emulateMedia({ colorScheme: 'light' });
    expect(await axeViolations(ann.page), 'group page, light').toEqual([]);

    // Home leads to the groups too.
    const groupUrl = bob.page.url();
    await bob.page.goto(product.url);
    await bob.page.getByTestId('home-groups').tap();
    await bob.page.waitForURL(/\/groups$/);
    await bob.page.getByTestId('group-item').first().waitFor();
    await bob.page.goto(groupUrl);

    // Bob leaves: back on his list of groups, now empty, and Ann's table no longer has him.
    await bob.page.getByTestId('group-leave').tap();
    await bob.page.waitForURL(/\/groups$/);
    await expect.poll(() => bob.page.getByTestId('group-item').count()).toBe(0);
    await ann.page.reload();
    await ann.page.locator('[data-testid="group-member"][data-name="Ann"]').waitFor();
    expect(await ann.page.locator('[data-testid="group-member"][data-name="Bob"]').count()).toBe(0);
  });

  it('makes a group of a table in one tap from its running score, and the league counts the match', async () => {
    const ann = await product.phone('en-GB');
    await ann.page.setViewportSize({ width: 390, height: 844 });
    const link = await createRoom(ann.page, product.url, 'duel', undefined, 'Ann');
    const bob = await product.join(link, 'Bob', 1, 'de-DE');
    // Each breaks the other's code at the first row: a draw.
    await play(ann.page, [0, 1, 2, 3]);
    await waitSeq(bob.page, 1);
    await play(bob.page, [0, 1, 2, 3]);
    await waitSeq(bob.page, 2);
    await play(bob.page, [5, 4, 3, 2]);
    await waitSeq(ann.page, 3);
    await play(ann.page, [5, 4, 3, 2]);
    await ann.page.getByTestId('match-end').waitFor();

    await ann.page.getByTestId('table-group-make').tap();
    const invite = await ann.page.getByTestId('table-group-url').inputValue();
    expect(invite).toMatch(new RegExp(`^${product.url}/g/[A-Za-z0-9_-]{22}$`));
    expect(await axeViolations(ann.page), 'room with the table’s group').toEqual([]);
    await noSideScroll(ann.page);

    await bob.page.goto(invite);
    await bob.page.getByTestId('group-invite-join').tap();
    await bob.page.waitForURL(/\/groups\/[A-Za-z0-9_-]{16}$/);
    for (const name of ['Ann', 'Bob'])
      await bob.page.locator(`[data-testid="group-member"][data-name="${name}"][data-points="1"]`).waitFor();
    expect(await bob.page.getByTestId('group-match').count()).toBe(1);
    await ann.page.getByTestId('table-group-open').tap();
    await ann.page.locator('[data-testid="group-member"][data-name="Bob"][data-points="1"]').waitFor();
  });
});
