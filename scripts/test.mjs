// `npm test`: install, build the client the browser tests load, then run every
// package's tests one package at a time (they share the machine's PostgreSQL and
// its two cores), and print where the time went and one closing line over all of them.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { PNPM, pnpm } from './pnpm.mjs';

const packages = ['@mm/rules', '@mm/solver', '@mm/protocol', '@mm/server', '@mm/web', '@mm/e2e'];
const reports = resolve('test-output/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

/** Wall time of each step, in the order they ran. */
const steps = [];
function timed(label, run) {
  const start = performance.now();
  const result = run();
  steps.push({ label, ms: performance.now() - start });
  return result;
}

timed('install', () => pnpm(['install', '--frozen-lockfile', '--prefer-offline']));
timed('web build', () => pnpm(['--filter', '@mm/web', 'build']));

let passed = 0;
let failed = 0;
const broken = [];
/** Every test file's duration, from the vitest JSON reports. */
const files = [];

// Lint and the format check fail the run like a failing test.
console.log('\n=== lint ===');
if (timed('lint', () => spawnSync('npx', ['--yes', PNPM, 'run', 'lint'], { stdio: 'inherit' })).status !== 0) broken.push('lint');
else console.log('lint: 0 problems');
console.log('\n=== format ===');
if (timed('format', () => spawnSync('npx', ['--yes', PNPM, 'run', 'format:check'], { stdio: 'inherit' })).status !== 0)
  broken.push('format');
for (const name of packages) {
  const report = resolve(reports, `${name.replace('@mm/', '')}.json`);
  console.log(`\n=== ${name} ===`);
  const r = timed(name, () =>
    spawnSync(
      'npx',
      ['--yes', PNPM, '--filter', name, 'run', 'test', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
      { stdio: 'inherit' },
    ),
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    for (const file of json.testResults)
      files.push({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime });
  }
  if (r.status !== 0) broken.push(name);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
console.log('\nWall time per step:');
for (const s of steps) console.log(`${seconds(s.ms)}  ${s.label}`);
console.log('\nSlowest test files:');
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${seconds(f.ms)}  ${f.name}`);

console.log(`\nPackages with failures: ${broken.length ? broken.join(', ') : 'none'}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
