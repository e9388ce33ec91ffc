import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { createRoomAs } from '../test-support/finish';
import { createRoom, startServer } from '../test-support/server';
import type { DuelView } from '@mm/rules/families/duel';
import type { RotationView } from '@mm/rules/families/rotation';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

describe('two server processes sharing PostgreSQL and Redis', () => {
  let db: TestDatabase;
  const apps: App[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      // Presence news goes out at once (no coalescing window), so none is still pending when a test
      // starts counting what a broadcast asks of the other processes.
      const { app, url } = await startServer(db, { redisUrl: REDIS_URL, botDelayMs: 0, secondMs: 30, presenceCoalesceMs: 0 });
      apps.push(app);
      urls.push(url);
    }
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    await db?.drop();
  });

  it('plays one match with each player on a different node', async () => {
    const roomId: string = (await createRoom(urls[0]!, { family: 'duel', options: {} })).json.id;
    const alice = await Player.connect(urls[0]!);
    const bob = await Player.connect(urls[1]!);
    await alice.join(roomId);
    await bob.join(roomId);
    await alice.claim(0, 'Alice');
    await bob.claim(1, 'Bob');
    // presence and seat names cross nodes
    await alice.waitFor((u) => u.room.seats[1]!.name === 'Bob' && u.room.seats[1]!.connected);

    expect((await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    await bob.waitForSeq(1); // node 0's update reached node 1's socket
    expect(await bob.act({ type: 'guess', code: [1, 1, 1, 1] })).toEqual({ ok: true, seq: 2 });
    const seen = await alice.waitForSeq(2);
    expect(seen.snapshot.last).toEqual({ seq: 2, seat: 1, type: 'guess' });
    // the codebreaker's update, sent by another node, still holds no secret
    for (const { payload } of bob.received) expect(JSON.stringify(payload)).not.toContain('[0,1,2,3]');
    alice.close();
    bob.close();
  });

  it("sends a seat whole what follows another node's action, so no socket folds a delta onto a stale base", async () => {
    const roomId: string = (await createRoom(urls[0]!, { family: 'rotation', options: { players: 3 } })).json.id;
    const players = [await Player.connect(urls[0]!), await Player.connect(urls[1]!), await Player.connect(urls[0]!)];
    for (const [i, p] of players.entries()) {
      await p.join(roomId);
      await p.claim(i, `P${i}`);
    }
    // Each node's own sockets act in turn, so every action follows one stored and announced by the other node.
    // The seats' claims and presence, announced by both nodes, may leave the first update on a stale
    // summary (healed by room:sync): count from the second action on.
    let from: number[] = [];
    for (let seq = 1; seq <= 8; seq++) {
      if (seq === 3) from = players.map((p) => p.received.length);
      const owed = (p: Player) => p.latest?.snapshot.status.owes.find((o) => o.seat === p.latest?.seat);
      const actor = players.find((p) => owed(p) !== undefined);
      expect(actor, `someone owes seq ${seq}`).toBeDefined();
      const type = owed(actor!)!.kind === 'secret' ? 'setSecret' : 'guess';
      const reply = await actor!.act({ type, code: [0, 1, 2, 3].map((i) => (seq + i) % 6) });
      expect(reply, JSON.stringify(reply)).toMatchObject({ ok: true, seq });
      await Promise.all(players.map((p) => p.waitForSeq(seq)));
    }
    // Folded without a gap: nobody had to ask for the snapshot.
    for (const [i, p] of players.entries())
      expect(p.received.slice(from[i]).filter((r) => r.event === 'ack:room:sync')).toEqual([]);
    for (const p of players) p.close();
  });

  it('keeps who is connected on the other node between broadcasts, and learns when it changes', async () => {
    const creator = randomBytes(32).toString('base64url');
    const roomId: string = (await createRoomAs(urls[0]!, { family: 'duel', options: {} }, creator)).json.id;
    const alice = await Player.connect(urls[0]!, { deviceToken: creator });
    const bob = await Player.connect(urls[1]!);
    await alice.join(roomId);
    await bob.join(roomId);
    await alice.claim(0, 'Alice');
    await bob.claim(1, 'Bob');
    await alice.waitFor((u) => u.room.seats[1]!.connected);

    // Broadcasts of node 0 with nobody coming or going: the processes are asked once at most.
    const adapter = apps[0]!.io.of('/').adapter;
    const fetchSockets = adapter.fetchSockets.bind(adapter);
    let asked = 0;
    adapter.fetchSockets = (opts) => {
      asked++;
      return fetchSockets(opts);
    };
    try {
      for (const on of [false, true, false, true]) {
        expect(await alice.send('room:settings', { spectators: on })).toEqual({ ok: true });
        await alice.waitFor((u) => u.room.spectating === on && u.room.seats[1]!.connected);
      }
      expect(asked).toBeLessThanOrEqual(1);
    } finally {
      adapter.fetchSockets = fetchSockets;
    }

    // Bob's socket goes on node 1: node 0 is told, and its next look says so.
    bob.close();
    await alice.waitFor((u) => !u.room.seats[1]!.connected); // node 1's own broadcast
    // Node 0's notice travels separately: each join (a fresh look by node 0) waits for the one before. A new
    // watcher each time: one socket may join only a few times a minute.
    let watcher = await Player.connect(urls[0]!);
    let seen = await watcher.join(roomId);
    for (let tries = 1; seen.ok && seen.room.seats[1]!.connected && tries < 20; tries++) {
      watcher.close();
      watcher = await Player.connect(urls[0]!);
      seen = await watcher.join(roomId);
    }
    expect(seen).toMatchObject({ ok: true, room: { seats: [{ connected: true }, { connected: false }] } });
    expect(await alice.send('room:settings', { spectators: false })).toEqual({ ok: true });
    const update = await alice.waitFor((u) => !u.room.spectating);
    expect(update.room.seats[1]!.connected).toBe(false);
    alice.close();
    watcher.close();
  });

  it('lets exactly one of two racing claims on different nodes win the seat', async () => {
    const roomId: string = (await createRoom(urls[0]!, { family: 'duel', options: {} })).json.id;
    const a = await Player.connect(urls[0]!);
    const b = await Player.connect(urls[1]!);
    await a.join(roomId);
    await b.join(roomId);
    const [ra, rb] = await Promise.all([a.claim(0, 'A'), b.claim(0, 'B')]);
    expect([ra.ok, rb.ok].filter(Boolean)).toHaveLength(1);
    expect([ra, rb].find((r) => !r.ok)).toMatchObject({ code: 'SEAT_TAKEN' });
    a.close();
    b.close();
  });

  it('never stores two actions at one seq when two nodes race on one room', async () => {
    const roomId: string = (await createRoom(urls[0]!, { family: 'duel', options: { repeats: true } })).json.id;
    const maker = await Player.connect(urls[0]!);
    const breakerA = await Player.connect(urls[0]!);
    await maker.join(roomId);
    await breakerA.join(roomId);
    await maker.claim(0, 'Maker');
    await breakerA.claim(1, 'Breaker');
    const breakerB = await Player.connect(urls[1]!); // the same seat from a second device on the other node
    await breakerB.join(roomId, breakerA.seatToken);
    await maker.act({ type: 'setSecret', code: [5, 5, 5, 5] });
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => (i % 2 ? breakerA : breakerB).act({ type: 'guess', code: [i % 6, 0, 0, 0] })),
    );
    const accepted = replies.filter((r) => r.ok).map((r) => (r as { seq: number }).seq);
    expect(new Set(accepted).size).toBe(accepted.length);
    const stored = await apps[0]!.db.prisma.action.findMany({ where: { match: { roomId } }, orderBy: { seq: 'asc' } });
    expect(stored.map((a) => a.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
    expect(stored).toHaveLength(1 + accepted.length);
    for (const p of [maker, breakerA, breakerB]) p.close();
  });

  it('plays a room of bots watched from both nodes, each bot move stored exactly once', async () => {
    const roomId: string = (await createRoom(urls[0]!, { family: 'rotation', bots: [0, 1, 2] })).json.id;
    // A watcher on each node: both load the room; the node holding its lease plays (the other could take over).
    const watchers = [await Player.connect(urls[0]!), await Player.connect(urls[1]!)];
    for (const w of watchers) expect((await w.join(roomId)).ok).toBe(true);
    const ends = await Promise.all(watchers.map((w) => w.waitFor((u) => u.snapshot.status.finished, 30_000)));
    const view = ends[0]!.snapshot.view as RotationView;
    expect(view.rounds.map((r) => r.outcome !== null)).toEqual([true, true, true]);
    expect(ends[1]!.snapshot.seq).toBe(ends[0]!.snapshot.seq);
    const match = await apps[0]!.db.prisma.match.findFirst({ where: { roomId } });
    const stored = await apps[0]!.db.prisma.action.findMany({ where: { matchId: match!.id }, orderBy: { seq: 'asc' } });
    expect(stored.map((a) => a.seq)).toEqual(Array.from({ length: stored.length }, (_, i) => i + 1));
    expect(stored.map((a) => a.actionId)).toEqual(stored.map((a) => `bot-${match!.id}-${a.seq}-${a.seat}`));
    // 3 secrets and the rows of the three shared boards
    expect(stored).toHaveLength(3 + view.rounds.reduce((n, r) => n + r.rows.length, 0));
    // The bots' moves were played by the lessee (a race lost is no move); the rules never refused one.
    expect(apps.map((a) => a.bots.stats.refused)).toEqual([0, 0]);
    expect(apps[0]!.bots.stats.played + apps[1]!.bots.stats.played).toBe(stored.length);
    for (const w of watchers) w.close();
  });

  it("gives a seat taken over on one node back to its person joining on the other, and the first node's bot stops", async () => {
    const roomId: string = (await createRoom(urls[0]!, { family: 'duel', options: { handScoring: true }, takeOverAfterSec: 10 }))
      .json.id;
    const bob = await Player.connect(urls[0]!);
    const alice = await Player.connect(urls[0]!);
    const watcher = await Player.connect(urls[1]!); // node 1 holds the room in memory from before the takeover
    for (const p of [bob, alice, watcher]) expect((await p.join(roomId)).ok).toBe(true);
    await bob.claim(0, 'Bob');
    await alice.claim(1, 'Alice');
    expect((await bob.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    const token = bob.seatToken!;
    bob.close();
    await alice.waitFor((u) => u.room.seats[0]!.connected === false);
    expect((await alice.act({ type: 'guess', code: [3, 2, 1, 0] })).ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(await alice.send('seat:takeover', { seat: 0 })).toEqual({ ok: true });
    await alice.waitForSeq(3); // node 0's bot scored the guess

    const bob2 = await Player.connect(urls[1]!);
    const back = await bob2.join(roomId, token);
    expect(back).toMatchObject({ ok: true, seat: 0, room: { seats: [{ name: 'Bob', bot: false, takenOver: false }, {}] } });
    const beaten = apps[0]!.bots.stats.beaten;
    const r = await alice.act({ type: 'guess', code: [0, 1, 3, 2] });
    if (!r.ok) throw new Error(r.code);
    // Node 0 either still believed a bot played seat 0, and its move was refused at the database's
    // word, or had already heard from node 1 that Bob is back, and its bot owes nothing.
    const knew = await until('node 0 to settle seat 0', async () => {
      if (apps[0]!.bots.stats.beaten > beaten) return 'refused';
      const room = apps[0]!.rooms.cached(roomId);
      return room && !room.isBot(0) && !apps[0]!.bots.owes(room) && 'heard';
    });
    expect(apps[0]!.bots.stats.beaten).toBe(knew === 'refused' ? beaten + 1 : beaten);
    expect(await bob2.send('room:sync', {})).toMatchObject({ snapshot: { seq: r.seq } });
    expect((await bob2.act({ type: 'score', black: 2, white: 2 })).ok).toBe(true);
    const end = await alice.waitForSeq(r.seq + 1);
    expect((end.snapshot.view as DuelView).rounds[0]!.rows[1]!.score).toEqual({ black: 2, white: 2 });
    // No bot move was stored after Bob came back: the score is his.
    const after = await apps[0]!.db.prisma.action.findMany({ where: { match: { roomId }, seq: { gt: r.seq } } });
    expect(after.map((a) => a.actionId.startsWith('bot-'))).toEqual([false]);
    for (const p of [alice, bob2, watcher]) p.close();
  });
});
