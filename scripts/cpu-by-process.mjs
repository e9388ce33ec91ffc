// `node scripts/cpu-by-process.mjs <command> [args…]`, e.g. `node scripts/cpu-by-process.mjs npm test`:
// runs the command, samples every process of the machine (/proc, every 250 ms) meanwhile, and prints
// the CPU seconds each kind of process used: Chromium's (browser, renderers, GPU, each utility
// service, and all of them together), the bundled server's processes, PostgreSQL,
// each package's vitest, each tool. It sees what a parent's own count misses (processes that outlive
// their parent, PostgreSQL's backends) and splits what the whole machine did. Linux only. A process
// that lived less than one sample is missed, and one sample's share of each process at its end.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { relative } from 'node:path';
import { machineCpu } from './machine-cpu.mjs';

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: node scripts/cpu-by-process.mjs <command> [args…]');
  process.exit(2);
}
const root = process.cwd();
const TOOLS = ['svelte-check', 'tsc', 'eslint', 'prettier', 'vitest', 'vite', 'esbuild', 'prisma', 'pnpm'];

/** What a process is, from its command line (and, for the project's tools, the folder it runs in). */
function kindOf(pid, cmd) {
  if (cmd.includes('chromium')) {
    // the browser process has no --type; a utility process says which service it runs
    const type = /--type=(\S+)/.exec(cmd)?.[1] ?? 'browser';
    const service = /--utility-sub-type=(?:[a-z_]+\.mojom\.)?(\S+)/.exec(cmd)?.[1];
    return `chromium ${type}${service ? ` (${service})` : ''}`;
  }
  if (cmd.startsWith('postgres')) return 'postgres';
  if (cmd.includes('dist/main.js')) return 'server process (dist/main.js)';
  const tool = TOOLS.find((t) => cmd.includes(`/${t}`) || cmd.includes(`${t} `));
  if (!tool) return `other: ${cmd.split(' ')[0]?.split('/').pop()}`;
  let dir = '';
  try {
    dir = relative(root, readlinkSync(`/proc/${pid}/cwd`)) || '.';
  } catch {
    // gone already
  }
  return `${tool} in ${dir}`;
}

/** per process (pid and start time, so a reused pid is another), its kind, CPU seconds when first and last seen */
const seen = new Map();
function sample() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpu = (Number(fields[11]) + Number(fields[12])) / 100;
      const key = `${pid}:${fields[19]}`;
      const entry = seen.get(key);
      if (entry) entry.last = cpu;
      else
        seen.set(key, {
          kind: kindOf(pid, readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ')),
          first: cpu,
          last: cpu,
        });
    } catch {
      // the process ended between the listing and the read
    }
  }
}

const began = { at: performance.now(), ...machineCpu() };
sample();
const timer = setInterval(sample, 250);
const child = spawn(command, args, { stdio: 'inherit' });
child.on('exit', (code) => {
  clearInterval(timer);
  sample();
  const ended = machineCpu();
  const byKind = new Map();
  for (const { kind, first, last } of seen.values()) byKind.set(kind, (byKind.get(kind) ?? 0) + last - first);
  console.log(
    `\nCPU seconds by kind of process, over ${((performance.now() - began.at) / 1000).toFixed(0)} s: the machine was busy ${(ended.busy - began.busy).toFixed(0)} s, idle ${(ended.idle - began.idle).toFixed(0)} s`,
  );
  const chromium = [...byKind].filter(([kind]) => kind.startsWith('chromium ')).reduce((sum, [, cpu]) => sum + cpu, 0);
  if (chromium > 0) byKind.set('chromium, all of its processes', chromium);
  for (const [kind, cpu] of [...byKind].sort((a, b) => b[1] - a[1]))
    if (cpu >= 0.5) console.log(`${cpu.toFixed(1).padStart(8)}  ${kind}`);
  process.exit(code ?? 1);
});
