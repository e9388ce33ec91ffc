// Group commit of the action log: appends of different rooms that arrive in the same
// event-loop turn go to the database as one multi-row INSERT (a plain one for a row alone), which
// is one statement and one commit. Each caller still learns its own outcome only once that commit
// is done, so an acknowledgement still means "stored". A row that loses on a unique key is left out by
// ON CONFLICT DO NOTHING without failing the others, and is then asked about on its own.
import type { SqlRunner } from './database.js';
import { benchTiming } from '../bench-timing.js';
import { isUnavailable } from './unavailable.js';

export type AppendOutcome = { ok: true } | { ok: false; reason: 'seq-taken' } | { ok: false; reason: 'duplicate'; seq: number };

export interface AppendRow {
  matchId: string;
  seq: number;
  seat: number;
  actionId: string;
  /** the payload as JSON text (stored as jsonb) */
  payloadJson: string;
  salt: string | null;
}

interface Pending extends AppendRow {
  /** when it was handed over (bench timing only) */
  at: number;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

// One statement whatever the batch size: the columns travel as arrays.
const INSERT_BATCH = `INSERT INTO "Action" ("matchId", "seq", "seat", "actionId", "payload", "salt")
SELECT m, q, s, a, p::jsonb, x FROM unnest($1::text[], $2::int[], $3::int[], $4::text[], $5::text[], $6::text[]) AS t(m, q, s, a, p, x)
ON CONFLICT DO NOTHING
RETURNING "matchId", "seq", "actionId"`;

// A batch of one (most of them, below a few thousand actions a second): plain parameters, no arrays
// for the driver to write and quote nor for the database to take apart, one column back.
const INSERT_ONE = `INSERT INTO "Action" ("matchId", "seq", "seat", "actionId", "payload", "salt")
VALUES ($1, $2, $3, $4, $5::jsonb, $6)
ON CONFLICT DO NOTHING
RETURNING "seq"`;

const FIND_ACTION_ID = `SELECT "seq" FROM "Action" WHERE "matchId" = $1 AND "actionId" = $2`;

export interface GroupCommitOptions {
  /** batches being committed at once: 1 for the embedded database (it runs one statement at a time), a few for a pool */
  maxInFlight: number;
  /** rows of one INSERT at most */
  maxBatch?: number;
  /** each INSERT sent, with its rows (the metrics' batch sizes) */
  onBatch?: (rows: number) => void;
}

export class GroupCommit {
  private pending: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;
  private readonly maxInFlight: number;
  private readonly maxBatch: number;
  private readonly onBatch: (rows: number) => void;
  /** batches committed and rows in them, for the benchmark's curiosity and the tests */
  readonly stats = { batches: 0, rows: 0 };

  constructor(
    private readonly sql: SqlRunner,
    options: GroupCommitOptions,
  ) {
    this.maxInFlight = Math.max(1, options.maxInFlight);
    this.maxBatch = options.maxBatch ?? 500;
    this.onBatch = options.onBatch ?? (() => {});
  }

  append(row: AppendRow): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.pending.push({ ...row, at: benchTiming.enabled ? benchTiming.now() : 0, resolve, reject });
      this.schedule();
    });
  }

  /** After this turn's I/O callbacks, so that appends of the same turn share one INSERT. */
  private schedule(): void {
    if (this.scheduled || this.pending.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.pending.length > 0 && this.inFlight < this.maxInFlight) {
        const batch = this.pending.splice(0, this.maxBatch);
        this.inFlight++;
        if (benchTiming.enabled) benchTiming.record('inFlight', this.inFlight);
        void this.commit(batch).finally(() => {
          this.inFlight--;
          this.schedule();
        });
      }
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    let won: (row: Pending) => boolean;
    const sent = benchTiming.enabled ? benchTiming.now() : 0;
    this.onBatch(batch.length);
    if (benchTiming.enabled) {
      for (const row of batch) benchTiming.record('appendWait', sent - row.at);
      benchTiming.record('batchRows', batch.length);
    }
    try {
      won = batch.length === 1 ? await this.insertOne(batch[0]!) : await this.insertMany(batch);
    } catch (error) {
      // The database away (unavailable.ts): every row shares the batch's fate, and trying each
      // alone would only queue as many more statements behind the outage.
      if (batch.length === 1 || isUnavailable(error)) for (const row of batch) row.reject(error);
      // Not a key conflict (those are skipped, not raised): a row of its own kind, e.g. a match
      // deleted meanwhile. In a batch, each row is tried alone, so it fails only its own caller.
      else await Promise.all(batch.map((row) => this.commit([row])));
      return;
    }
    if (benchTiming.enabled) benchTiming.record('insert', benchTiming.now() - sent);
    this.stats.batches++;
    await Promise.all(
      batch.map(async (row) => {
        if (won(row)) {
          this.stats.rows++;
          return row.resolve({ ok: true });
        }
        try {
          row.resolve(await this.loser(row));
        } catch (error) {
          row.reject(error);
        }
      }),
    );
  }

  private async insertOne(row: Pending): Promise<(row: Pending) => boolean> {
    const inserted = await this.sql<{ seq: number }>(
      INSERT_ONE,
      [row.matchId, row.seq, row.seat, row.actionId, row.payloadJson, row.salt],
      // The statements of the hot path: PostgreSQL parses and plans each once per connection.
      { name: 'mm_append_action' },
    );
    return () => inserted.length === 1;
  }

  private async insertMany(batch: Pending[]): Promise<(row: Pending) => boolean> {
    const inserted = await this.sql<{ matchId: string; seq: number; actionId: string }>(
      INSERT_BATCH,
      [
        batch.map((r) => r.matchId),
        batch.map((r) => r.seq),
        batch.map((r) => r.seat),
        batch.map((r) => r.actionId),
        batch.map((r) => r.payloadJson),
        batch.map((r) => r.salt),
      ],
      { name: 'mm_append_actions' },
    );
    // Keyed by the whole row's identity: two rows of one batch may race for one seq.
    const key = (r: { matchId: string; seq: number; actionId: string }): string =>
      `${r.matchId}\u0000${r.seq}\u0000${r.actionId}`;
    const keys = new Set(inserted.map(key));
    return (row) => keys.delete(key(row));
  }

  /**
   * Why a row was left out: its actionId is stored already (a resend), or another process took
   * its seq. Asked of the table rather than guessed from which key the database checked first.
   */
  private async loser(row: AppendRow): Promise<AppendOutcome> {
    const [existing] = await this.sql<{ seq: number }>(FIND_ACTION_ID, [row.matchId, row.actionId]);
    return existing ? { ok: false, reason: 'duplicate', seq: existing.seq } : { ok: false, reason: 'seq-taken' };
  }
}
