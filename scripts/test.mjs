// `npm test`: install, build the client the browser tests load, then run every
// package's tests one package at a time (they share the machine's PostgreSQL and
// its two cores), and print one closing line over all of them.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { PNPM, pnpm } from './pnpm.mjs';

const packages = ['@mm/rules', '@mm/solver', '@mm/protocol', '@mm/server', '@mm/web', '@mm/e2e'];
const reports = resolve('test-output/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
pnpm(['--filter', '@mm/web', 'build']);

let passed = 0;
let failed = 0;
const broken = [];

// Lint and the format check fail the run like a failing test.
console.log('\n=== lint ===');
if (spawnSync('npx', ['--yes', PNPM, 'run', 'lint'], { stdio: 'inherit' }).status !== 0) broken.push('lint');
else console.log('lint: 0 problems');
console.log('\n=== format ===');
if (spawnSync('npx', ['--yes', PNPM, 'run', 'format:check'], { stdio: 'inherit' }).status !== 0) broken.push('format');
for (const name of packages) {
  const report = resolve(reports, `${name.replace('@mm/', '')}.json`);
  console.log(`\n=== ${name} ===`);
  const r = spawnSync(
    'npx',
    ['--yes', PNPM, '--filter', name, 'run', 'test', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit' },
  );
  if (existsSync(report)) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
  }
  if (r.status !== 0) broken.push(name);
}

console.log(`\nPackages with failures: ${broken.length ? broken.join(', ') : 'none'}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
