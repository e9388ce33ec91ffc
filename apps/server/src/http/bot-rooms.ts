import { getFamily } from '@mm/rules';
import type { SqlRunner } from '../db/database';
import { SerialQueue } from '../rooms/serial-queue';
import { hashToken } from '../security/tokens';

/** Rooms of bots only made from `$1` whose match is not over (such a room never has a rematch). */
const COUNT = `SELECT count(*)::int AS n FROM "Room" r JOIN "Match" m ON m."roomId" = r.id
WHERE r."botRoomAddress" = $1 AND m."finishedAt" IS NULL`;
const MARK = `UPDATE "Room" SET "botRoomAddress" = $2 WHERE id = $1`;

/** Whether a new room of `familyId` and `options` with these bot seats has no seat for a person. */
export function botsOnly(familyId: string, options: unknown, bots: readonly number[]): boolean {
  const family = getFamily(familyId);
  return family !== undefined && new Set(bots).size >= family.seatCount(family.optionsSchema.parse(options));
}

/**
 * BOT_ROOMS_PER_IP: how many rooms of bots only one address may have unfinished at once. Such a
 * room costs a solver's time while anyone watches it and waits, paused, while nobody does; made
 * in numbers, they would be a cheap way to load the server. Counted in the database (every
 * process, and after a restart, sees the same rooms) by a hash of the address; creations from one
 * address are judged one at a time here, so only processes racing each other can pass the bound,
 * by one room each at most.
 */
export class BotRoomLimit {
  private readonly queue = new SerialQueue();

  constructor(
    private readonly sql: SqlRunner,
    private readonly perAddress: number,
  ) {}

  /**
   * Runs `create` unless the address holds its share of unfinished rooms of bots only already
   * (then resolves null); the room `create` returns is counted against the address.
   */
  within<T extends { room: { id: string } }>(address: string, create: () => Promise<T>): Promise<T | null> {
    const key = hashToken(`bot-room-address:${address}`);
    return this.queue.run(key, async () => {
      const [row] = await this.sql<{ n: number }>(COUNT, [key]);
      if ((row?.n ?? 0) >= this.perAddress) return null;
      const created = await create();
      await this.sql(MARK, [created.room.id, key]);
      return created;
    });
  }
}
