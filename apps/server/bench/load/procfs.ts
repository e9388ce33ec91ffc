/** What the bench reads of processes and of the machine from /proc (Linux): CPU, writes, memory. */
import { readdirSync, readFileSync } from 'node:fs';

const CLK_TCK = 100;

/** CPU seconds (user + system) the process has used so far. */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}
/** The processes named `postgres` on this machine (its backends included); a scan of /proc, so not in a tick. */
export function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
/** CPU seconds each of `pids` has used so far (a process gone meanwhile is left out). */
export function cpuSecondsOf(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      used.set(pid, cpuSeconds(pid));
    } catch {
      // gone meanwhile
    }
  }
  return used;
}
/** CPU seconds used between two readings of the same processes. */
export const cpuSecondsBetween = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);
/** The machine's CPU time so far, busy and in all, in clock ticks, all cores together (/proc/stat). */
export function machineTicks(): { busy: number; all: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const all = n.slice(0, 8).reduce((a, b) => a + b, 0);
  // idle and iowait are not busy
  return { busy: all - n[3]! - n[4]!, all };
}
/** Write system calls (write, writev…) the process has made so far: sockets' included. */
export function writeCalls(pid: number): number {
  const m = /syscw:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}
export function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}
