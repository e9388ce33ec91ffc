import { afterAll, describe, expect, it } from 'vitest';
import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { profilePhone, screenshot } from './support/browser';
import { useProduct } from './support/product';
import { createRoom } from './support/table';

/** Width and height from a PNG's header. */
const pngSize = (bytes: Buffer): [number, number] => [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];

/**
 * Taps the notification tagged `tag` the only way a headless browser allows: the worker's own
 * `notificationclick` listener runs on a NotificationEvent made in the worker. The browser lets
 * only a real tap open or focus a window, so those two calls are recorded instead of made; the
 * listener's choice between them is what this checks.
 */
async function tapNotification(context: BrowserContext, tag: string): Promise<{ calls: string[]; left: number }> {
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  return worker.evaluate(async (wanted) => {
    interface WorkerScope {
      registration: { getNotifications(filter?: { tag?: string }): Promise<Notification[]> };
      clients: object;
      dispatchEvent(e: Event): boolean;
    }
    type Ctor = new (type: string, init: { notification: Notification }) => Event;
    const scope = self as unknown as WorkerScope;
    const globals = globalThis as unknown as { NotificationEvent: Ctor; WindowClient: { prototype: object } };
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (!notification) throw new Error(`no notification tagged ${wanted}`);
    const calls: string[] = [];
    Object.defineProperty(scope.clients, 'openWindow', {
      configurable: true,
      value: async (url: string) => {
        calls.push(`open ${url}`);
        return null;
      },
    });
    Object.defineProperty(globals.WindowClient.prototype, 'focus', {
      configurable: true,
      async value(this: { url: string }) {
        calls.push(`focus ${new URL(this.url).pathname}`);
        return this;
      },
    });
    const extended: Promise<unknown>[] = [];
    const event = new globals.NotificationEvent('notificationclick', { notification });
    // a script-made event cannot extend the worker's life itself: collect what the listener waits for
    Object.defineProperty(event, 'waitUntil', { value: (p: Promise<unknown>) => extended.push(p) });
    scope.dispatchEvent(event);
    await Promise.all(extended);
    return { calls, left: (await scope.registration.getNotifications({ tag: wanted })).length };
  }, tag);
}

/** `promise`, or a failure naming `step` once `ms` have passed: a test that hangs says where. */
async function step<T>(name: string, promise: Promise<T>, ms = 40_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`step "${name}" did not end within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Waits until the page is controlled by the active service worker (first visit: it claims the page). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Delivers `push` to the site's service worker through DevTools, and returns every notification
 * shown once one tagged `push.tag` is. A delivery was seen to vanish on a heavily loaded machine (the
 * second of this file's, 40 s without a notification): one that shows nothing within 10 s is
 * delivered again, at most three times in all, each retry logged. A worker that shows nothing
 * still fails the test.
 */
async function pushUntilShown(
  cdp: CDPSession,
  page: Page,
  origin: string,
  registrationId: string,
  push: { tag: string },
): Promise<{ title: string; body: string; tag: string; data: unknown }[]> {
  for (let delivery = 1; ; delivery++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(push) });
    // polls until the worker has shown it, or 10 s have passed
    const shown = await page.evaluate(async (tag) => {
      const reg = await navigator.serviceWorker.ready;
      for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((r) => setTimeout(r, 50)))
        if ((await reg.getNotifications({ tag })).length > 0)
          return (await reg.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
          }));
      return null;
    }, push.tag);
    if (shown) return shown;
    if (delivery === 3) throw new Error(`no notification tagged ${push.tag} after ${delivery} deliveries`);
    console.log(`push ${push.tag}: no notification within 10 s of delivery ${delivery}, delivered again`);
  }
}

/** The registration id Chromium's DevTools gives the site's service worker, and the session that saw it. */
async function registration(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; id: string }> {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; isDeleted: boolean }[] }) => {
        const live = e.registrations.find((r) => !r.isDeleted);
        if (live) resolve(live.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return { cdp, id: await found };
}

describe('the installable app', () => {
  const product = useProduct();

  it('links a manifest with PNG icons rendered from the logo, and Chromium reports no installability errors', async () => {
    const { context, page, close } = await profilePhone();
    await page.goto(product.url);
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const manifest = (await cdp.send('Page.getAppManifest')) as { url: string; errors: unknown[]; data?: string };
    expect(manifest.url).toBe(`${product.url}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    const data = JSON.parse(manifest.data ?? '{}') as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(data).toMatchObject({ name: 'Mastermind Table', short_name: 'Mastermind', start_url: '/', display: 'standalone' });
    for (const icon of data.icons) {
      const res = await fetch(new URL(icon.src, product.url));
      expect(res.headers.get('content-type')).toContain('image/png');
      const [w, h] = pngSize(Buffer.from(await res.arrayBuffer()));
      expect(`${w}x${h}`).toBe(icon.sizes);
    }
    expect(data.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] };
    console.log(`installability errors: ${JSON.stringify(installabilityErrors)}`);
    expect(installabilityErrors).toEqual([]);
    await close();
  });

  it('reloads with no network into the app and its offline notice, not the browser error page', async () => {
    const { context, page } = await product.phone('en-GB', { serviceWorker: true });
    await page.goto(product.url);
    await controlled(page);
    await context.setOffline(true);
    await page.reload();
    await page.getByTestId('offline-notice').waitFor();
    await page.getByTestId('home-link').waitFor();
    await screenshot(page, 'pwa-offline-home');
    // a room's link too opens the app offline (its own banner says the connection is down)
    await page.goto(`${product.url}/r/AAAAAAAAAAAAAAAA`);
    await page.locator('[data-testid="connection-banner"][data-state="offline"]').waitFor();
    // and API traffic is never answered from a cache: it fails like the network it needs
    expect(
      await page.evaluate(() =>
        fetch('/api/health').then(
          () => 'answered',
          () => 'failed',
        ),
      ),
    ).toBe('failed');
    await context.setOffline(false);
  });

  it("a push delivered to the service worker shows the notification; a tap focuses the room's tab or opens the room", async () => {
    const { context, page } = await product.phone('en-GB', { serviceWorker: true });
    await context.grantPermissions(['notifications'], { origin: product.url });
    await page.goto(`${product.url}/r/AAAAAAAAAAAAAAAA`);
    await step('the page controlled by the worker', controlled(page));
    const { cdp, id } = await step('the registration id', registration(context, page));
    const push = {
      kind: 'turn',
      title: '● Your turn',
      body: 'Duel: the table is waiting for your move.',
      url: '/r/AAAAAAAAAAAAAAAA',
      tag: 'room-AAAAAAAAAAAAAAAA',
    };
    const shown = await step('the first notification shown', pushUntilShown(cdp, page, product.url, id, push));
    expect(shown).toEqual([{ title: push.title, body: push.body, tag: push.tag, data: { url: push.url } }]);

    // Tapped while a tab shows that room: that tab is focused, and the notification goes away.
    expect(await step('the first tap', tapNotification(context, push.tag))).toEqual({
      calls: ['focus /r/AAAAAAAAAAAAAAAA'],
      left: 0,
    });

    // Tapped while no tab shows that room: the room opens.
    await page.goto(`${product.url}/history`);
    const other = { ...push, url: '/r/BBBBBBBBBBBBBBBB', tag: 'room-BBBBBBBBBBBBBBBB' };
    await step('the second notification shown', pushUntilShown(cdp, page, product.url, id, other));
    expect(await step('the second tap', tapNotification(context, other.tag))).toEqual({
      calls: ['open /r/BBBBBBBBBBBBBBBB'],
      left: 0,
    });
  });
});

describe('turn notifications in the room', () => {
  const product = useProduct();

  it('offers "Notify me when it\'s my turn" once the person has sat down, without asking the browser first', async () => {
    const { page } = await product.phone('fr-FR', { serviceWorker: true });
    // created by its host only, so the creator arrives watching and sits down afterwards
    await createRoom(page, product.url, 'duel');
    await page.getByTestId('seat-name-input').waitFor();
    expect(await page.getByTestId('notify-panel').count()).toBe(0);
    await page.getByTestId('seat-name-input').fill('Alice');
    await page.getByTestId('seat-claim-0').tap();
    await page.locator('[data-testid="notify-panel"][data-state="off"]').waitFor();
    expect(await page.getByTestId('push-enable').textContent()).toContain("Me prévenir quand c'est mon tour");
    // nothing was asked yet: the permission stays undecided until the tap
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    expect(await page.getByTestId('turn-sound').isChecked()).toBe(false);
    await screenshot(page, 'pwa-notify-offer');
  });
});

describe('a new deployment', () => {
  // The server reads a file's content per request (its list of files is made at start): a copy of
  // the built client can have its service worker "redeployed" under it.
  const dist = mkdtempSync(join(tmpdir(), 'mm-e2e-dist-'));
  cpSync(fileURLToPath(new URL('../../web/dist', import.meta.url)), dist, { recursive: true });
  const product = useProduct({ WEB_DIST: dist });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  it('waits in the background, then the page offers "new version — reload" and reloads into it', async () => {
    const { page } = await product.phone('en-GB', { serviceWorker: true });
    await page.goto(product.url);
    await controlled(page);
    expect(await page.getByTestId('update-notice').count()).toBe(0);

    // A deployment writes the new worker and its precompressed copies (the server prefers those).
    appendFileSync(join(dist, 'sw.js'), '\n// the next deployment\n');
    const worker = readFileSync(join(dist, 'sw.js'));
    writeFileSync(join(dist, 'sw.js.br'), brotliCompressSync(worker));
    writeFileSync(join(dist, 'sw.js.gz'), gzipSync(worker));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    await page.getByTestId('update-notice').waitFor();
    // the old worker still serves the page until the person chooses to reload
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);
    await screenshot(page, 'pwa-update-notice');

    await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').tap()]);
    await page.getByTestId('home-link').waitFor();
    await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration())?.waiting === null);
    expect(await page.getByTestId('update-notice').count()).toBe(0);
  });
});
