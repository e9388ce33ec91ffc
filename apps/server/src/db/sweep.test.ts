import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase, STORAGE_DATABASES } from '../test-support/databases';
import { openDatabase, type Database } from './database.js';
import { RoomSweep, SWEEP_BATCH } from './sweep.js';

const DAY = 24 * 60 * 60_000;
const ago = (days: number): Date => new Date(Date.now() - days * DAY);

describe.each(STORAGE_DATABASES)('the retention sweep on the %s database', (kind) => {
  let test: TestDatabase;
  let db: Database;
  beforeAll(async () => {
    test = await freshDatabase(kind);
    db = await openDatabase(test.config);
  });
  afterAll(async () => {
    await db?.close();
    await test?.drop();
  });

  let n = 0;
  /** A room of two seats and its first match, begun `daysAgo` days ago (0: now, by the database's clock). */
  async function room(daysAgo = 0, opts: { finished?: boolean; seatClaimedDaysAgo?: number } = {}): Promise<string> {
    const id = `${kind}-room-${++n}`;
    const at = daysAgo ? { createdAt: ago(daysAgo) } : {};
    await db.prisma.room.create({
      data: {
        id,
        family: 'duel',
        options: {},
        ...at,
        seats: {
          create: [
            {
              index: 0,
              ...(opts.seatClaimedDaysAgo !== undefined ? { claimedAt: ago(opts.seatClaimedDaysAgo), name: 'A' } : {}),
            },
            { index: 1 },
          ],
        },
        matches: {
          create: [
            {
              id: `${id}-m1`,
              number: 1,
              family: 'duel',
              options: {},
              seed: 's',
              ...at,
              ...(opts.finished ? { finishedAt: ago(0) } : {}),
            },
          ],
        },
      },
    });
    return id;
  }
  const move = (roomId: string, seq: number, daysAgo = 0) =>
    db.prisma.action.create({
      data: {
        matchId: `${roomId}-m1`,
        seq,
        seat: 0,
        actionId: `a${seq}`,
        payload: {},
        ...(daysAgo ? { createdAt: ago(daysAgo) } : {}),
      },
    });
  const left = async (ids: string[]): Promise<string[]> =>
    (await db.prisma.room.findMany({ where: { id: { in: ids } }, select: { id: true }, orderBy: { id: 'asc' } })).map(
      (r) => r.id,
    );
  const at = (days: number) => () => new Date(Date.now() + days * DAY);

  it('removes rooms idle past the retention with no finished match, in batches; finished matches and recent activity stay', async () => {
    const abandoned = [await room(), await room(), await room()];
    const finished = await room(0, { finished: true });
    // A finished match and its rematch never played: the room stays, history and all.
    const rematched = await room(0, { finished: true });
    await db.prisma.match.create({
      data: { id: `${rematched}-m2`, roomId: rematched, number: 2, family: 'duel', options: {}, seed: 's' },
    });
    await db.prisma.roomLease.create({ data: { roomId: abandoned[0]!, owner: 'gone', expiresAt: ago(0) } });
    const all = [...abandoned, finished, rematched].sort();

    const sweep = (days: number) => new RoomSweep(db.sql, { retentionDays: 30, batch: 2, now: at(days) }).sweep();
    // 29 days on: every room is within its 30 days.
    expect(await sweep(29)).toBe(0);
    expect(await left(all)).toEqual(all);
    // 31 days on: the three abandoned rooms go (over two batches), with their seats, matches and lease.
    expect(await sweep(31)).toBe(3);
    expect(await left(all)).toEqual([finished, rematched].sort());
    expect(await db.prisma.match.count({ where: { roomId: { in: abandoned } } })).toBe(0);
    expect(await db.prisma.seat.count({ where: { roomId: { in: abandoned } } })).toBe(0);
    expect(await db.prisma.roomLease.count({ where: { roomId: abandoned[0]! } })).toBe(0);
    expect(await sweep(31)).toBe(0);
  });

  it('judges a room by its last activity (a move, a seat taken), not by when it was made', async () => {
    const movedLately = await room(60);
    await move(movedLately, 1, 60);
    await move(movedLately, 2, 1);
    const satLately = await room(60, { seatClaimedDaysAgo: 2 });
    const idle = await room(60, { seatClaimedDaysAgo: 50 });
    await move(idle, 1, 45);
    const ids = [movedLately, satLately, idle].sort();
    expect(await new RoomSweep(db.sql, { retentionDays: 30, batch: 1, now: at(0) }).sweep()).toBe(1);
    expect(await left(ids)).toEqual([movedLately, satLately].sort());
    expect(await db.prisma.action.count({ where: { matchId: `${idle}-m1` } })).toBe(0);
    // Time passes for them too.
    expect(await new RoomSweep(db.sql, { retentionDays: 30, now: at(31) }).sweep()).toBe(2);
  });

  it('reads unfinished matches from their partial index: finished ones (history) are not in it', async () => {
    // The tables are tiny here, so the planner may rightly scan them whole: forbid that (in one
    // transaction, on one connection of the pool), and see which index answers.
    const plan = await db.prisma.$transaction(async (tx) => {
      await tx.$executeRawUnsafe('SET LOCAL enable_seqscan = off');
      return tx.$queryRawUnsafe<unknown[]>(`EXPLAIN (FORMAT JSON) ${SWEEP_BATCH}`, ago(0).toISOString(), null, null, 200);
    });
    expect(JSON.stringify(plan)).toContain('Match_unfinished_createdAt_idx');
  });
});
