import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { kill, spawnServer } from '../test-support/process';
import { TestRedis } from '../test-support/redis-server';
import { Player } from '../test-support/player';
import { createRoom } from '../test-support/server';
import { duelAcross } from '../test-support/table';
import { until } from '../test-support/until';

/** Two server processes sharing PostgreSQL and a Redis of the test's own, which goes away during play. */
describe('a Redis outage under live play between two processes', () => {
  let db: TestDatabase;
  let redis: TestRedis;
  const nodes: Awaited<ReturnType<typeof spawnServer>>[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    redis = await TestRedis.start();
    for (let i = 0; i < 2; i++) {
      nodes.push(await spawnServer({ DATABASE_URL: db.config.databaseUrl!, DATA_DIR: db.config.dataDir, REDIS_URL: redis.url }));
    }
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await kill(n.child);
    await redis?.down();
    await db?.drop();
  });

  it('keeps every process up and serving its own sockets, and cross-process delivery resumes by itself', async () => {
    const { roomId, alice, bob } = await duelAcross(nodes[0]!.url, nodes[1]!.url, { repeats: true, guesses: 15 });

    await redis.down();
    // A socket joining now makes the room's kept presence stale on its process: who is in the room
    // must then come from that process's own sockets, without Redis (a join's reply, a sync).
    const watcher = await Player.connect(nodes[0]!.url);
    expect(await watcher.join(roomId)).toMatchObject({ ok: true });
    expect(await alice.send('room:sync', {})).toMatchObject({ ok: true });
    watcher.close();
    // Longer than the 5 s after which the processes used to die, with play going on all along: each
    // process acknowledges its own socket's moves, and answers HTTP (rate-limited routes included).
    const downSince = Date.now();
    let seq = 1;
    const guesses = [
      [1, 1, 1, 1],
      [2, 2, 2, 2],
      [3, 3, 3, 3],
      [4, 4, 4, 4],
      [5, 5, 5, 5],
    ];
    let g = 0;
    await until(
      'six seconds of play without Redis',
      async () => {
        if (g < 3) {
          const reply = await bob.act({ type: 'guess', code: guesses[g++] });
          expect(reply).toMatchObject({ ok: true });
          seq++;
        }
        for (const p of [alice, bob]) expect(await p.send('room:sync', {})).toMatchObject({ ok: true });
        const created = await createRoom(nodes[seq % 2]!.url, { family: 'duel', options: {} });
        expect(created.status).toBe(201);
        return Date.now() - downSince > 6000;
      },
      120_000,
      200,
    );
    for (const n of nodes) expect(n.child.exitCode).toBeNull();

    await redis.up();
    // Delivery across processes resumes: a move on node 1 reaches node 0's socket.
    await until(
      "node 1's moves reach node 0 again",
      async () => {
        const reply = await bob.act({ type: 'guess', code: guesses[g++ % guesses.length] });
        expect(reply).toMatchObject({ ok: true });
        if (reply.ok) seq = reply.seq;
        return alice.waitForSeq(seq).then(
          () => true,
          () => false,
        );
      },
      60_000,
      100,
    );
    for (const n of nodes) expect(n.child.exitCode).toBeNull();
    alice.close();
    bob.close();
  }, 240_000);

  it('re-sends the seat that missed moves during a blip its newest view once Redis is back, with no move after', async () => {
    const { alice, bob } = await duelAcross(nodes[0]!.url, nodes[1]!.url);

    await redis.down();
    // Node 1's update of this guess cannot cross to node 0 (Alice's): it is lost, and nothing follows it.
    expect(await bob.act({ type: 'guess', code: [1, 2, 3, 4] })).toMatchObject({ ok: true, seq: 2 });
    await redis.up();
    await until('Alice has the guess made during the blip', async () => alice.latest!.snapshot.seq >= 2, 30_000);
    // Re-sent per seat: the codemaker's own view, the secret in it, never to the codebreaker.
    expect(alice.latest!.seat).toBe(0);
    for (const { payload } of bob.received) expect(JSON.stringify(payload)).not.toContain('[0,1,2,3]');
    alice.close();
    bob.close();
  }, 120_000);
});
