/**
 * What crosses Redis in a run of several server processes: Redis' own counters (INFO stats and
 * commandstats of the bench's own redis-server, so nothing else is counted) and, from the
 * processes' bench-timing reports, the messages each received from another process.
 */
import type { TestRedis } from '../../src/test-support/redis-server';

const FIELDS = [
  'cmdstat_spublish',
  'cmdstat_publish',
  'total_net_output_bytes',
  'pubsubshard_channels',
  'pubsub_channels',
] as const;
type Counters = Record<(typeof FIELDS)[number], number>;

/** Reads Redis' counters now; `stop` reads them again and says what the window added, per action acknowledged. */
export async function watchRedis(redis: TestRedis): Promise<{
  stop(acked: number, reports: unknown[]): Promise<Record<string, unknown>>;
}> {
  const before: Counters = await redis.info(FIELDS);
  return {
    async stop(acked, reports) {
      const after: Counters = await redis.info(FIELDS);
      const published = after.cmdstat_spublish + after.cmdstat_publish - before.cmdstat_spublish - before.cmdstat_publish;
      // Every message a process received from another (src/socket/redis.ts counts them under BENCH_TIMING).
      const crossProcess = reports.reduce<number>((n, r) => n + ((r as { redisIn?: { n: number } }).redisIn?.n ?? 0), 0);
      const perAck = (n: number): number | null => (acked ? Number((n / acked).toFixed(2)) : null);
      return {
        published,
        publishedPerAck: perAck(published),
        outputKiBPerAck: perAck((after.total_net_output_bytes - before.total_net_output_bytes) / 1024),
        crossProcessDeliveries: crossProcess,
        crossProcessPerAck: perAck(crossProcess),
        // at the window's end: one per channel with a socket on some process (sharded), and classic ones
        shardChannels: after.pubsubshard_channels,
        channels: after.pubsub_channels,
      };
    },
  };
}
