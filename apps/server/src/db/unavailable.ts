// What "the database is away" looks like from here: a refused or lost connection, a connection
// that could not be made in time, a statement cancelled by statement_timeout (a held row lock, a
// slow server), a reply that never came (a frozen connection). The caller answers UNAVAILABLE:
// nothing was stored, and trying again later is the right thing to do.

/** PostgreSQL SQLSTATEs: cancelled by a timeout, lock not available, shut down, too many connections. */
const PG_CODES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300']);
/** Prisma's codes for an unreachable server, a timed-out connection or pool. */
const PRISMA_CODES = new Set(['P1001', 'P1002', 'P1008', 'P1017', 'P2024']);
const MESSAGES =
  /Query read timeout|timeout exceeded when trying to connect|Connection terminated|Connection ended|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|statement timeout|lock timeout|Can't reach database|Client has encountered a connection error|DATA_DIR_GONE/i;

/** The embedded data folder is gone (see database.ts): nothing may be acknowledged any more. */
export class DataDirGoneError extends Error {
  readonly code = 'DATA_DIR_GONE';
}

function codesOf(err: unknown, depth = 0): { codes: string[]; messages: string[] } {
  const out = { codes: [] as string[], messages: [] as string[] };
  if (depth > 5 || err === null || typeof err !== 'object') return out;
  const e = err as Record<string, unknown>;
  for (const key of ['code', 'originalCode', 'errno']) if (typeof e[key] === 'string') out.codes.push(e[key]);
  if (typeof e.message === 'string') out.messages.push(e.message);
  for (const inner of [
    e.cause,
    e.meta,
    e.driverAdapterError,
    e.originalError,
    (e.meta as Record<string, unknown> | undefined)?.driverAdapterError,
  ]) {
    const more = codesOf(inner, depth + 1);
    out.codes.push(...more.codes);
    out.messages.push(...more.messages);
  }
  return out;
}

/** Whether `err` says the database could not be reached or did not answer in time. */
export function isUnavailable(err: unknown): boolean {
  const { codes, messages } = codesOf(err);
  if (codes.some((c) => PG_CODES.has(c) || PRISMA_CODES.has(c) || c.startsWith('08') || MESSAGES.test(c))) return true;
  return messages.some((m) => MESSAGES.test(m));
}

/**
 * Failures that prove the statement changed nothing: it was never sent (no connection could be
 * made, the pool had none to lend) or PostgreSQL rolled it back (a statement or lock timeout, a
 * server refusing new sessions). Any other unavailability met after a statement was sent (a reply
 * that never came, a connection lost mid-way) leaves its outcome unknown: it may have committed.
 */
const NOT_APPLIED_CODES = new Set(['57014', '55P03', '53300', '57P03', 'P1001', 'P2024', 'ECONNREFUSED', 'DATA_DIR_GONE']);
const NOT_APPLIED_MESSAGES =
  /timeout exceeded when trying to connect|due to connection timeout|ECONNREFUSED|statement timeout|lock timeout|Can't reach database|DATA_DIR_GONE/i;

/**
 * Whether a write that failed with `err` may have been stored all the same (the database away
 * after the statement was sent): its sender must not be told "nothing was changed".
 */
export function mayHaveCommitted(err: unknown): boolean {
  if (!isUnavailable(err)) return false;
  const { codes, messages } = codesOf(err);
  return !codes.some((c) => NOT_APPLIED_CODES.has(c)) && !messages.some((m) => NOT_APPLIED_MESSAGES.test(m));
}

interface Logger {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * Logs a database outage once, when it is first met, and once more when the database answers
 * again (probed every `probeMs`), instead of one line per message refused meanwhile.
 */
export class OutageLog {
  private probing: NodeJS.Timeout | null = null;
  private since = 0;
  refused = 0;

  constructor(
    private readonly log: Logger,
    private readonly probe: () => Promise<unknown>,
    private readonly probeMs = 1000,
  ) {}

  get down(): boolean {
    return this.probing !== null;
  }

  fault(err: unknown): void {
    this.refused++;
    if (this.probing) return;
    this.since = Date.now();
    this.log.warn({ err }, 'the database is unavailable: requests are answered UNAVAILABLE until it answers again');
    const check = (): void => {
      this.probe().then(
        () => {
          this.log.info({ downMs: Date.now() - this.since, refused: this.refused }, 'the database answers again');
          this.probing = null;
          this.refused = 0;
        },
        () => {
          this.probing = setTimeout(check, this.probeMs).unref();
        },
      );
    };
    this.probing = setTimeout(check, this.probeMs).unref();
  }

  close(): void {
    if (this.probing) clearTimeout(this.probing);
    this.probing = null;
  }
}
