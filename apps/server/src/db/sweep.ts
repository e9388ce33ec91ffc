// Removes rooms nobody will come back to: no finished match (history keeps every finished one,
// and the room with it) and nothing done for the retention period. A room's last activity is
// the latest of its creation, its match's creation, a seat taken and the match's last move.
import type { SqlRunner } from './database.js';

/** The database's clock is not the judge here: the sweep's own clock is (tests move it). */
const AT = (param: string): string => `(${param}::timestamptz AT TIME ZONE 'UTC')`;

/**
 * One batch: the oldest unfinished matches begun before the cutoff and after the cursor, read
 * from the partial index of unfinished matches (finished ones, the history, are never read),
 * and of those the rooms idle since the cutoff with no finished match, removed with everything
 * of theirs (seats, matches, moves cascade; a lease has no foreign key).
 */
export const SWEEP_BATCH = `
WITH batch AS (
  SELECT m.id, m."roomId", m."createdAt"
  FROM "Match" m
  WHERE m."finishedAt" IS NULL AND m."createdAt" < ${AT('$1')}
    AND ($2::text IS NULL OR (m."createdAt", m.id) > ($2::timestamp, $3::text))
  ORDER BY m."createdAt", m.id
  LIMIT $4::int
),
idle AS (
  SELECT b."roomId" FROM batch b JOIN "Room" r ON r.id = b."roomId"
  WHERE r."createdAt" < ${AT('$1')}
    AND NOT EXISTS (SELECT 1 FROM "Match" f WHERE f."roomId" = b."roomId" AND f."finishedAt" IS NOT NULL)
    AND COALESCE((SELECT a."createdAt" FROM "Action" a WHERE a."matchId" = b.id ORDER BY a.seq DESC LIMIT 1), b."createdAt") < ${AT('$1')}
    AND NOT EXISTS (SELECT 1 FROM "Seat" s WHERE s."roomId" = b."roomId" AND s."claimedAt" >= ${AT('$1')})
),
gone AS (DELETE FROM "Room" r USING idle WHERE r.id = idle."roomId" RETURNING r.id),
leases AS (DELETE FROM "RoomLease" l USING gone WHERE l."roomId" = gone.id RETURNING 1)
SELECT (SELECT count(*) FROM gone)::int AS removed,
       (SELECT count(*) FROM batch)::int AS seen,
       (SELECT "createdAt"::text FROM batch ORDER BY "createdAt" DESC, id DESC LIMIT 1) AS "lastAt",
       (SELECT id FROM batch ORDER BY "createdAt" DESC, id DESC LIMIT 1) AS "lastId",
       (SELECT count(*) FROM leases)::int AS leases`;

type SweepRow = { removed: number; seen: number; lastAt: string | null; lastId: string | null };

/** How often every process sweeps (each batch is one statement; two processes sweeping at once remove each room once). */
export const SWEEP_INTERVAL_MS = 60 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface SweepOptions {
  /** ROOM_RETENTION_DAYS */
  retentionDays: number;
  /** unfinished matches looked at per statement */
  batch?: number;
  /** the sweep's clock (tests move it) */
  now?: () => Date;
}

/**
 * The periodic duty that removes old rooms (ROOM_RETENTION_DAYS, docs/operations.md). A sweep
 * walks the unfinished matches begun before the cutoff in batches, oldest first, with a cursor,
 * so each one is read once per sweep: what it reads is the abandoned rooms it removes and the
 * long games still being played, never the finished matches of history.
 */
export class RoomSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  /** counts since start, for tests and logs */
  readonly stats = { sweeps: 0, removed: 0 };

  constructor(
    private readonly sql: SqlRunner,
    private readonly options: SweepOptions,
    private readonly log?: Logger,
  ) {}

  /** Sweeps now (after the migrations, rooms may be long overdue) and every `intervalMs`. */
  start(intervalMs = SWEEP_INTERVAL_MS): void {
    if (this.timer) return;
    const loop = (): void => {
      void this.sweep()
        .catch((err: unknown) => this.log?.warn({ err }, 'sweeping old rooms failed'))
        .finally(() => {
          if (this.timer) this.timer = setTimeout(loop, intervalMs).unref();
        });
    };
    this.timer = setTimeout(loop, 0).unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One whole sweep; resolves with the rooms removed. A sweep asked for while one runs joins it. */
  sweep(): Promise<number> {
    this.running ??= this.sweepAll().finally(() => (this.running = null));
    return this.running;
  }

  private async sweepAll(): Promise<number> {
    const now = (this.options.now ?? (() => new Date()))();
    const cutoff = new Date(now.getTime() - this.options.retentionDays * DAY_MS).toISOString();
    const batch = this.options.batch ?? 200;
    let cursor: { at: string; id: string } | null = null;
    let removed = 0;
    for (;;) {
      const rows: SweepRow[] = await this.sql<SweepRow>(SWEEP_BATCH, [cutoff, cursor?.at ?? null, cursor?.id ?? null, batch]);
      const row = rows[0];
      removed += row?.removed ?? 0;
      if (!row || row.seen < batch || row.lastAt === null || row.lastId === null) break;
      cursor = { at: row.lastAt, id: row.lastId };
    }
    this.stats.sweeps++;
    this.stats.removed += removed;
    if (removed > 0) this.log?.info({ removed, retentionDays: this.options.retentionDays }, 'old rooms removed');
    return removed;
  }
}
