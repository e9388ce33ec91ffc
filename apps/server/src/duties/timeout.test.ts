import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, type MatchListReply, type Snapshot } from '@mm/protocol';
import { newDeviceToken } from '../test-support/finish';
import { Player, startWhenReady, type SeenUpdate } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { snapshotOf } from '../test-support/table';

// One "second" of turnSeconds lasts 60 ms here: the protocol's minimum of 10 s becomes 600 ms.
const SECOND_MS = 60;

/** A room of `family` with a 10-second turn timer, every seat taken by a person who then never moves. */
async function idleTable(
  url: string,
  body: Record<string, unknown>,
  seats: number,
): Promise<{ roomId: string; players: Player[] }> {
  const created = await createRoom(url, { ...body, turnSeconds: 10 });
  expect(created.status).toBe(201);
  const roomId = created.json.id as string;
  const summary = (await (await fetch(`${url}/api/rooms/${roomId}`)).json()) as { turnSeconds: number | null };
  expect(summary.turnSeconds).toBe(10);
  const players: Player[] = [];
  for (let seat = 0; seat < seats; seat++) {
    const p = await Player.connect(url);
    expect((await p.join(roomId)).ok).toBe(true);
    expect((await p.claim(seat, `P${seat}`)).ok).toBe(true);
    players.push(p);
  }
  return { roomId, players };
}

const timedOut = (u: SeenUpdate): boolean => u.snapshot.last?.type === 'timeout';

/** The next timeout `p` sees after seq `after` that passes `test`, and the snapshot `p` held just before it (with its deadlines). */
async function nextTimeout(
  p: Player,
  after: number,
  test: (u: SeenUpdate) => boolean = () => true,
): Promise<{ before: { snapshot: Snapshot }; timeout: SeenUpdate }> {
  const timeout = await p.waitFor((u) => u.snapshot.seq > after && timedOut(u) && test(u), 30_000);
  // Every snapshot received whole or folded from a delta, in order.
  const seen = p.received
    .map((r) => snapshotOf(r.payload))
    .filter((s): s is Snapshot => !!s && s.matchId === timeout.snapshot.matchId);
  // The latest: the table filling up sends more snapshots of the same seq, the last one with the clock started.
  const before = seen.findLast((s) => s.seq === timeout.snapshot.seq - 1);
  if (!before) throw new Error('no snapshot before the timeout');
  return { before: { snapshot: before }, timeout };
}

function reportLateness(label: string, before: { snapshot: Snapshot }, after: SeenUpdate, received: number): void {
  const deadline = before.snapshot.deadlines.find((d) => d.seat === after.snapshot.last!.seat);
  if (deadline)
    console.log(`timer accuracy (${label}): update received ${received - Date.parse(deadline.at)} ms after the deadline`);
}

describe('turn timers', () => {
  const server = useServer('postgres', { botDelayMs: 0, secondMs: SECOND_MS });

  it('time a duel codemaker out with a random secret, then the guesser, and say when in the snapshot', async () => {
    const { players } = await idleTable(server.url, { family: 'duel' }, 2);
    const [maker] = players as [Player, Player];
    const { before: start, timeout: secretTimeout } = await nextTimeout(maker, 0);
    reportLateness('duel secret', start, secretTimeout, Date.now());
    expect(start.snapshot.deadlines.map((d) => d.seat)).toEqual(start.snapshot.status.toAct);
    expect(Number.isNaN(Date.parse(start.snapshot.deadlines[0]!.at))).toBe(false);
    expect(secretTimeout.snapshot.last).toMatchObject({ seat: 0, type: 'timeout' });
    // The random secret is committed to like any secret.
    expect(secretTimeout.snapshot.commitments.some((c) => c.kind === 'secret' && c.seat === 0)).toBe(true);
    // Now the guesser owes a guess, with a fresh deadline; it times out too.
    expect(secretTimeout.snapshot.deadlines.map((d) => d.seat)).toEqual([1]);
    const guess = await nextTimeout(maker, secretTimeout.snapshot.seq, (u) => u.snapshot.last!.seat === 1);
    reportLateness('duel guess', guess.before, guess.timeout, Date.now());
    for (const p of players) p.close();
  }, 60_000);

  it('time a rotation codemaker out with a random secret', async () => {
    const { players } = await idleTable(server.url, { family: 'rotation', options: { players: 3 } }, 3);
    const { before: start, timeout: t } = await nextTimeout(players[0]!, 0);
    reportLateness('rotation secret', start, t, Date.now());
    expect(start.snapshot.status.toAct).toContain(t.snapshot.last!.seat);
    expect(t.snapshot.commitments.some((c) => c.kind === 'secret' && c.seat === t.snapshot.last!.seat)).toBe(true);
    for (const p of players) p.close();
  }, 60_000);

  it('time the Master Mind 44 player whose turn it is out, and move play on', async () => {
    const { players } = await idleTable(server.url, { family: 'mm44' }, 4);
    const { before: start, timeout: t } = await nextTimeout(players[0]!, 0);
    const owing = start.snapshot.status.toAct;
    reportLateness('mm44', start, t, Date.now());
    expect(owing).toContain(t.snapshot.last!.seat);
    expect(t.snapshot.status.toAct).not.toEqual(owing);
    for (const p of players) p.close();
  }, 60_000);

  it('give every racer of a race a clock of its own: another seat’s guess does not restart it, and all idle seats time out', async () => {
    const created = await createRoom(server.url, { family: 'race', options: { players: 3 }, turnSeconds: 30 });
    const roomId = created.json.id as string;
    const players: Player[] = [];
    for (let seat = 0; seat < 3; seat++) {
      const p = await Player.connect(server.url);
      expect((await p.join(roomId)).ok).toBe(true);
      expect((await p.claim(seat, `P${seat}`)).ok).toBe(true);
      players.push(p);
    }
    await startWhenReady(players);
    const full = await players[0]!.waitFor((u) => u.snapshot.deadlines.length === 3);
    const at = (u: SeenUpdate, seat: number) => u.snapshot.deadlines.find((d) => d.seat === seat)?.at;
    // Everyone races at once: three clocks from the same moment, the table full.
    expect(full.snapshot.status.toAct).toEqual([0, 1, 2]);
    expect(new Set([0, 1, 2].map((s) => at(full, s))).size).toBe(1);
    expect((await players[0]!.act({ type: 'guess', code: [5, 5, 5, 5] })).ok).toBe(true);
    const guessed = await players[1]!.waitForSeq(1);
    // The guesser's clock starts again; the others' keep running from where they were.
    expect(Date.parse(at(guessed, 0)!)).toBeGreaterThan(Date.parse(at(full, 0)!));
    expect([1, 2].map((s) => at(guessed, s))).toEqual([1, 2].map((s) => at(full, s)));
    // Both idle seats run out at that deadline, one timeout each, one after the other.
    const both = await players[0]!.waitFor(
      (u) => [1, 2].every((s) => (u.snapshot.view as { boards: { missed: number[] }[] }).boards[s]!.missed.length > 0),
      30_000,
    );
    const boards = (both.snapshot.view as { boards: { missed: number[]; rows: unknown[] }[] }).boards;
    expect(boards[1]!.missed).toEqual([1]);
    expect(boards[2]!.missed).toEqual([1]);
    for (const p of players) p.close();
  }, 60_000);

  it('wait for the whole table: no clock while a seat is free, a full turn from when the last seat is taken', async () => {
    const created = await createRoom(server.url, { family: 'duel', turnSeconds: 10 });
    const roomId = created.json.id as string;
    const maker = await Player.connect(server.url);
    expect((await maker.join(roomId)).ok).toBe(true);
    expect((await maker.claim(0, 'Ann')).ok).toBe(true);
    const alone = await maker.waitFor((u) => u.room.seats[0]?.name === 'Ann');
    expect(alone.snapshot.status.toAct).toEqual([0]);
    expect(alone.snapshot.deadlines).toEqual([]);
    // Past the moment the timer would have run out had it started with the room: still nobody timed out.
    const wouldHaveTimedOut = Date.parse(alone.room.createdAt) + 10 * SECOND_MS;
    while (Date.now() < wouldHaveTimedOut + 10 * SECOND_MS) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(maker.received.some((r) => (r.payload as Partial<SeenUpdate> | null)?.snapshot?.last?.type === 'timeout')).toBe(false);
    const guest = await Player.connect(server.url);
    expect((await guest.join(roomId)).ok).toBe(true);
    const seatedAt = Date.now();
    expect((await guest.claim(1, 'Bob')).ok).toBe(true);
    const full = await maker.waitFor((u) => u.room.seats[1]?.name === 'Bob');
    expect(full.snapshot.seq).toBe(0);
    const deadline = Date.parse(full.snapshot.deadlines[0]!.at);
    expect(deadline).toBeGreaterThanOrEqual(seatedAt + 10 * SECOND_MS - 50);
    const { timeout } = await nextTimeout(maker, 0);
    expect(timeout.snapshot.last).toMatchObject({ seat: 0, type: 'timeout' });
    maker.close();
    guest.close();
  });

  it('never run without turnSeconds, and refuse timeout actionIds from people', async () => {
    const created = await createRoom(server.url, { family: 'duel' });
    const p = await Player.connect(server.url);
    expect((await p.join(created.json.id)).ok).toBe(true);
    expect((await p.claim(0, 'A')).ok).toBe(true);
    const first = await p.waitFor(() => true);
    expect(first.snapshot.deadlines).toEqual([]);
    expect(await p.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { actionId: 'timeout-x-1-0' })).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
    });
    expect(await createRoom(server.url, { family: 'duel', turnSeconds: 5 })).toMatchObject({ status: 400 });
    expect(await createRoom(server.url, { family: 'duel', turnSeconds: 604_801 })).toMatchObject({ status: 400 });
    p.close();
  });

  it('put the matches where this device owes a move first in its history, with their deadlines', async () => {
    const device = newDeviceToken();
    const me = async (roomId: string, seat: number): Promise<Player> => {
      const p = await Player.connect(server.url, { deviceToken: device });
      expect((await p.join(roomId)).ok).toBe(true);
      expect((await p.claim(seat, 'Me')).ok).toBe(true);
      return p;
    };
    // An hour of turnSeconds (216 s here): nothing times out during the test.
    const older = (await createRoom(server.url, { family: 'duel', turnSeconds: 3600 })).json.id as string;
    const mine = await me(older, 0); // the codemaker owes the secret: my turn
    const friend = await Player.connect(server.url);
    expect((await friend.join(older)).ok).toBe(true);
    expect((await friend.claim(1, 'Friend')).ok).toBe(true); // a full table: the clock runs
    await mine.waitFor((u) => u.snapshot.deadlines.length > 0);
    const newer = (await createRoom(server.url, { family: 'duel', turnSeconds: 3600 })).json.id as string;
    const waiting = await me(newer, 1); // the guesser waits for the secret
    const res = await fetch(`${server.url}/api/matches?player=me`, { headers: { [DEVICE_TOKEN_HEADER]: device } });
    expect(res.status).toBe(200);
    const list = (await res.json()) as MatchListReply;
    expect(list.matches.map((m) => [m.roomId, m.yourTurn])).toEqual([
      [older, true],
      [newer, false],
    ]);
    const deadline = list.matches[0]!.deadline;
    expect(deadline).toBe(mine.latest!.snapshot.deadlines.find((d) => d.seat === 0)!.at);
    expect(list.matches[1]!.deadline).toBeNull();
    mine.close();
    friend.close();
    waiting.close();
  });
});
