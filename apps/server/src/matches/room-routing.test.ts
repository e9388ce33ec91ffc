import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { sql } from '../test-support/failover';
import { Player } from '../test-support/player';
import { kill, spawnServer } from '../test-support/process';
import { TestRedis } from '../test-support/redis-server';
import { RoomProxy } from '../test-support/room-proxy';
import { createRoom } from '../test-support/server';
import { until } from '../test-support/until';

/**
 * Two server processes behind a proxy that routes each connection by the room it names (the shape
 * of deploy/nginx.conf), sharing PostgreSQL and a Redis of the test's own.
 */
describe("a room's players on the one process its id hashes to", () => {
  let db: TestDatabase;
  let redis: TestRedis;
  let proxy: RoomProxy;
  const nodes: Awaited<ReturnType<typeof spawnServer>>[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    redis = await TestRedis.start();
    for (let i = 0; i < 2; i++) {
      nodes.push(
        await spawnServer({
          DATABASE_URL: db.config.databaseUrl!,
          DATA_DIR: db.config.dataDir,
          REDIS_URL: redis.url,
          // The bot waits long enough for its process to be killed first; the survivor takes the lease soon.
          BOT_DELAY_MS: '3000',
          DUTY_LEASE_MS: '1000',
        }),
      );
    }
    proxy = await RoomProxy.start(nodes.map((n) => ({ host: '127.0.0.1', port: Number(new URL(n.url).port) })));
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    for (const n of nodes) await kill(n.child);
    await redis?.down();
    await db?.drop();
  });

  /** Connects through the proxy, naming the room as the web client does. */
  const through = (roomId: string): Promise<Player> => Player.connect(proxy.url, { query: { room: roomId } });
  const routedFor = (roomId: string): number[] => proxy.routed.filter((r) => r.room === roomId).map((r) => r.backend);

  it('sends every connection of a room to one process, the only one subscribed to its channel', async () => {
    for (let i = 0; i < 4; i++) {
      // The HTTP API may be served by any process.
      const roomId: string = (await createRoom(nodes[i % 2]!.url, { family: 'duel', options: {} })).json.id;
      const alice = await through(roomId);
      const bob = await through(roomId);
      const watcher = await through(roomId);
      for (const p of [alice, bob, watcher]) expect((await p.join(roomId)).ok).toBe(true);
      await alice.claim(0, 'Alice');
      await bob.claim(1, 'Bob');
      expect(await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: true, seq: 1 });
      await watcher.waitForSeq(1);
      expect(new Set(routedFor(roomId))).toEqual(new Set([proxy.order(roomId)[0]]));
      // Its updates never need another process: one subscriber to the room's Redis channel (the adapter subscribes
      // without waiting, so a moment may pass before it shows).
      const subscribers = await until('the room subscribed', async () => redis.subscribers(`socket.io#/#room:${roomId}#`));
      expect(subscribers).toBe(1);
      for (const p of [alice, bob, watcher]) p.close();
    }
  });

  it('lands a player reconnecting after their process died on the next process, which plays the bot on', async () => {
    const roomId: string = (await createRoom(nodes[0]!.url, { family: 'duel', bots: [1] })).json.id;
    const [owner, next] = proxy.order(roomId) as [number, number];
    const person = await through(roomId);
    await person.join(roomId);
    await person.claim(0, 'Person');
    expect(await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: true, seq: 1 });
    const moves = async (): Promise<number> =>
      (
        await sql<{ n: number }>(
          db.config.databaseUrl!,
          `SELECT count(*)::int AS n FROM "Action" a JOIN "Match" m ON m.id = a."matchId" WHERE m."roomId" = $1`,
          [roomId],
        )
      )[0]!.n;
    expect(await moves()).toBe(1); // the bot has not played: its process dies owing the move
    await kill(nodes[owner]!.child, 'SIGKILL');
    await until('the connection closed', async () => !person.socket.connected);

    // What socket.io's reconnection does: a new connection with the same query, and the seat's token.
    const back = await through(roomId);
    expect(await back.join(roomId, person.seatToken)).toMatchObject({ ok: true, seat: 0 });
    expect(routedFor(roomId)).toEqual([owner, next]);
    // The survivor takes the dead process's lease and plays the bot; the acknowledged secret is kept.
    const seen = await back.waitFor((u) => u.snapshot.seq >= 2, 30_000);
    expect(seen.snapshot.last).toMatchObject({ seat: 1, type: 'guess' });
    expect(await moves()).toBeGreaterThanOrEqual(2);
    back.close();
    person.close();
  }, 120_000);
});
