// `npm test`: install, build the server once, then two lanes side by side on the machine's two
// cores, and one closing line over all of them. The server's tests spend most of their time waiting
// (on timers, restarts, the network, PostgreSQL) and run one file at a time, so the other lane
// fills the second core: the client build, lint, the format check, the CPU-bound pure packages,
// then the browser tests (on the one server build both lanes read). Each step's output is held
// back and printed whole when it ends, so nothing interleaves.
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { PNPM, pnpm } from './pnpm.mjs';

const reports = resolve('test-output/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const began = performance.now();
/** Wall time of each step: when it started (from the beginning of the run) and how long it took. */
const steps = [];
let passed = 0;
let failed = 0;
const broken = [];
/** Every test file's duration, from the vitest JSON reports. */
const files = [];

// Colours survive the buffering when a person is watching.
const env = process.stdout.isTTY ? { ...process.env, FORCE_COLOR: '1' } : process.env;

/** Runs `npx pnpm …args` with its output held back; resolves to whether it succeeded. */
function step(label, args, { quietOk } = {}) {
  const start = performance.now();
  console.log(`… ${label} started`);
  return new Promise((done) => {
    const child = spawn('npx', ['--yes', PNPM, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      steps.push({ label, startMs: start - began, ms });
      const ok = code === 0;
      console.log(`\n=== ${label} (${(ms / 1000).toFixed(1)} s) ===`);
      process.stdout.write(Buffer.concat(out));
      if (ok && quietOk) console.log(quietOk);
      if (!ok) broken.push(label);
      done(ok);
    });
  });
}

/** A package's tests, with vitest's JSON report kept for the totals and the slowest files. */
async function testPackage(name, script = 'test') {
  const report = resolve(reports, `${name.replace('@mm/', '')}.json`);
  await step(name, ['--filter', name, 'run', script, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  if (!existsSync(report)) return;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  for (const file of json.testResults)
    files.push({ name: relative(process.cwd(), file.name), ms: file.endTime - file.startTime });
}

const installStart = performance.now();
pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
steps.push({ label: 'install', startMs: installStart - began, ms: performance.now() - installStart });
// Both lanes read the bundled server (tests that start it as a process, and the browser tests):
// built once, before either starts, so neither writes it while the other reads it.
const serverBuilt = await step('server build', ['--filter', '@mm/server', 'run', 'build']);

const light = (async () => {
  const clientBuilt = await step('web build', ['--filter', '@mm/web', 'build']);
  // Lint and the format check fail the run like a failing test.
  await step('lint', ['run', 'lint'], { quietOk: 'lint: 0 problems' });
  await step('format', ['run', 'format:check']);
  for (const name of ['@mm/rules', '@mm/solver', '@mm/protocol', '@mm/web']) await testPackage(name);
  if (clientBuilt && serverBuilt) await testPackage('@mm/e2e', 'test:run');
  else broken.push('@mm/e2e (no client or server build)');
})();

const heavy = (async () => {
  if (serverBuilt) await testPackage('@mm/server', 'test:run');
  else broken.push('@mm/server (no build)');
})();

await Promise.all([light, heavy]);

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
console.log('\nWall time per step (started at, took):');
for (const s of steps.sort((a, b) => a.startMs - b.startMs)) console.log(`${seconds(s.startMs)} ${seconds(s.ms)}  ${s.label}`);
console.log(`${seconds(performance.now() - began)}  in all`);
console.log('\nSlowest test files:');
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${seconds(f.ms)}  ${f.name}`);

console.log(`\nPackages with failures: ${broken.length ? broken.join(', ') : 'none'}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
