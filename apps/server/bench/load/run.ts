/**
 * One measured window: actions fall due at a fixed rate (open loop), each counted from the moment
 * it was due; the server's CPU, writes and memory, the generator's own lag, PostgreSQL's CPU and
 * the machine's are read around the window. One JSON line per run (docs/performance.md).
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { ClientKind, Recorder, Table } from './client';
import { watchPostgres } from './postgres-watch';
import { cpuSeconds, cpuSecondsBetween, cpuSecondsOf, machineTicks, postgresPids, rssMiB, writeCalls } from './procfs';
import type { TestRedis } from '../../src/test-support/redis-server';
import { watchRedis } from './redis-watch';
import type { ServerProcess } from './server-process';
import { flowReactions } from './reactions';

export type Target = 'relay' | 'relay-postgres' | 'relay-embedded' | 'embedded' | 'postgres';
/** The bare relay, storing or not (bench/relay.ts): the toy game, no timing, no reactions. */
export const isRelay = (target: Target): boolean => target.startsWith('relay');

export const pct = (sorted: number[], p: number): number | null =>
  sorted.length === 0
    ? null
    : Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(2));
export const summary = (values: number[]): { p50: number | null; p99: number | null; max: number | null } => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.length ? Number(sorted.at(-1)!.toFixed(2)) : null };
};
/**
 * The server's CPU milliseconds (user + system, its sockets' and database client's system calls
 * included) per acknowledged action: what an action costs, whatever the rate, so the real server
 * and the bare relay compare as a ratio. Null when nothing was acknowledged.
 */
export const cpuMsPerAction = (cpuSeconds: number, acked: number): number | null =>
  acked > 0 ? Number(((cpuSeconds * 1000) / acked).toFixed(3)) : null;
/** How many times the relay's CPU per action an action costs (null without both figures). */
export const timesRelay = (msPerAction: number | null, relayMsPerAction: number | null | undefined): number | null =>
  msPerAction !== null && relayMsPerAction ? Number((msPerAction / relayMsPerAction).toFixed(2)) : null;

/** How a run is measured: the command line's settings. */
export interface RunSettings {
  /** `--rooms`: every run drives all rooms (null: the first `rate` rooms, each acting once a second) */
  roomsFlag: number | null;
  warmupS: number;
  durationS: number;
  timing: boolean;
  family: string;
  client: ClientKind;
  /** `--reactions`: every seat also sends a reaction every 10 s */
  reactions: boolean;
}

/** Several server processes on one Redis of the bench's own (`--processes`), and how sockets were spread over them. */
export interface Shape {
  redis: TestRedis;
  /** room: every socket of a room on one process (as nginx.conf routes); spread: a room's seats on different processes */
  routing: 'room' | 'spread';
}

/**
 * One measured window at `rate` actions a second, open loop; prints its JSON line. With several
 * processes (`shape`), CPU, writes and memory are their sums, and the line says what crossed Redis.
 */
export async function run(
  target: Target,
  servers: ServerProcess[],
  tables: Table[],
  rate: number,
  databaseUrl: string | null,
  settings: RunSettings,
  shape: Shape | null = null,
  /** the relay's CPU per action at this rate, measured earlier in the same invocation */
  relayCpuMsPerAction: number | null = null,
): Promise<{ cpuMsPerAction: number | null }> {
  const pids = servers.map((s) => s.child.pid!);
  const sum = (f: (pid: number) => number): number => pids.reduce((n, pid) => n + f(pid), 0);
  const { roomsFlag, warmupS: WARMUP_S, durationS: DURATION_S } = settings;
  const active = roomsFlag === null ? tables.slice(0, Math.min(rate, tables.length)) : tables;
  const acks: number[] = [];
  const deliveries: number[] = [];
  const errorCodes: Record<string, number> = {};
  let recording = false;
  const recorder: Recorder = {
    ack: (ms) => recording && acks.push(ms),
    delivery: (ms) => recording && deliveries.push(ms),
    error: (code) => {
      if (recording) errorCodes[code] = (errorCodes[code] ?? 0) + 1;
    },
  };
  for (const t of active) {
    t.recorder = recorder;
    t.due.length = 0;
  }
  const rematches0 = active.reduce((n, t) => n + t.rematches, 0);
  const updatesNow = (): { count: number; bytes: number } =>
    active.reduce((n, t) => ({ count: n.count + t.updates.count, bytes: n.bytes + t.updates.bytes }), { count: 0, bytes: 0 });
  let updates0 = updatesNow();

  // Open loop: the j-th action overall is due at start + j / rate, on table j mod n.
  const start = performance.now() + 50;
  const end = start + (WARMUP_S + DURATION_S) * 1000;
  let j = 0;
  let sentInWindow = 0;
  let cpu0 = 0;
  let writes0 = 0;
  let wall0 = 0;
  let machine0 = { busy: 0, all: 0 };
  let postgresCpu0 = new Map<number, number>();
  // Found before the loop: the server's pool is connected by now (the timing sampler's own backend is not counted).
  const postgres = databaseUrl ? postgresPids() : [];
  const loadCpu0 = process.cpuUsage();
  // The bare relay has no timing of its own (and a SIGUSR2 would end it).
  const timing = settings.timing && !isRelay(target);
  // The load generator shares the cores: its own stalls delay sends and show up as latency.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  // Set inside the tick (a closure): typed by hand, or the compiler narrows it to null.
  let pgWatch = null as Promise<{ stop(): Promise<Record<string, unknown>> }> | null;
  // The bare relay knows no reactions.
  const reactionFlow = settings.reactions && !isRelay(target) ? flowReactions(active) : null;
  let redisWatch = null as Promise<{ stop(acked: number, reports: unknown[]): Promise<Record<string, unknown>> }> | null;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      if (!recording && now >= start + WARMUP_S * 1000) {
        recording = true;
        cpu0 = sum(cpuSeconds);
        updates0 = updatesNow();
        writes0 = sum(writeCalls);
        wall0 = now;
        machine0 = machineTicks();
        postgresCpu0 = cpuSecondsOf(postgres);
        lag.enable();
        reactionFlow?.begin();
        // Several processes run with timing on (server-process.ts), which counts what they receive from one another.
        if (timing || shape) for (const server of servers) void server.timing();
        if (timing && databaseUrl) pgWatch = watchPostgres(databaseUrl);
        if (shape) redisWatch = watchRedis(shape.redis);
      }
      const until = Math.min(now, end);
      while (start + (j * 1000) / rate <= until) {
        const table = active[j % active.length]!;
        table.due.push(start + (j * 1000) / rate);
        if (recording) sentInWindow++;
        table.pump();
        j++;
      }
      if (now >= end) return resolve();
      setTimeout(tick, 1);
    };
    tick();
  });
  const reactions = reactionFlow?.stop();
  const wall = (performance.now() - wall0) / 1000;
  const cpu = sum(cpuSeconds) - cpu0;
  const updates1 = updatesNow();
  const updatesSeen = updates1.count - updates0.count;
  const writes = sum(writeCalls) - writes0;
  const loadCpu = process.cpuUsage(loadCpu0);
  const machine1 = machineTicks();
  const postgresCpu = databaseUrl ? cpuSecondsBetween(postgresCpu0, cpuSecondsOf(postgres)) : null;
  lag.disable();
  const reports = timing || shape ? await Promise.all(servers.map((server) => server.timing())) : [];
  const serverTiming = timing ? (servers.length === 1 ? reports[0] : reports) : undefined;
  const pgActivity = pgWatch ? await (await pgWatch).stop() : undefined;
  const redisCrossing = redisWatch ? await (await redisWatch).stop(acks.length, reports) : undefined;
  // Let what is in flight land, unrecorded, so the next run starts clean.
  recording = false;
  const drainUntil = performance.now() + 5000;
  while (active.some((t) => t.busy) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  for (const t of active) t.due.length = 0;

  const unanswered = active.filter((t) => t.busy).length;
  const msPerAction = cpuMsPerAction(cpu, acks.length);
  const vsRelay = timesRelay(msPerAction, relayCpuMsPerAction);
  console.log(
    JSON.stringify({
      target,
      family: isRelay(target) ? 'toy' : settings.family,
      client: settings.client,
      rate,
      ...(shape ? { processes: servers.length, routing: shape.routing } : {}),
      rooms: active.length,
      clients: active.reduce((n, t) => n + t.seats, 0),
      connectedClients: tables.reduce((n, t) => n + t.seats, 0),
      seconds: Number(wall.toFixed(2)),
      due: sentInWindow,
      acked: acks.length,
      acksPerSec: Number((acks.length / wall).toFixed(1)),
      ackMs: summary(acks),
      deliveryMs: summary(deliveries),
      serverCpuPct: Number(((cpu / wall) * 100).toFixed(1)),
      serverCpuMsPerAction: msPerAction,
      ...(vsRelay !== null ? { cpuPerActionVsRelay: vsRelay } : {}),
      serverRssMiB: sum(rssMiB),
      serverWritesPerAck: acks.length ? Number((writes / acks.length).toFixed(2)) : null,
      // what one room update (whole or a delta) weighs on the wire, on average: its JSON
      bytesPerUpdate: updatesSeen ? Math.round((updates1.bytes - updates0.bytes) / updatesSeen) : null,
      loadGenCpuPct: Number((((loadCpu.user + loadCpu.system) / 1e6 / (WARMUP_S + DURATION_S || 1)) * 100).toFixed(1)),
      ...(postgresCpu !== null ? { postgresCpuPct: Number(((postgresCpu / wall) * 100).toFixed(1)) } : {}),
      // Every process of the machine, in % of all its cores: how much room the scheduler had.
      machineCpuPct: Number((((machine1.busy - machine0.busy) / (machine1.all - machine0.all || 1)) * 100).toFixed(1)),
      loadGenLagMs: { p99: Number((lag.percentile(99) / 1e6).toFixed(2)), max: Number((lag.max / 1e6).toFixed(2)) },
      errors: Object.values(errorCodes).reduce((a, b) => a + b, 0),
      errorCodes,
      unanswered,
      finishedRooms: active.filter((t) => t.finished).length,
      rematches: active.reduce((n, t) => n + t.rematches, 0) - rematches0,
      ...(reactions ? { reactions } : {}),
      ...(serverTiming ? { server: serverTiming } : {}),
      ...(pgActivity ? { pg: pgActivity } : {}),
      ...(redisCrossing ? { redis: redisCrossing } : {}),
      at: new Date().toISOString(),
      node: process.version,
    }),
  );
  return { cpuMsPerAction: msPerAction };
}
