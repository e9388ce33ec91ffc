import { PROTOCOL_VERSION } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';

/** Updates, whole or as deltas. */
const updatesOf = (p: Player): number => p.received.filter((r) => r.event === 'room:update' || r.event === 'room:delta').length;

/** A duel with Alice (codemaker) and Bob seated, the secret set. */
async function duel(url: string): Promise<{ roomId: string; alice: Player; bob: Player }> {
  const roomId: string = (await createRoom(url, { family: 'duel', options: {} })).json.id;
  const alice = await Player.connect(url);
  const bob = await Player.connect(url);
  await alice.join(roomId);
  await bob.join(roomId);
  await alice.claim(0, 'Alice');
  await bob.claim(1, 'Bob');
  expect((await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
  await bob.waitForSeq(1);
  return { roomId, alice, bob };
}

const GUESSES = [
  [1, 2, 3, 4],
  [2, 3, 4, 5],
  [3, 4, 5, 0],
  [4, 5, 0, 1],
  [5, 0, 1, 2],
];

describe('a socket joining the room it is in again', () => {
  // No coalescing window: any presence news a re-join made would reach the others before the next move's update.
  // Joins per socket lifted: these sockets re-join far more often than a page does (admitted-crowd.test.ts costs them).
  const server = useServer('postgres', { presenceCoalesceMs: 0, socketJoinBurst: 1000 });

  it('gets its own snapshot and sends nothing to the others', async () => {
    const { roomId, alice, bob } = await duel(server.url);
    const watcher = await Player.connect(server.url);
    expect((await watcher.join(roomId)).ok).toBe(true);
    await bob.waitFor((u) => u.room.spectators === 1);
    const before = updatesOf(bob);
    for (let i = 0; i < 20; i++) {
      expect(await watcher.join(roomId)).toMatchObject({ ok: true, seat: null, snapshot: { seq: 1 } });
      expect(await alice.join(roomId)).toMatchObject({ ok: true, seat: 0, snapshot: { seq: 1 } });
    }
    // The next move's update marks the end: updates leave in order, so anything a re-join sent came before it.
    expect((await bob.act({ type: 'guess', code: GUESSES[0] })).ok).toBe(true);
    await bob.waitForSeq(2);
    expect(updatesOf(bob) - before).toBe(1);
    for (const p of [alice, bob, watcher]) p.close();
  });
});

describe('a room under a flood of re-joins', () => {
  const HOSTILE = 300;
  const CAP = 250;
  // Joins per socket lifted: a flood of joins that pass, to see what the room sends for them.
  const server = useServer('postgres', { spectatorsPerRoom: CAP, socketJoinBurst: 1000 });

  it(`refuses watchers past the cap, keeps acknowledging the players, and sends the room a bounded number of updates`, async () => {
    const { roomId, alice, bob } = await duel(server.url);
    const hostile = await Promise.all(Array.from({ length: HOSTILE }, () => Player.connect(server.url)));
    const first = await Promise.all(hostile.map((h) => h.join(roomId)));
    expect(first.filter((r) => r.ok)).toHaveLength(CAP);
    expect(first.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(Array(HOSTILE - CAP).fill('SPECTATORS_FULL'));
    await bob.waitFor((u) => u.room.spectators === CAP, 30_000);

    const before = updatesOf(bob);
    let flooding = true;
    let rejoins = 0;
    const flood = hostile.map(async (h) => {
      while (flooding) {
        const r = await h.send('room:join', { protocol: PROTOCOL_VERSION, roomId }).catch(() => null);
        if (r?.ok) rejoins++;
        // Each socket keeps within its own message rate (10 a second): the flood is one of joins, not of messages.
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    });
    await until('the flood under way', async () => rejoins >= HOSTILE);
    let moves = 0;
    for (const code of GUESSES) {
      const reply = await bob.act({ type: 'guess', code });
      expect(reply).toMatchObject({ ok: true });
      moves++;
    }
    await alice.waitForSeq(1 + moves);
    await until('a few more re-joins', async () => rejoins >= 3 * HOSTILE, 60_000);
    flooding = false;
    await Promise.all(flood);
    // One update per move; the refused sockets' departures at most one more (coalesced).
    await bob.waitForSeq(1 + moves);
    expect(updatesOf(bob) - before).toBeLessThanOrEqual(moves + 1);
    for (const p of [alice, bob, ...hostile]) p.close();
  }, 180_000);
});

describe("a room whose watchers' places are all taken", () => {
  const server = useServer('postgres', { spectatorsPerRoom: 2 });

  it('still seats a person who asks for a free seat as they join, and only in a free seat', async () => {
    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const crowd = [await Player.connect(server.url), await Player.connect(server.url)];
    for (const c of crowd) expect((await c.join(roomId)).ok).toBe(true);
    const carol = await Player.connect(server.url);
    expect(await carol.join(roomId)).toMatchObject({ ok: false, code: 'SPECTATORS_FULL' });

    const join = (p: Player, claim: { seat: number; name: string }) =>
      p.send('room:join', { protocol: PROTOCOL_VERSION, roomId, claim });
    const seated = await join(carol, { seat: 1, name: 'Carol' });
    expect(seated).toMatchObject({ ok: true, seat: 1, room: { seats: [{}, { name: 'Carol' }] } });
    if (!seated.ok) throw new Error('not seated');
    expect(seated.seatToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    // Seated, the socket plays: its own seat's view and the moves of its seat.
    const dan = crowd[0]!;
    expect((await dan.claim(0, 'Dan')).ok).toBe(true);
    expect((await dan.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    expect(await carol.act({ type: 'guess', code: GUESSES[0] })).toMatchObject({ ok: true, seq: 2 });
    // The token it got brings it back into its seat from another socket.
    const again = await Player.connect(server.url);
    expect(await again.join(roomId, seated.seatToken)).toMatchObject({ ok: true, seat: 1 });

    // A claim of a taken seat is refused whole: the socket is left in no room.
    const erin = await Player.connect(server.url);
    expect(await join(erin, { seat: 1, name: 'Erin' })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(await erin.send('room:sync', {})).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });
    for (const p of [...crowd, carol, again, erin]) p.close();
  });
});

describe('the per-address bounds of sockets', () => {
  const server = useServer('postgres', { socketsPerIp: 3, joinBurstPerIp: 4, joinsPerSecPerIp: 0.01 });

  it('refuses a socket past the cap with TOO_MANY_CONNECTIONS, and takes one again once a socket closed', async () => {
    const held = [await Player.connect(server.url), await Player.connect(server.url), await Player.connect(server.url)];
    const refused = await Player.connect(server.url).then(
      (p) => (p.close(), null),
      (err: unknown) => err as { data?: unknown },
    );
    expect(refused?.data).toMatchObject({ ok: false, code: 'TOO_MANY_CONNECTIONS' });
    held.pop()!.close();
    const again = await until('a place freed', () => Player.connect(server.url).catch(() => null), 10_000, 100);
    for (const p of [...held, again]) p.close();
  });

  it('rate-limits room joins per address', async () => {
    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const a = await Player.connect(server.url);
    const b = await Player.connect(server.url);
    const replies = [];
    for (let i = 0; i < 3; i++) replies.push(await a.join(roomId), await b.join(roomId));
    // joins are counted per address, not per socket: 4 for both sockets together
    expect(replies.map((r) => (r.ok ? 'ok' : r.code))).toEqual(['ok', 'ok', 'ok', 'ok', 'RATE_LIMITED', 'RATE_LIMITED']);
    a.close();
    b.close();
  });
});
