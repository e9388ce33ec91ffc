// The embedded database's folder, known by identity: a marker inside it (a random id) and the same
// id recorded beside it (`<dir>.id`). A folder deleted or replaced while the server runs is noticed
// (its inode, or its marker's, changed) and nothing more is acknowledged; at start-up, a folder
// without its database where the record beside it says one was is refused rather than silently
// started empty.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DataDirGoneError } from './unavailable';

const MARKER = 'data-dir.id';

interface Identity {
  dev: number;
  ino: number;
  markerIno: number;
}

function identityOf(root: string): Identity | null {
  try {
    const dir = statSync(root);
    const marker = statSync(join(root, MARKER));
    return { dev: dir.dev, ino: dir.ino, markerIno: marker.ino };
  } catch {
    return null;
  }
}

/**
 * Checks the folder before it is opened: refuses an empty one where a database was recorded
 * (unless `reset`), then makes sure the marker and the record beside agree. `hasDatabase`: the
 * folder holds PostgreSQL's files.
 */
export function claimDataDir(root: string, hasDatabase: boolean, reset: boolean): void {
  const record = `${root}.id`;
  const marker = join(root, MARKER);
  const recorded = existsSync(record) ? readFileSync(record, 'utf8').trim() : null;
  const inside = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : null;
  if (recorded && (!hasDatabase || inside !== recorded) && !reset) {
    throw new Error(
      `The data folder ${root} does not hold the database recorded in ${record} (it was deleted or replaced). ` +
        `Restore it, or start with DATA_DIR_RESET=1 to begin a new, empty database there.`,
    );
  }
  const id = hasDatabase && inside ? inside : randomBytes(12).toString('hex');
  if (inside !== id) writeFileSync(marker, `${id}\n`);
  if (recorded !== id) {
    try {
      writeFileSync(record, `${id}\n`);
    } catch {
      // A read-only parent (a container's root above a volume): no record, so no refusal later either.
    }
  }
}

/** Watches the folder's identity (on a timer and at every check); once it changed, `assert` throws DataDirGoneError. */
export class DataDirWatch {
  private readonly identity: Identity | null;
  private gone = false;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly root: string,
    everyMs = 1000,
  ) {
    this.identity = identityOf(root);
    this.timer = setInterval(() => this.look(), everyMs).unref();
  }

  /** Whether the folder opened is gone (deleted or replaced), looked at now. */
  get isGone(): boolean {
    if (!this.gone) this.look();
    return this.gone;
  }

  /** Before a write is acknowledged: the folder is still the one opened. */
  assert(): void {
    if (!this.gone) this.look();
    if (this.gone) throw new DataDirGoneError(`The data folder ${this.root} was deleted or replaced while the server ran.`);
  }

  close(): void {
    clearInterval(this.timer);
  }

  private look(): void {
    const now = identityOf(this.root);
    const then = this.identity;
    if (!then || !now || now.dev !== then.dev || now.ino !== then.ino || now.markerIno !== then.markerIno) this.gone = true;
  }
}

/** What a guarded client is asked: statements, scripts and transactions (PGlite's own interface). */
interface Statements {
  query(...args: never[]): Promise<unknown>;
  exec(...args: never[]): Promise<unknown>;
}

/**
 * `client` (the PGlite instance, or a transaction of it) with every statement checked against the
 * folder's identity before it is sent and before its answer is handed on: every path that writes
 * or reads through it (the ORM, plain SQL, readiness) stops acknowledging at once when the folder
 * is gone, not only the ones that remember to ask. A transaction's statements are checked alike.
 */
export function guardedBy<C extends Statements>(watch: DataDirWatch, client: C): C {
  return new Proxy(client, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      const fn = value as (...args: unknown[]) => unknown;
      if (prop === 'query' || prop === 'exec') {
        return async (...args: unknown[]) => {
          watch.assert();
          const result = await fn.apply(target, args);
          watch.assert();
          return result;
        };
      }
      if (prop === 'transaction') {
        return (callback: (tx: Statements) => unknown) => {
          watch.assert();
          return fn.call(target, (tx: Statements) => callback(guardedBy(watch, tx)));
        };
      }
      // PGlite keeps private fields: its own methods run on it, not on this proxy.
      return fn.bind(target);
    },
  });
}
