// 7. Redis blip: Redis killed for 2 s between two processes.
import { freshDatabase } from '../../src/test-support/databases';
import { startNode } from '../../src/test-support/failover';
import { kill } from '../../src/test-support/process';
import { TestRedis } from '../../src/test-support/redis-server';
import { duelAcross } from '../../src/test-support/table';
import { until } from '../../src/test-support/until';
import { stats } from './options';

/** A 2 s Redis blip between two processes: how long after Redis is back the seat that missed moves has them. */
export async function redisBlip(): Promise<void> {
  const db = await freshDatabase('postgres');
  const redis = await TestRedis.start();
  const env = {
    DATABASE_URL: db.config.databaseUrl!,
    DATA_DIR: db.config.dataDir,
    REDIS_URL: redis.url,
    ROOM_CREATE_BURST: '100000',
  };
  const nodes = [await startNode(env), await startNode(env)];
  const catchUp: number[] = [];
  for (let trial = 0; trial < 5; trial++) {
    const { alice, bob } = await duelAcross(nodes[0]!.url, nodes[1]!.url);
    await redis.down();
    const reply = await bob.act({ type: 'guess', code: [1, 2, 3, 4] });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await redis.up();
    const t0 = Date.now();
    if (reply.ok) {
      await until('the missed move', async () => (alice.latest?.snapshot.seq ?? 0) >= reply.seq, 60_000).catch(() => undefined);
      catchUp.push(Date.now() - t0);
    }
    alice.close();
    bob.close();
  }
  console.log(
    `redis blip (2 s, two processes): the seat that missed a move has it after Redis is back in ${stats(catchUp)}; processes alive: ${nodes.filter((n) => n.child.exitCode === null).length}/2`,
  );
  for (const n of nodes) await kill(n.child);
  await redis.down();
  await db.drop();
}
