import { monitorEventLoopDelay, performance, PerformanceObserver, type IntervalHistogram } from 'node:perf_hooks';

/**
 * Bench-only timing of the hot path (`BENCH_TIMING=1`; off in every other run): where the time
 * between an action's arrival and its acknowledgement goes inside the server. `bench:load`
 * turns it on and asks for a report with SIGUSR2 at the start (reset) and the end of each
 * measured window; the report is one line on stdout, `bench-timing {json}`. Off, every hook is a
 * single boolean test.
 */
export type Stage =
  /** message received → handler's reply ready (the whole server side of match:act but the socket write) */
  | 'act'
  /** an append handed to the group commit → its INSERT sent (waiting for the turn's end or a free connection) */
  | 'appendWait'
  /** one group commit's INSERT: sent → result (the pool's wait for a connection, PostgreSQL's commit and fsync) */
  | 'insert'
  /** rows in one group commit */
  | 'batchRows'
  /** group commits in flight as one more is sent, itself included (at most maxInFlight) */
  | 'inFlight'
  /** a message of another process that reached this one through the Redis adapter: its bytes */
  | 'redisIn'
  /** garbage collections, by kind (minor, major…): each one's pause */
  | `gc:${string}`;

const samples = new Map<Stage, number[]>();
let loop: IntervalHistogram | null = null;

export const benchTiming = {
  enabled: false,
  now: (): number => performance.now(),
  record(stage: Stage, value: number): void {
    let list = samples.get(stage);
    if (!list) samples.set(stage, (list = []));
    list.push(value);
  },
};

const summary = (values: number[]): { n: number; p50: number; p99: number; max: number } => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number): number => Number((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0).toFixed(2));
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: Number((sorted.at(-1) ?? 0).toFixed(2)) };
};

/** What was recorded since the last report (then forgotten), with the event loop's delay and the heap. */
export function benchTimingReport(): Record<string, unknown> {
  const report: Record<string, unknown> = {};
  for (const [stage, values] of samples) report[stage] = summary(values);
  samples.clear();
  if (loop) {
    report['loopDelay'] = {
      p50: Number((loop.percentile(50) / 1e6).toFixed(2)),
      p99: Number((loop.percentile(99) / 1e6).toFixed(2)),
      max: Number((loop.max / 1e6).toFixed(2)),
    };
    loop.reset();
  }
  const mem = process.memoryUsage();
  const mib = (n: number): number => Math.round(n / 2 ** 20);
  report['memoryMiB'] = {
    rss: mib(mem.rss),
    heapUsed: mib(mem.heapUsed),
    heapTotal: mib(mem.heapTotal),
    external: mib(mem.external),
    arrayBuffers: mib(mem.arrayBuffers),
  };
  return report;
}

/** Turns the timing on and answers SIGUSR2 with a report line. */
export function startBenchTiming(): void {
  benchTiming.enabled = true;
  loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const kinds: Record<number, string> = { 1: 'minor', 2: 'major', 4: 'incremental', 8: 'weakcb' };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as unknown as { detail?: { kind?: number } }).detail?.kind ?? 0;
      benchTiming.record(`gc:${kinds[kind] ?? kind}`, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => process.stdout.write(`bench-timing ${JSON.stringify(benchTimingReport())}\n`));
}
