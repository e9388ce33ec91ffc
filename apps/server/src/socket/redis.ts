import { createShardedAdapter } from '@socket.io/redis-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { EventEmitter } from 'node:events';
import { benchTiming } from '../bench-timing';
import { createRedis, type Redis } from '../redis';
import type { IoServer } from './io-types';

export const PRESENCE_TIMEOUT_MS = 1000;

/** Reconnecting soon after Redis is back (node-redis waits up to 2 s by default). */
const reconnectStrategy = (retries: number): number => Math.min(50 * 2 ** retries, 1000);

/** A subscription Redis refused (a cluster node away) is asked for again this often while it is wanted. */
const RESUBSCRIBE_MS = 500;

type Log = Pick<FastifyBaseLogger, 'warn' | 'info'>;

/**
 * Logs a client's outage once (node-redis emits an error per failed reconnection attempt; a
 * cluster, per node) rather than throwing, and runs `onBack` each time it is ready again after
 * being down. A cluster is ready again when the node that failed is.
 */
function watch(redis: Redis, log: Log, name: string, onBack: () => void): void {
  let down = false;
  let ready = false;
  const failed = (err: unknown): void => {
    if (down) return;
    down = true;
    log.warn({ err, client: name }, 'redis unreachable: cross-process delivery paused until it is back');
  };
  const back = (): void => {
    const wasDown = down || ready;
    down = false;
    ready = true;
    if (!wasDown) return;
    log.info({ client: name }, 'redis back');
    onBack();
  };
  const events = redis.client as unknown as EventEmitter;
  events.on('error', failed);
  if (redis.cluster) {
    events.on('node-error', failed);
    // Every node reports ready once at the start: only one after a failure is news.
    events.on('node-ready', () => {
      if (down) back();
    });
    ready = true;
  } else events.on('ready', back);
}

/**
 * With several server processes, a seat's update must reach its socket on whichever process
 * holds it: Socket.IO's sharded Redis adapter (Redis 7 sharded pub/sub, SPUBLISH/SSUBSCRIBE)
 * carries emits, fetchSockets and server-side events. Its dynamic mode gives every channel with
 * a socket here a Redis channel of its own, which this process subscribes to while it has such
 * a socket: a process hears only the rooms it has sockets in (and the few messages meant for
 * all: server-side events, fetchSockets). On a Redis Cluster each channel lives on the node of
 * its hash slot, so the traffic spreads over the nodes.
 *
 * Redis going away must not take the process with it: the adapter never waits on its SPUBLISH
 * (broadcasts, the cluster bus's messages, socketsJoin…), so a failed one is caught here; with the
 * offline queue off it fails at once while Redis is down, and what this process's own sockets
 * need is still delivered by the adapter itself. The adapter does not wait on its SSUBSCRIBE
 * either: one refused (a cluster's node away) is asked again until it holds or is no longer
 * wanted. `onBack`: Redis is back after an outage (what was published meanwhile is lost: the
 * caller re-sends what it must).
 */
export async function attachRedisAdapter(
  io: IoServer,
  url: string,
  log: Log,
  onBack: () => void = () => {},
): Promise<() => Promise<void>> {
  const pub = createRedis(url, { disableOfflineQueue: true, reconnectStrategy });
  // The subscriber keeps its subscriptions across reconnections (node-redis subscribes again).
  const sub = createRedis(url, { reconnectStrategy });
  watch(pub, log, 'adapter-pub', onBack);
  watch(sub, log, 'adapter-sub', onBack);
  await Promise.all([pub.client.connect(), sub.client.connect()]);
  let lost = 0;
  const publish = pub.client.sPublish.bind(pub.client);
  Object.defineProperty(pub.client, 'sPublish', {
    value: (channel: string, message: string | Buffer) =>
      publish(channel, message).catch(() => {
        // Logged once per outage by the client's error listener; counted for the log line when it is back.
        lost++;
        return 0;
      }),
  });
  (pub.client as unknown as EventEmitter).on(pub.cluster ? 'node-ready' : 'ready', () => {
    if (lost === 0) return;
    log.warn({ lost }, 'messages to other processes lost while redis was away');
    lost = 0;
  });
  keepSubscriptions(sub, log);
  const adapter = createShardedAdapter(pub.client, sub.client, { subscriptionMode: 'dynamic' });
  // Socket.IO calls it with `new`: a function (not an arrow) whose returned object is the adapter.
  io.adapter(function shardedAdapter(nsp: Parameters<typeof adapter>[0]) {
    const made = adapter(nsp);
    // A process that died without a word may still be counted for a moment: wait for its answer
    // briefly (presence then falls back to this process's own sockets), not the default 5 s.
    const fetchSockets = made.fetchSockets.bind(made);
    made.fetchSockets = (opts) => fetchSockets({ ...opts, flags: { timeout: PRESENCE_TIMEOUT_MS, ...opts.flags } });
    countDeliveries(made);
    return made;
  });
  return async () => {
    // Stop hearing other servers first: a request that arrived just before (e.g. another
    // server's fetchSockets) is answered on `pub`, so `pub` closes only once those are out.
    await sub.client.quit().catch(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await pub.client.quit().catch(() => undefined);
  };
}

/**
 * bench:load counts what crosses processes (BENCH_TIMING=1 only): each message of another process
 * this adapter receives. Redis delivers this process's own messages back to it too, on every
 * channel it subscribes to; the adapter drops those by their uid, and they are not counted here either.
 */
function countDeliveries(adapter: object): void {
  const made = adapter as { uid: string; onRawMessage(raw: Buffer, channel: Buffer): void };
  const onRawMessage = made.onRawMessage.bind(made);
  made.onRawMessage = (raw, channel) => {
    // The uid is in the message's first bytes as JSON, or anywhere in a msgpack one: a byte search, no decoding.
    if (benchTiming.enabled && !raw.includes(made.uid)) benchTiming.record('redisIn', raw.length);
    onRawMessage(raw, channel);
  };
}

type Listener = (message: Buffer, channel: Buffer) => void;

/**
 * The adapter subscribes to a room's channel when its first socket here joins it, and never
 * looks at the answer: a subscription refused (a cluster's node restarting) would leave the room
 * deaf here for good, and its rejection unhandled. Here it is asked again until it holds, unless
 * the channel was let go meanwhile.
 */
export function keepSubscriptions(sub: Pick<Redis, 'client'>, log: Log): void {
  const client = sub.client as unknown as {
    sSubscribe(channel: string, listener: Listener, bufferMode: true): Promise<void>;
    sUnsubscribe(channel: string): Promise<void>;
  };
  const sSubscribe = client.sSubscribe.bind(client);
  const sUnsubscribe = client.sUnsubscribe.bind(client);
  /** each wanted channel → the subscription asked last, so that a stale retry stops */
  const wanted = new Map<string, object>();
  const attempt = (channel: string, listener: Listener, ask: object): void => {
    sSubscribe(channel, listener, true).catch((err: unknown) => {
      if (wanted.get(channel) !== ask) return;
      log.warn({ err, channel }, 'redis subscription refused: asked again');
      setTimeout(() => {
        if (wanted.get(channel) === ask) attempt(channel, listener, ask);
      }, RESUBSCRIBE_MS).unref();
    });
  };
  Object.defineProperty(client, 'sSubscribe', {
    value: (channel: string, listener: Listener): Promise<void> => {
      const ask = {};
      wanted.set(channel, ask);
      attempt(channel, listener, ask);
      return Promise.resolve();
    },
  });
  Object.defineProperty(client, 'sUnsubscribe', {
    value: (channel: string): Promise<void> => {
      wanted.delete(channel);
      return sUnsubscribe(channel).catch(() => undefined);
    },
  });
}
