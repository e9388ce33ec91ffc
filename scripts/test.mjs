// `npm test`: install, build the server and the client side by side, then three lanes side by side
// on the machine's two cores, and one closing table over all of them. The server's tests (three
// files at a time on an idle machine) and the browser tests spend most of their time waiting (on
// timers, restarts, the network, PostgreSQL, the browser), so the third lane, at a lower priority,
// fills the cores they leave idle with the CPU-bound steps: the type checks, lint, the format check,
// the pure packages' and the client's unit tests (two at a time once either of the others has
// ended). Tools run straight from node_modules/.bin (a pnpm started per step cost seconds of CPU
// each). Each step's output is held back and printed whole when it ends, so nothing interleaves,
// and each step's CPU seconds are printed at the end (scripts/cpu-of.mjs): on a loaded machine wall
// times measure the neighbours, CPU seconds change less.
import { accessSync, constants, mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { machineCpu } from './machine-cpu.mjs';
import { pnpm } from './pnpm.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reports = resolve(root, 'test-output/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const began = performance.now();
// A step's own CPU counts only the processes its tree waited for: most of Chromium's helpers, which
// outlive their parent, and PostgreSQL's backends are missing there; the machine's figure has them.
const machineAtStart = machineCpu();
/** Each step: when it started (from the beginning of the run), its wall time and its CPU seconds. */
const steps = [];
let passed = 0;
let failed = 0;
const broken = [];
/** Every test file's duration, from the vitest JSON reports. */
const files = [];
/** Every failed test with the head of its first error, printed again at the very end (a CI log may keep only its tail). */
const failures = [];

/**
 * Temporary files in memory, where Linux has its tmpfs and TMPDIR is not set: every server test file
 * on the embedded database and every browser test product copies a migrated 39 MB PGlite folder,
 * and each Chromium keeps a profile. On machine E (docs/performance.md) ten copies cost 3.8 CPU-s on
 * ext4 and 0.5 in /dev/shm, and the whole run about 24 CPU-s less. A fixed folder, so the database
 * template made once per machine is found again. The product's own data stays where DATA_DIR says.
 */
function memoryTmpdir() {
  if (process.env.TMPDIR || process.platform !== 'linux') return undefined;
  try {
    const dir = '/dev/shm/mm-test';
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined; // no /dev/shm here: the system's temporary folder, as before
  }
}
const tmpdir = memoryTmpdir();
const env = {
  ...process.env,
  ...(tmpdir ? { TMPDIR: tmpdir } : {}),
  // Colours survive the buffering when a person is watching.
  ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
};

/** A tool that a workspace package installed. */
const bin = (dir, name) => resolve(root, dir, 'node_modules/.bin', name);
/**
 * TypeScript 7, the Go compiler (the root's `@typescript/native`): it checks the Node packages'
 * program in 4.2 CPU-s where TypeScript 5.9 took 17.3 (machine E), and svelte-check's `--tsgo` finds it.
 */
const typescript7 = resolve(root, 'node_modules/@typescript/native/bin/tsc');

/**
 * Runs `command …args` in `dir` with its output held back; resolves to whether it succeeded. A
 * `yielding` step runs at a lower priority (nice 10): see the checks' lane below.
 */
function step(label, dir, command, args, { quietOk, yielding } = {}) {
  const start = performance.now();
  console.log(`… ${label} started`);
  const run = yielding ? ['nice', '-n', '10', command, ...args] : [command, ...args];
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(root, 'scripts/cpu-of.mjs'), ...run], {
      cwd: resolve(root, dir),
      env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
    });
    const out = [];
    let cpu = '';
    child.stdout.on('data', (c) => out.push(c));
    child.stderr.on('data', (c) => out.push(c));
    child.stdio[3].on('data', (c) => (cpu += c));
    child.on('close', (code) => {
      const ms = performance.now() - start;
      steps.push({ label, startMs: start - began, ms, cpu: cpu ? Number(cpu) : null });
      const ok = code === 0;
      console.log(`\n=== ${label} (${(ms / 1000).toFixed(1)} s) ===`);
      process.stdout.write(Buffer.concat(out));
      if (ok && quietOk) console.log(quietOk);
      if (!ok) broken.push(label);
      done(ok);
    });
  });
}

/** A package's vitest run, with its JSON report kept for the totals and the slowest files. */
async function testPackage(label, dir, options) {
  const report = resolve(reports, `${label}.json`);
  await step(
    label,
    dir,
    bin(dir, 'vitest'),
    ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    options,
  );
  if (!existsSync(report)) return;
  const json = JSON.parse(readFileSync(report, 'utf8'));
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  for (const file of json.testResults) {
    const name = relative(root, file.name);
    files.push({ name, ms: file.endTime - file.startTime });
    if (file.status === 'failed' && !file.assertionResults.some((t) => t.status === 'failed'))
      failures.push({ name, test: '(the file itself)', error: file.message ?? '' });
    for (const t of file.assertionResults)
      if (t.status === 'failed') failures.push({ name, test: t.fullName, error: t.failureMessages?.[0] ?? '' });
  }
}

const installStart = performance.now();
pnpm(['install', '--frozen-lockfile', '--prefer-offline']);
steps.push({ label: 'install', startMs: installStart - began, ms: performance.now() - installStart, cpu: null });
// The server's tests and the browser tests read the bundled server (tests that start it as a
// process, and the product): built once, before either starts, so neither writes it while the other
// reads it. The client's build needs nothing of the server's, so it runs beside it: the browser
// tests, the longest lane, start as soon as both are there.
const serverBuild = step('server build', 'apps/server', 'sh', [
  '-c',
  'node scripts/prisma-generate.mjs && node scripts/build.mjs',
]);
const clientBuild = step('web build', 'apps/web', bin('apps/web', 'vite'), ['build']);

const server = (async () => {
  if (await serverBuild) await testPackage('server', 'apps/server');
  else broken.push('server tests (no build)');
})();

const browser = (async () => {
  const [serverBuilt, clientBuilt] = await Promise.all([serverBuild, clientBuild]);
  if (clientBuilt && serverBuilt) await testPackage('e2e', 'apps/e2e');
  else broken.push('e2e (no client or server build)');
})();

// The checks yield the cores to the two lanes above, which spend their time waiting on each other
// (a phone on the server, a test on a restart): given the CPU the moment they ask, those lanes end
// sooner, and the checks fill the time they leave (machine E: docs/performance.md). One check at a
// time while both lanes run; once either lane has ended, a second takes the next check in the
// list, so the last checks do not run alone on one core while the other waits.
/** A check: a step at the lower priority (see `step`). */
const check = (label, dir, command, args, options = {}) => step(label, dir, command, args, { ...options, yielding: true });
const checkPackage = (name, dir = `packages/${name}`) => testPackage(name, dir, { yielding: true });
const checkList = [
  // Longest first: what is left when the second runner starts is short, and splits evenly.
  // Lint and the format check fail the run like a failing test.
  () => check('lint', '.', bin('.', 'eslint'), ['--max-warnings', '0', '.'], { quietOk: 'lint: 0 problems' }),
  () => check('format', '.', bin('.', 'prettier'), ['--check', '.']),
  () => checkPackage('solver'),
  () => checkPackage('rules'),
  () =>
    check('web types', 'apps/web', 'sh', [
      '-c',
      `node_modules/.bin/svelte-check --tsconfig ./tsconfig.json --fail-on-warnings --tsgo && ${typescript7} -p tsconfig.sw.json --singleThreaded`,
    ]),
  () => checkPackage('web', 'apps/web'),
  // One program for the Node packages (rules, protocol, solver, server): each package's own
  // `tsc -p .` checked the packages it imports again. TypeScript 7 (the Go compiler) on one thread:
  // the root's `typescript` stays 5.9 for typescript-eslint, which needs its JavaScript API. Both
  // type checks read the server's generated Prisma client, which its build step writes.
  () => serverBuild.then(() => check('types', '.', typescript7, ['-p', 'tsconfig.check.json', '--singleThreaded'])),
  () => checkPackage('protocol'),
  () => serverBuild.then(() => check('e2e types', 'apps/e2e', typescript7, ['-p', '.', '--singleThreaded'])),
];
const checkRunner = async () => {
  for (let next = checkList.shift(); next; next = checkList.shift()) await next();
};
const checks = (async () => {
  const first = checkRunner();
  await Promise.race([server, browser]);
  await Promise.all([first, checkRunner()]);
})();

await Promise.all([server, browser, checks]);

const seconds = (ms) => `${(ms / 1000).toFixed(1).padStart(7)} s`;
const cpuSeconds = (cpu) => (cpu === null ? '        ' : `${cpu.toFixed(1).padStart(6)} s`);
console.log('\nPer step: started at, wall time, CPU seconds (user + system):');
for (const s of steps.sort((a, b) => a.startMs - b.startMs))
  console.log(`${seconds(s.startMs)} ${seconds(s.ms)} ${cpuSeconds(s.cpu)}  ${s.label}`);
const cpu = steps.reduce((sum, s) => sum + (s.cpu ?? 0), 0);
console.log(`${seconds(performance.now() - began)} ${' '.repeat(9)} ${cpuSeconds(cpu)}  in all`);
const machineAtEnd = machineCpu();
if (machineAtStart && machineAtEnd)
  console.log(
    `${' '.repeat(19)}${cpuSeconds(machineAtEnd.busy - machineAtStart.busy)}  the whole machine, idle ${(machineAtEnd.idle - machineAtStart.idle).toFixed(0)} s of its cores' time`,
  );
console.log('\nSlowest test files:');
for (const f of files.sort((a, b) => b.ms - a.ms).slice(0, 15)) console.log(`${seconds(f.ms)}  ${f.name}`);

if (failures.length) console.log('\nFailed tests:');
for (const f of failures) {
  console.log(`  ${f.name} › ${f.test}`);
  for (const line of f.error.split('\n').slice(0, 6)) console.log(`      ${line}`);
}
console.log(`\nPackages with failures: ${broken.length ? broken.join(', ') : 'none'}`);
console.log(`Tests: ${passed} passed, ${failed} failed`);
process.exit(broken.length || failed ? 1 : 0);
