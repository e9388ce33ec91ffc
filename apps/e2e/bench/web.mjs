// `npm run bench:web`: what a first visit costs on a slow phone. Serves the built client
// (apps/web/dist) with the bundled server (apps/server/dist), opens the home page, a
// room link and the Code of the day in Chromium with a cold cache, throttled through the DevTools protocol
// (1.6 Mbps down, 750 kbps up, 150 ms RTT, 4× CPU), and prints per route: the JS and CSS
// fetched (compressed bodies as sent, and decoded; response headers not counted), those
// fetched before first paint, and FCP/LCP.
// Numbers are printed for tracking, never asserted.
import { chromium } from 'playwright-core';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../src/support/chromium.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const MAIN = join(ROOT, 'apps/server/dist/main.js');
const WEB_DIST = join(ROOT, 'apps/web/dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const THROTTLE = { latency: 150, downloadThroughput: (1.6e6 / 8) | 0, uploadThroughput: (750e3 / 8) | 0, offline: false };

for (const [what, path] of [
  ['the built server (node scripts/pnpm.mjs --filter @mm/server build)', MAIN],
  ['the built client (node scripts/pnpm.mjs --filter @mm/web build)', join(WEB_DIST, 'index.html')],
]) {
  if (!existsSync(path)) throw new Error(`bench:web needs ${what}: ${path} is missing`);
}

async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mm-bench-web-'));
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: dataDir, WEB_DIST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk.toString();
      const m = /open (http:\/\/[^\s"]+) to play/i.exec(output);
      if (m) resolve(m[1]);
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => {
          rmSync(dataDir, { recursive: true, force: true });
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** One cold visit of `url`: resources by type with their sizes and finish times, and the paint timings. */
async function visit(browser, url, viewport) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 2, isMobile: true, hasTouch: true, locale: 'en-GB' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', THROTTLE);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const requests = new Map();
  cdp.on('Network.responseReceived', (e) => {
    requests.set(e.requestId, {
      url: e.response.url,
      type: e.type,
      encoded: 0,
      decoded: 0,
      end: null,
      headers: e.response.encodedDataLength ?? 0,
    });
  });
  cdp.on('Network.dataReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.decoded += e.dataLength;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) {
      r.encoded = e.encodedDataLength;
      r.end = e.timestamp;
    }
  });
  let navStart = null;
  cdp.on('Network.requestWillBeSent', (e) => {
    if (navStart === null && e.type === 'Document') navStart = e.timestamp;
  });
  await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
  // the app has rendered its route: the page's one heading is there
  await page.waitForSelector('main h1, main h2', { timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 30_000 }).catch(() => undefined);
  const paints = await page.evaluate(
    () =>
      new Promise((resolve) => {
        const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null;
        let lcp = null;
        new PerformanceObserver((list) => {
          for (const e of list.getEntries()) lcp = e.startTime;
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        setTimeout(() => resolve({ fcp, lcp }), 100);
      }),
  );
  await context.close();
  const assets = [...requests.values()].filter((r) => r.type === 'Script' || r.type === 'Stylesheet');
  const beforePaint = assets.filter(
    (r) => r.end !== null && navStart !== null && paints.fcp !== null && (r.end - navStart) * 1000 <= paints.fcp,
  );
  const sum = (list, key) => list.reduce((n, r) => n + r[key], 0);
  if (process.env.BENCH_VERBOSE) {
    for (const r of assets.sort((a, b) => b.encoded - a.encoded))
      console.log(
        `    ${String(r.encoded).padStart(7)} ${String(r.decoded).padStart(7)} ${r.url.replace(/^https?:\/\/[^/]+/, '')}`,
      );
  }
  return {
    fcp: paints.fcp,
    lcp: paints.lcp,
    files: assets.length,
    wire: sum(assets, 'encoded') - sum(assets, 'headers'),
    raw: sum(assets, 'decoded'),
    wireBeforePaint: sum(beforePaint, 'encoded') - sum(beforePaint, 'headers'),
  };
}

const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  return s.length ? s[Math.floor(s.length / 2)] : null;
};
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const ms = (n) => (n === null ? '—' : `${Math.round(n)} ms`);

/** What index.html itself references (entry script, modulepreloads, stylesheets): loaded on every route before the app runs. */
function entryBytes() {
  const html = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => join(WEB_DIST, m[1]));
  const size = (f) => (existsSync(f) ? statSync(f).size : 0);
  return {
    files: files.length,
    raw: files.reduce((n, f) => n + size(f), 0),
    br: files.reduce((n, f) => n + (size(`${f}.br`) || size(f)), 0),
  };
}

const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
try {
  const res = await fetch(`${server.url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"family":"duel"}',
  });
  const room = await res.json();
  const routes = [
    ['home', '/'],
    ['room link', `/r/${room.id}`],
    ['daily', '/daily'],
  ];
  const entry = entryBytes();
  console.log(
    `entry (index.html's own scripts and styles, every route): ${kb(entry.br)} brotli (${kb(entry.raw)} raw) in ${entry.files} files`,
  );
  console.log(
    `bench:web — cold cache, 1.6 Mbps / 150 ms RTT / 4× CPU, 390×844, median of ${RUNS}; JS+CSS = everything fetched until the page has rendered`,
  );
  console.log('route       JS+CSS compressed (raw)       before first paint   files   FCP       LCP');
  for (const [name, path] of routes) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await visit(browser, server.url + path, { width: 390, height: 844 }));
    const m = (k) => median(runs.map((r) => r[k]));
    console.log(
      `${name.padEnd(11)} ${`${kb(m('wire'))} (${kb(m('raw'))})`.padEnd(29)} ${kb(m('wireBeforePaint')).padEnd(20)} ${String(m('files')).padEnd(7)} ${ms(m('fcp')).padEnd(9)} ${ms(m('lcp'))}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}
