// How Debian's Chromium is launched, in plain JavaScript so that bench/web.mjs (run by node, no
// build) and the browser tests (TypeScript, through chromium.d.mts) share one recipe.

/** Debian's Chromium; nothing is ever downloaded. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Chromium's own features this browser goes without. Each window of the headless browser (one per
 * test phone) loaded the address bar's popup as two hidden WebUI pages, each in a renderer of its
 * own: eight phones cost 7.2 CPU-seconds with them and 1.4 without (machine E, docs/performance.md).
 * Chromium keeps the last `--disable-features` it is given, so the list Playwright passes (1.65, its
 * `chromiumSwitches`) is repeated here before ours.
 */
const DISABLED_FEATURES = [
  // Playwright's
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
  // ours: the address bar's popup, drawn by WebUI pages
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
  'AimPopup',
  // ours: the spare renderer Chromium starts ahead of the next navigation. Every phone is a new
  // browser context, which never shares a renderer with another: each spare started was a second
  // renderer per phone (16 for 8 phones, 8 without), used once or never.
  'SpareRendererForSitePerProcess',
];

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
];
