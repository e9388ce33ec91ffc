import { describe, expect, it } from 'vitest';
import { LOGIC_DATABASES } from '../test-support/databases';
import { createRoomAs } from '../test-support/finish';
import { Player, type SeenUpdate } from '../test-support/player';
import { useServer } from '../test-support/server';
import { seatTable, snap } from '../test-support/table';

const COUNTDOWN_MS = 300;
const SECOND_MS = 50;
const waits = (u: SeenUpdate): boolean => u.room.start !== undefined;
/** The countdowns' ends a socket was told of, in order (whole updates or deltas, before the match opened). */
const countdownsSeen = (p: Player): number[] =>
  p.rooms.flatMap((room) => (typeof room.start?.startsAt === 'number' ? [room.start.startsAt] : []));

describe.each(LOGIC_DATABASES)('a simultaneous start on the %s database', (kind) => {
  const server = useServer(kind, { startCountdownMs: COUNTDOWN_MS, secondMs: SECOND_MS });

  it('waits for every seat to be ready, counts down for everyone, then opens for everyone at once with the turn clocks from then', async () => {
    const t = await seatTable(server.url, { family: 'race', options: { players: 2 }, turnSeconds: 30 }, 2, { start: false });
    const [ada, bob] = t.seats as [Player, Player];
    for (const p of t.everyone) expect(p.room?.start).toMatchObject({ ready: [], startsAt: null });
    // Nothing is played before the start, nothing changes, and no clock runs.
    expect(await ada.act({ type: 'guess', code: [0, 1, 2, 3] })).toMatchObject({ ok: false, code: 'NOT_STARTED' });
    expect(snap(ada)).toMatchObject({ seq: 0, deadlines: [] });
    expect(await server.app.db.prisma.action.count({ where: { match: { roomId: t.roomId } } })).toBe(0);
    // The watcher may not say ready; a seated person may.
    expect(await t.watcher.ready()).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await ada.ready()).toEqual({ ok: true });
    await Promise.all(t.everyone.map((p) => p.waitFor((u) => u.room.start?.ready.join() === '0')));
    expect(bob.room?.start?.startsAt).toBeNull();
    expect(await bob.ready()).toEqual({ ok: true });
    const open = await Promise.all(t.everyone.map((p) => p.waitFor((u) => !waits(u), 10_000)));
    // One countdown, the same end on every phone, told before the opening.
    const countdowns = t.everyone.map((p) => [...new Set(countdownsSeen(p))]);
    const startsAt = countdowns[0]![0]!;
    expect(countdowns).toEqual(t.everyone.map(() => [startsAt]));
    const match = await server.app.db.prisma.match.findFirstOrThrow({ where: { roomId: t.roomId } });
    expect(match.startedAt!.getTime()).toBeGreaterThanOrEqual(startsAt);
    // Each racer's clock runs from the opening, not from the creation.
    for (const deadline of open[0]!.snapshot.deadlines) {
      expect(Date.parse(deadline.at)).toBeGreaterThanOrEqual(match.startedAt!.getTime() + 30 * SECOND_MS);
    }
    expect((await bob.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    expect((await ada.act({ type: 'guess', code: [3, 2, 1, 0] })).ok).toBe(true);
    expect(await ada.ready(false)).toMatchObject({ ok: false, code: 'MATCH_STARTED' });
    t.close();
  });

  it('keeps a bot waiting with the others: it moves only once its person is ready and the countdown is over', async () => {
    const created = await createRoomAs(server.url, { family: 'race', options: { players: 2 }, bots: [1] });
    const roomId = created.json.id as string;
    const ada = await Player.connect(server.url);
    expect((await ada.join(roomId)).ok).toBe(true);
    expect((await ada.claim(0, 'Ada')).ok).toBe(true);
    const seated = await ada.waitFor((u) => u.room.seats[0]!.name === 'Ada');
    expect(seated.room.start).toMatchObject({ ready: [1], startsAt: null });
    expect(seated.snapshot.seq).toBe(0);
    expect(await ada.ready()).toEqual({ ok: true });
    const moved = await ada.waitFor((u) => u.snapshot.seq >= 1, 10_000);
    expect(moved.room.start).toBeUndefined();
    const first = await server.app.db.prisma.action.findFirstOrThrow({ where: { match: { roomId } }, orderBy: { seq: 'asc' } });
    const match = await server.app.db.prisma.match.findFirstOrThrow({ where: { roomId } });
    expect(first.createdAt.getTime()).toBeGreaterThanOrEqual(match.startedAt!.getTime());
    ada.close();
  });
});

describe.each(LOGIC_DATABASES)('a long countdown on the %s database', (kind) => {
  // Long enough that nothing opens while the test runs, however slow the machine.
  const server = useServer(kind, { startCountdownMs: 60_000 });

  it('stops when someone is not ready any more or gives their seat up, and starts afresh when everyone is ready again', async () => {
    const t = await seatTable(server.url, { family: 'parker' }, 2, { start: false });
    const [ada, bob] = t.seats as [Player, Player];
    await ada.ready();
    await bob.ready();
    const first = await ada.waitFor((u) => typeof u.room.start?.startsAt === 'number');
    expect(await bob.ready(false)).toEqual({ ok: true });
    await Promise.all(t.everyone.map((p) => p.waitFor((u) => waits(u) && u.room.start!.startsAt === null)));
    expect(await ada.act({ type: 'setSecret', code: [0, 1, 2] })).toMatchObject({ ok: false, code: 'NOT_STARTED' });
    const match = () => server.app.db.prisma.match.findFirstOrThrow({ where: { roomId: t.roomId } });
    expect(await match()).toMatchObject({ startsAt: null, startedAt: null, readySeats: [0] });
    await bob.ready();
    const again = await ada.waitFor((u) => typeof u.room.start?.startsAt === 'number');
    expect(again.room.start!.startsAt).toBeGreaterThanOrEqual(first.room.start!.startsAt!);
    // A seat given up during the countdown stops it too, and takes its ready with it.
    expect(await bob.send('seat:leave', {})).toEqual({ ok: true });
    await ada.waitFor((u) => waits(u) && u.room.start!.startsAt === null && u.room.seats[1]!.name === null);
    expect(await match()).toMatchObject({ startsAt: null, startedAt: null, readySeats: [0] });
    t.close();
  });
});
