// `node scripts/cpu-of.mjs <command> [args…]`: runs the command with this process's stdio and exit
// code, then writes to file descriptor 3 the CPU seconds (user + system) that it and every process
// it waited for used. Linux only (/proc); elsewhere nothing is written. scripts/test.mjs reads it
// to print what each step cost, a figure the machine's other load hardly changes, unlike wall time.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeSync } from 'node:fs';

const [command, ...args] = process.argv.slice(2);
const run = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
if (run.error) console.error(run.error.message);
try {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // After the command's name: state is field 0, then cutime and cstime (in ticks of 1/100 s) are 13 and 14.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  writeSync(3, String((Number(fields[13]) + Number(fields[14])) / 100));
} catch {
  // no /proc, or nobody listening on descriptor 3
}
process.exit(run.status ?? 1);
