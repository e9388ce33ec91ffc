import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { kill, spawnServer } from '../test-support/process';
import { TestRedisCluster } from '../test-support/redis-server';
import { createRoom } from '../test-support/server';
import { duelAcross } from '../test-support/table';
import { until } from '../test-support/until';

/** The Redis channel of a Socket.IO channel in the sharded adapter's dynamic mode (namespace `/`). */
const redisChannel = (channel: string): string => `socket.io#/#${channel}#`;

/** Two server processes sharing PostgreSQL and a Redis Cluster of three masters, started once for the file. */
describe('two server processes on a Redis Cluster', () => {
  let db: TestDatabase;
  let cluster: TestRedisCluster;
  const nodes: Awaited<ReturnType<typeof spawnServer>>[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    cluster = await TestRedisCluster.start(3);
    for (let i = 0; i < 2; i++) {
      nodes.push(
        await spawnServer({
          DATABASE_URL: db.config.databaseUrl!,
          DATA_DIR: db.config.dataDir,
          REDIS_URL: cluster.url,
          BOT_DELAY_MS: '0',
        }),
      );
    }
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await kill(n.child);
    await cluster?.stop();
    await db?.drop();
  });

  /** Alice on process 0 and Bob on process 1 at a new duel, the secret set and seen by Bob. */
  const duelAcrossProcesses = async (): ReturnType<typeof duelAcross> => {
    const across = await duelAcross(nodes[0]!.url, nodes[1]!.url, { repeats: true, guesses: 15 });
    await across.alice.waitFor((u) => u.room.seats[1]!.name === 'Bob' && u.room.seats[1]!.connected);
    return across;
  };

  it('is ready, counts rate limits in the cluster, and plays a duel across the processes without leaking the secret', async () => {
    for (const n of nodes) expect((await fetch(`${n.url}/api/health/ready`)).status).toBe(200);
    // Room creation is rate-limited: counted in the cluster (the limiter would serve uncounted on an error).
    expect((await createRoom(nodes[1]!.url, { family: 'duel', options: {} })).status).toBe(201);
    expect(await cluster.keys('mm:rate:create:*')).not.toEqual([]);
    const { alice, bob } = await duelAcrossProcesses();
    expect(await bob.act({ type: 'guess', code: [1, 1, 1, 1] })).toEqual({ ok: true, seq: 2 });
    expect((await alice.waitForSeq(2)).snapshot.last).toEqual({ seq: 2, seat: 1, type: 'guess' });
    for (const { payload } of bob.received) expect(JSON.stringify(payload)).not.toContain('[0,1,2,3]');
    alice.close();
    bob.close();
  });

  it("subscribes a process to a room's channel only while it has a socket in that room", async () => {
    const roomId: string = (await createRoom(nodes[0]!.url, { family: 'duel', options: {} })).json.id;
    const channel = redisChannel(`room:${roomId}`);
    const watcher = await Player.connect(nodes[0]!.url);
    await watcher.join(roomId);
    await until('process 0 subscribed', async () => (await cluster.subscribers(channel)).count === 1);
    const other = await Player.connect(nodes[1]!.url);
    await other.join(roomId);
    await until('both processes subscribed', async () => (await cluster.subscribers(channel)).count === 2);
    other.close();
    await until('process 1 let the room go', async () => (await cluster.subscribers(channel)).count === 1);
    watcher.close();
    await until('nobody subscribed', async () => (await cluster.subscribers(channel)).count === 0);
  });

  it("goes on through a restart of the node serving the room's channel, losing no acknowledged move", async () => {
    const { roomId, alice, bob } = await duelAcrossProcesses();
    const { node } = await cluster.subscribers(redisChannel(`room:${roomId}`));
    const acknowledged = [1];
    const restart = cluster.restart(node);
    // Moves while the node is away and coming back: each one acknowledged is stored (the database does not need Redis).
    const guesses = [
      [1, 1, 1, 1],
      [2, 2, 2, 2],
    ];
    for (const code of guesses) {
      const reply = await bob.act({ type: 'guess', code });
      expect(reply).toMatchObject({ ok: true });
      if (reply.ok) acknowledged.push(reply.seq);
    }
    await restart;
    // Once the node is back, every process subscribes again and says so: Alice has the moves made meanwhile,
    // then each new move of Bob's crosses the cluster live.
    await until('Alice has the moves made during the restart', async () => (alice.latest?.snapshot.seq ?? 0) >= 3, 30_000);
    const more = [
      [3, 3, 3, 3],
      [4, 4, 4, 4],
      [5, 5, 5, 5],
      [3, 4, 5, 0],
    ];
    let g = 0;
    await until(
      "Bob's moves reach Alice live again",
      async () => {
        const reply = await bob.act({ type: 'guess', code: more[g++ % more.length] });
        expect(reply).toMatchObject({ ok: true });
        if (!reply.ok) return false;
        acknowledged.push(reply.seq);
        return alice.waitForSeq(reply.seq).then(
          () => true,
          () => false,
        );
      },
      60_000,
      100,
    );
    const watcher = await Player.connect(nodes[0]!.url);
    const seen = await watcher.join(roomId);
    expect(seen.ok && seen.snapshot?.seq).toBe(acknowledged.at(-1));
    expect(acknowledged).toEqual(Array.from({ length: acknowledged.length }, (_, i) => i + 1));
    for (const { payload } of bob.received) expect(JSON.stringify(payload)).not.toContain('[0,1,2,3]');
    for (const n of nodes) expect(n.child.exitCode).toBeNull();
    for (const p of [alice, bob, watcher]) p.close();
  }, 180_000);
});
