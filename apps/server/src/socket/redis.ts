import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import { EventEmitter } from 'node:events';
import { createClient } from 'redis';
import type { IoServer } from './io-types';

export const PRESENCE_TIMEOUT_MS = 1000;

type Redis = ReturnType<typeof createClient>;

/** Reconnecting soon after Redis is back (node-redis waits up to 2 s by default). */
const reconnectStrategy = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

/**
 * A Redis client that rides out an outage: its errors are logged once per outage (node-redis
 * emits one per failed reconnection attempt) rather than thrown, commands sent while it is
 * disconnected fail at once instead of waiting in an unbounded queue (`disableOfflineQueue`),
 * and `onBack` runs each time it is ready again after being down.
 */
export function resilientRedis(
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  name: string,
  onBack: () => void = () => {},
): Redis {
  const client: Redis = createClient({ url, disableOfflineQueue: true, socket: { reconnectStrategy } });
  watch(client, log, name, onBack);
  return client;
}

function watch(client: EventEmitter, log: Pick<FastifyBaseLogger, 'warn' | 'info'>, name: string, onBack: () => void): void {
  let down = false;
  let ready = false;
  client.on('error', (err: unknown) => {
    if (down) return;
    down = true;
    log.warn({ err, client: name }, 'redis unreachable: cross-process delivery paused until it is back');
  });
  client.on('ready', () => {
    const wasDown = down || ready;
    down = false;
    ready = true;
    if (!wasDown) return;
    log.info({ client: name }, 'redis back');
    onBack();
  });
}

/**
 * With several server processes, a seat's update must reach its socket on
 * whichever process holds it: the Redis adapter carries emits and fetchSockets.
 *
 * Redis going away must not take the process with it: the adapter never waits on its PUBLISH
 * (broadcasts, serverSideEmit, socketsJoin…), so a failed one is caught here; with the
 * offline queue off it fails at once while Redis is down, and what this process's own sockets
 * need is still delivered by the adapter itself. `onBack`: Redis is back after an outage
 * (what was published meanwhile is lost: the caller re-sends what it must).
 */
export async function attachRedisAdapter(
  io: IoServer,
  url: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  onBack: () => void = () => {},
): Promise<() => Promise<void>> {
  const pub = resilientRedis(url, log, 'adapter-pub', onBack);
  const sub = createClient({ url, socket: { reconnectStrategy } });
  // The subscriber keeps its subscriptions across reconnections (node-redis subscribes again).
  watch(sub, log, 'adapter-sub', onBack);
  await Promise.all([pub.connect(), sub.connect()]);
  const publish = pub.publish.bind(pub);
  let lost = 0;
  Object.defineProperty(pub, 'publish', {
    value: (...args: Parameters<typeof publish>) =>
      publish(...args).catch(() => {
        // Logged once per outage by the client's error listener; counted for the log line when it is back.
        lost++;
        return 0;
      }),
  });
  pub.on('ready', () => {
    if (lost === 0) return;
    log.warn({ lost }, 'messages to other processes lost while redis was away');
    lost = 0;
  });
  // A process that died without a word may still be counted for a moment: wait for its answer
  // briefly (presence then falls back to this process's own sockets), not the default 5 s.
  io.adapter(createAdapter(pub, sub, { requestsTimeout: PRESENCE_TIMEOUT_MS }));
  return async () => {
    // Stop hearing other servers first: a request that arrived just before (e.g. another
    // server's fetchSockets) is answered on `pub`, so `pub` closes only once those are out.
    await sub.quit().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pub.quit().catch(() => undefined);
  };
}
