import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { IoServer } from './io-types';

export const PRESENCE_TIMEOUT_MS = 1000;

/**
 * With several server processes, a seat's update must reach its socket on
 * whichever process holds it: the Redis adapter carries emits and fetchSockets.
 */
export async function attachRedisAdapter(io: IoServer, url: string): Promise<() => Promise<void>> {
  const pub = createClient({ url });
  const sub = pub.duplicate();
  await Promise.all([pub.connect(), sub.connect()]);
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
