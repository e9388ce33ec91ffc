// Reads a .cpuprofile (`bench:load --profile DIR`) as relative shares of the process's busy time:
// self time by function, and by module (the bundles' `// path` comments say which module of
// dist/main.js a line belongs to). Shares, not times: they survive a loaded machine better.
//
//   node scripts/cpu-profile.mjs FILE [--from S] [--to S] [--top N]
//
// --from/--to: seconds since the profile started, or negative: before its end. By default from
// 10 s to 2 s before the end: within a `bench:load` run's measured window (the rooms' set-up
// before it and the closing sockets after it left out).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const file = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (!file) {
  console.error('usage: node scripts/cpu-profile.mjs FILE [--from S] [--to S] [--top N]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8'));
const length = (profile.endTime - profile.startTime) / 1e6;
const at = (s) => (s < 0 ? length + s : s);
const from = at(flag('from', -10));
const to = at(flag('to', -2));
const top = flag('top', 25);

// Which module each line of a bundle comes from, by its `// path` comments.
const bundles = new Map();
function moduleOf(url, line) {
  const path = url.startsWith('file://') ? fileURLToPath(url) : null;
  if (!path || !/\.m?js$/.test(path) || !path.includes(join('apps', 'server', 'dist'))) return null;
  if (!bundles.has(path)) {
    const marks = [];
    if (existsSync(path)) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((text, i) => {
          const m = /^\s*\/\/ ((?:\.\.\/)*)(.+\.[cm]?[jt]sx?)$/.exec(text);
          if (!m) return;
          const pkg = /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(m[2]);
          marks.push([i + 1, pkg ? pkg[1] : m[2].replace(/\/[^/]+$/, '')]);
        });
    }
    bundles.set(path, marks);
  }
  let found = dirname(path);
  for (const [start, name] of bundles.get(path)) {
    if (start > line) break;
    found = name;
  }
  return found;
}

const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const byFunction = new Map();
const byModule = new Map();
let busy = 0;
let all = 0;
let t = 0;
const add = (map, key, us) => map.set(key, (map.get(key) ?? 0) + us);
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  if (t / 1e6 < from || t / 1e6 > to) continue;
  const us = profile.timeDeltas[i];
  all += us;
  const { functionName, url, lineNumber } = nodes.get(profile.samples[i]).callFrame;
  if (functionName === '(idle)') continue;
  busy += us;
  const where = url ? `${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}` : '';
  add(byFunction, `${functionName || '(anonymous)'} ${where}`, us);
  const module =
    moduleOf(url, lineNumber + 1) ??
    (url.startsWith('node:')
      ? 'node'
      : url.startsWith('wasm')
        ? 'WebAssembly'
        : url
          ? url.replace(/^.*node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+).*$/, '$1')
          : functionName);
  add(byModule, module, us);
}
const show = (title, map) => {
  console.log(title);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * us) / busy).toFixed(1).padStart(6)} %  ${key}`);
  }
};
console.log(
  `${file}: ${from.toFixed(1)}–${to.toFixed(1)} s of ${length.toFixed(1)} s, busy ${((100 * busy) / (all || 1)).toFixed(1)} % of it; shares of the busy time`,
);
show('self time by function', byFunction);
show('self time by module', byModule);
