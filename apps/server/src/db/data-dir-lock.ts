// PGlite keeps the whole PostgreSQL in this process; a second process opening the
// same folder would corrupt it. A lock file holding the owner's pid keeps a second
// process out, and a lock left by a process that died (SIGKILL, power loss) is
// recognised as stale by checking whether that process still exists.
import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';

interface LockInfo {
  pid: number;
  /** Start time of the owner (Linux /proc), so a recycled pid is not taken for the owner. */
  startTime?: string;
  hostname?: string;
  since?: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/** Lock files this process holds, so opening the same folder twice in one process is caught too. */
const heldHere = new Set<string>();

function processStartTime(pid: number): string | undefined {
  try {
    // Field 22 of /proc/<pid>/stat; the command name (field 2) may contain spaces, so count after its ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

function isAlive(info: LockInfo): boolean {
  if (!Number.isInteger(info.pid) || info.pid <= 0) return false;
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    // EPERM: it exists but belongs to someone else.
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  if (info.startTime !== undefined) {
    const now = processStartTime(info.pid);
    if (now !== undefined && now !== info.startTime) return false;
  }
  return true;
}

function readLock(path: string): { raw: string; info: LockInfo } | null {
  let raw: string;
  try {
    raw = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed === 'object' && parsed !== null && 'pid' in parsed && typeof parsed.pid === 'number') {
      return { raw, info: parsed as LockInfo };
    }
  } catch {
    // A half-written lock (crash between create and write) has no live owner.
  }
  return { raw, info: { pid: 0 } };
}

export interface DataDirLock {
  release(): void;
}

/** Takes the lock at `path` or throws DataDirLockedError naming the process that holds it. */
export function lockDataDir(path: string, what: string): DataDirLock {
  if (heldHere.has(path)) {
    throw new DataDirLockedError(`${what} is already open in this process (pid ${process.pid}); close it first`);
  }
  const mine: LockInfo = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    hostname: hostname(),
    since: new Date().toISOString(),
  };
  const text = `${JSON.stringify(mine)}\n`;
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      try {
        writeSync(fd, text);
      } finally {
        closeSync(fd);
      }
      heldHere.add(path);
      return {
        release() {
          if (!heldHere.delete(path)) return;
          // Only remove it if it is still ours.
          if (readLock(path)?.raw === text) unlinkSync(path);
        },
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    }
    const current = readLock(path);
    if (current === null) continue;
    // Our own pid but not held here: left by an earlier run that got the same pid
    // (common for pid 1 in a restarted container).
    if (current.info.pid !== process.pid && isAlive(current.info)) {
      throw new DataDirLockedError(
        `${what} is in use by another process (pid ${current.info.pid}` +
          `${current.info.hostname ? ` on ${current.info.hostname}` : ''}${current.info.since ? `, since ${current.info.since}` : ''}). ` +
          `Only one server can use an embedded database folder: stop the other one, or give this one its own ` +
          `data folder or a DATABASE_URL. (Lock file: ${path})`,
      );
    }
    // Stale. Move it aside rather than unlink it, so that if another process took
    // the lock over in between, we notice (its content differs) and put it back.
    const aside = `${path}.stale-${process.pid}-${Date.now()}`;
    try {
      renameSync(path, aside);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw e;
    }
    const moved = readLock(aside);
    if (moved !== null && moved.raw !== current.raw) {
      try {
        linkSync(aside, path);
      } catch {
        // Someone holds `path` again already; the next attempt will see them.
      }
    }
    unlinkSync(aside);
  }
  throw new DataDirLockedError(`could not take the lock ${path} for ${what} (kept changing hands)`);
}
