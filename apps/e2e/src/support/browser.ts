import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

export { CHROMIUM_PATH };

/** Screenshots land in the repository's test-output folder (gitignored). */
export const SCREENSHOTS = fileURLToPath(new URL('../../../../test-output/e2e/', import.meta.url));

function checkChromium(): void {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`No Chromium at ${CHROMIUM_PATH}: apt-get install chromium (or set CHROMIUM_PATH).`);
  }
  mkdirSync(SCREENSHOTS, { recursive: true });
}

/**
 * A Chromium of the calling test file's own, closed by it. One browser for every file was tried and
 * left the next file's phones failing (a passkey test after the identity test: the browser keeps
 * state across contexts that a fresh launch does not), for about a CPU-second saved per file.
 */
export async function launchBrowser(): Promise<Browser> {
  checkChromium();
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_FLAGS] });
}

/**
 * What every test phone is: a touch screen, drawn at one device pixel per CSS pixel. Real phones
 * have two or three, but layout, tap targets and overflow are measured in CSS pixels either way,
 * and drawing four times the pixels cost the browser tests 18 of their 236 CPU-seconds (machine E,
 * docs/performance.md). The screenshots are at 1× for it.
 */
export const MOBILE = { deviceScaleFactor: 1, isMobile: true, hasTouch: true } as const satisfies BrowserContextOptions;

/**
 * A phone whose browser keeps a profile on disk, as an installed browser does: Chromium never
 * offers to install a site from an incognito-like context, so the installability check needs it.
 */
export async function profilePhone(): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  checkChromium();
  const dir = mkdtempSync(join(tmpdir(), 'mm-e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
    viewport: { width: 360, height: 740 },
    ...MOBILE,
    locale: 'en-GB',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Context options of a test phone whose site may not install its service worker. Installing it
 * precaches the whole client (134 files) in every new context: measured on first-minute.test.ts,
 * whose twelve phones spent 58 CPU-seconds with it and 44 without. The worker is tested where it
 * is the subject (pwa.test.ts), and the duel and CSP flows play with it installed.
 */
export const NO_SERVICE_WORKER = { serviceWorkers: 'block' } as const satisfies BrowserContextOptions;

export interface PhoneOptions {
  /** install the site's service worker (NO_SERVICE_WORKER) */
  serviceWorker?: boolean;
}

/**
 * A 360×740 portrait phone with touch, in its own context (its own localStorage); its service
 * worker is blocked unless `serviceWorker` (NO_SERVICE_WORKER).
 */
export async function phone(
  browser: Browser,
  locale = 'en-GB',
  { serviceWorker = false }: PhoneOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    ...MOBILE,
    locale,
    ...(serviceWorker ? {} : NO_SERVICE_WORKER),
  });
  const page = await context.newPage();
  return { context, page };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SCREENSHOTS}${name}.png`, fullPage: true });
}
