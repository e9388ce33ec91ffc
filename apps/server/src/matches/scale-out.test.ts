import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { createRoom, startServer } from '../test-support/server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('two server processes sharing PostgreSQL and Redis', () => {
  let db: TestDatabase;
  const apps: App[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const { app, url } = await startServer(db, { redisUrl: REDIS_URL });
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
    expect(seen.snapshot.last).toEqual({ seq: 2, seat: 1, type: "guess" });
    // the codebreaker's update, sent by another node, still holds no secret
    for (const { payload } of bob.received) expect(JSON.stringify(payload)).not.toContain('[0,1,2,3]');
    alice.close();
    bob.close();
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
});
