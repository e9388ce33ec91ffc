// The whole machine's CPU seconds so far, busy and idle, from /proc/stat (Linux; null elsewhere).
// Shared by scripts/test.mjs and scripts/cpu-by-process.mjs: a difference of two readings says how
// much CPU everything on the machine used meanwhile, and whether the cores were full.
import { readFileSync } from 'node:fs';

/** @returns {{ busy: number, idle: number } | null} */
export function machineCpu() {
  try {
    const [user, nice, system, idle, iowait, irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
      .split('\n')[0]
      .split(/\s+/)
      .slice(1)
      .map(Number);
    return { busy: (user + nice + system + irq + softirq + steal) / 100, idle: (idle + iowait) / 100 };
  } catch {
    return null;
  }
}
