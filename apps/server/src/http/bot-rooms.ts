import { getFamily } from '@mm/rules';
import type { Database } from '../db/database';
import { SerialQueue } from '../shared/serial-queue';
import { hashToken } from '../security/tokens';

/** Rooms of bots only made from `$1` whose match is not over (such a room never has a rematch). */
const COUNT = `SELECT count(*)::int AS n FROM "Room" r JOIN "Match" m ON m."roomId" = r.id
WHERE r."botRoomAddress" = $1 AND m."finishedAt" IS NULL`;
const MARK = `UPDATE "Room" SET "botRoomAddress" = $2 WHERE id = $1`;
/** Held until the transaction ends: processes judging the same address take turns. */
const LOCK = `SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`;
/** Longest a creation's transaction may wait for a connection, or run (a creation takes milliseconds). */
const TRANSACTION_MS = 15_000;

/** Whether a new room of `familyId` and `options` with these bot seats has no seat for a person. */
export function botsOnly(familyId: string, options: unknown, bots: readonly number[]): boolean {
  const family = getFamily(familyId);
  return family !== undefined && new Set(bots).size >= family.seatCount(family.optionsSchema.parse(options));
}

/**
 * BOT_ROOMS_PER_IP: how many rooms of bots only one address may have unfinished at once. Such a
 * room costs a solver's time while anyone watches it and waits, paused, while nobody does; made
 * in numbers, they would be a cheap way to load the server. Counted in the database (every
 * process, and after a restart, sees the same rooms) by a hash of the address.
 *
 * Judged one creation at a time: in this process by a queue, and across processes (PostgreSQL) by
 * a transaction that holds an advisory lock of the address while it counts, creates and marks, so
 * a second process counts only once the first one's room is marked. The embedded database has
 * one process by construction. A process runs one such transaction at a time: each holds a pooled
 * connection while the creation takes others, and a crowd of addresses holding every connection
 * would leave their creations none.
 */
export class BotRoomLimit {
  private readonly queue = new SerialQueue();

  constructor(
    private readonly db: Pick<Database, 'kind' | 'prisma' | 'sql'>,
    private readonly perAddress: number,
  ) {}

  /**
   * Runs `create` unless the address holds its share of unfinished rooms of bots only already
   * (then resolves null); the room `create` returns is counted against the address.
   */
  within<T extends { ok: true; room: { id: string } } | { ok: false }>(
    address: string,
    create: () => Promise<T>,
  ): Promise<T | null> {
    const key = hashToken(`bot-room-address:${address}`);
    if (this.db.kind !== 'postgres') return this.queue.run(key, () => this.judge(this.db.sql, key, create));
    return this.queue.run('every address', () =>
      this.db.prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(LOCK, key);
          return this.judge((text, params) => tx.$queryRawUnsafe(text, ...params), key, create);
        },
        { timeout: TRANSACTION_MS, maxWait: TRANSACTION_MS },
      ),
    );
  }

  private async judge<T extends { ok: true; room: { id: string } } | { ok: false }>(
    sql: (text: string, params: readonly unknown[]) => Promise<unknown>,
    key: string,
    create: () => Promise<T>,
  ): Promise<T | null> {
    const [row] = (await sql(COUNT, [key])) as { n: number }[];
    if ((row?.n ?? 0) >= this.perAddress) return null;
    const created = await create();
    // A refused make made no room: nothing to count.
    if (created.ok) await sql(MARK, [created.room.id, key]);
    return created;
  }
}
