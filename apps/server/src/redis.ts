// Every Redis client of the server is made here, from REDIS_URL (config.ts: redisTarget): one
// server or a Redis Cluster, so that the rate limits, the Socket.IO adapter and readiness reach
// either alike.
import { createClient, createCluster } from 'redis';
import { redisTarget } from './config';

export type RedisClient = ReturnType<typeof createClient>;
export type RedisCluster = ReturnType<typeof createCluster>;
/** One server or a cluster: the two clients' commands are alike but their types are not. */
export type Redis = { cluster: false; client: RedisClient } | { cluster: true; client: RedisCluster };

export interface RedisOptions {
  /** commands sent while disconnected fail at once rather than wait in an unbounded queue */
  disableOfflineQueue?: boolean;
  /** ms before the next reconnection attempt (node-redis' default waits up to 2 s) */
  reconnectStrategy?: (retries: number) => number;
}

/** A client (not connected yet) of the Redis REDIS_URL names; config.ts has checked the URL. */
export function createRedis(url: string, options: RedisOptions = {}): Redis {
  const target = redisTarget(url);
  if (target === null) throw new Error('not a Redis URL'); // refused at start-up already
  const socket = options.reconnectStrategy ? { socket: { reconnectStrategy: options.reconnectStrategy } } : {};
  const common = { ...(options.disableOfflineQueue ? { disableOfflineQueue: true } : {}), ...socket };
  if (!target.cluster) return { cluster: false, client: createClient({ url: target.url, ...common }) };
  return {
    cluster: true,
    // Each node found (from the seeds' slot table) is reached with the seeds' credentials and options.
    client: createCluster({
      rootNodes: target.nodes.map((node) => ({ url: node })),
      defaults: { ...credentials(target.nodes[0]!), ...common },
    }),
  };
}

/** The user and password of a node URL, for the nodes of a cluster that the seeds name. */
function credentials(nodeUrl: string): { username?: string; password?: string } {
  const { username, password } = new URL(nodeUrl);
  return {
    ...(username ? { username: decodeURIComponent(username) } : {}),
    ...(password ? { password: decodeURIComponent(password) } : {}),
  };
}

/** PING on the server, or on every master of a cluster (each holds a part of the slots). */
export async function pingRedis(redis: Redis): Promise<void> {
  if (!redis.client.isReady) throw new Error('Redis is not connected');
  if (!redis.cluster) return void (await redis.client.ping());
  await Promise.all(
    redis.client.masters.map(async (master) => {
      if (!master.client?.isReady) throw new Error(`Redis node ${master.address} is not connected`);
      await master.client.ping();
    }),
  );
}
