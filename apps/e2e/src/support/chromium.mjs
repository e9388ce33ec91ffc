// How Debian's Chromium is launched, in plain JavaScript so that bench/web.mjs (run by node, no
// build) and the browser tests (TypeScript, through chromium.d.mts) share one recipe.

/** Debian's Chromium; nothing is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
