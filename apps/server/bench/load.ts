/**
 * `bench:load`: the built server in a child process of its own, driven through the real
 * protocol from this process (its own lean client, bench/lean-socket.ts; `--client socket.io`
 * for socket.io-client), open loop at a fixed rate, with a bare Socket.IO relay
 * (bench/relay.ts) measured in the same run as the reference. One JSON line per target and
 * rate. It prints numbers and asserts nothing: never a CI gate.
 *
 *   node scripts/bench-load.mjs [--targets relay,embedded,postgres] [--rates 100,400,1000]
 *     [--rooms N] [--duration 10] [--warmup 3] [--family duel|parker|rotation|mm44] [--profile DIR] [--timing]
 *     [--client lean|socket.io]
 *
 * Rooms: without `--rooms`, as many rooms as the largest rate are connected, and a run at rate
 * R drives the first R of them, each acting once a second. With `--rooms N`, every run drives
 * all N rooms, each acting every N/R seconds (e.g. 5000 rooms at 1000/s: every player acts
 * every 10 s). `--profile DIR`: the server writes a CPU profile (.cpuprofile) there on exit.
 * `--timing`: the server runs with BENCH_TIMING=1 (src/bench-timing.ts) and the line gains its
 * own stage timings (`server`) and, on PostgreSQL, what the database did meanwhile (`pg`).
 * Latency is measured from the moment an action was due, not from when it could be sent,
 * so a server falling behind shows up in the numbers (no coordinated omission).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import pg from 'pg';
import { PROTOCOL_VERSION, type RoomUpdate, type Snapshot } from '@mm/protocol';
import { io as connectSocketIo } from 'socket.io-client';
import { LeanSocket } from './lean-socket';
import { createTestPostgres, freshEmbeddedDataDir, tempDir } from '../src/db/test-databases';
import { until } from '../src/test-support/until';

type Target = 'relay' | 'embedded' | 'postgres';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const TARGETS = arg('targets', 'relay,embedded,postgres').split(',') as Target[];
const RATES = arg('rates', '100,400,1000').split(',').map(Number);
const ROOMS_FLAG = process.argv.includes('--rooms') ? Number(arg('rooms', '0')) : null;
const ROOMS = ROOMS_FLAG ?? Math.max(...RATES);
const DURATION_S = Number(arg('duration', '10'));
const WARMUP_S = Number(arg('warmup', '3'));
const FAMILY = arg('family', 'duel');
/** a folder: the server runs with --cpu-prof and writes its profile there when it stops */
const PROFILE_DIR = process.argv.includes('--profile') ? arg('profile', 'cpu-profiles') : null;
const TIMING = process.argv.includes('--timing');
/** the generator's client: its own lean one (bench/lean-socket.ts), or socket.io-client to compare */
const CLIENT = arg('client', 'lean') === 'socket.io' ? 'socket.io' : 'lean';
const SETUP_CONCURRENCY = 25;

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));
const CLK_TCK = 100;

// ---------- the server under test, in its own process ----------

interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** the server's bench-timing report since the last one (BENCH_TIMING=1 only) */
  timing(): Promise<unknown>;
  stop(): Promise<void>;
}

async function startProcess(script: string, env: Record<string, string>): Promise<ServerProcess> {
  const flags = PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...flags, script], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST: '/nonexistent',
      ...(TIMING ? { BENCH_TIMING: '1' } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const m = /open (http:\/\/[^\s"]+) to play/i.exec(output);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => {
      onData(chunk);
      if (output.length > 0 && /error/i.test(chunk.toString())) process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)));
  });
  // Reports come one at a time, one line each, in the order they were asked for.
  const reports: ((report: unknown) => void)[] = [];
  let pendingLine = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pendingLine + chunk.toString()).split('\n');
    pendingLine = lines.pop()!;
    for (const line of lines) if (line.startsWith('bench-timing ')) reports.shift()?.(JSON.parse(line.slice(13)));
  });
  return {
    child,
    url,
    timing: () =>
      new Promise((resolve) => {
        reports.push(resolve);
        child.kill('SIGUSR2');
      }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** CPU seconds (user + system) the process has used so far. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}
/** The processes named `postgres` on this machine (its backends included); a scan of /proc, so not in a tick. */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((pid) => /^\d+$/.test(pid))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}
/** CPU seconds each of `pids` has used so far (a process gone meanwhile is left out). */
function cpuSecondsOf(pids: readonly number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      used.set(pid, cpuSeconds(pid));
    } catch {
      // gone meanwhile
    }
  }
  return used;
}
/** CPU seconds used between two readings of the same processes. */
const cpuSecondsBetween = (before: Map<number, number>, after: Map<number, number>): number =>
  [...after].reduce((sum, [pid, cpu]) => sum + cpu - (before.get(pid) ?? 0), 0);
/** The machine's CPU time so far, busy and in all, in clock ticks, all cores together (/proc/stat). */
function machineTicks(): { busy: number; all: number } {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const n = fields.map(Number);
  const all = n.slice(0, 8).reduce((a, b) => a + b, 0);
  // idle and iowait are not busy
  return { busy: all - n[3]! - n[4]!, all };
}
/** Write system calls (write, writev…) the process has made so far: sockets' included. */
function writeCalls(pid: number): number {
  const m = /syscw:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}
function rssMiB(pid: number): number {
  const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Math.round(Number(m[1]) / 1024) : NaN;
}

/**
 * What PostgreSQL did during a window: WAL written and flushed, checkpoints, and the wait events
 * of the server's connections sampled every 20 ms (how often each was seen).
 */
async function watchPostgres(url: string): Promise<{ stop(): Promise<Record<string, unknown>> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // PostgreSQL 15–16 names (17 moved checkpoints to pg_stat_checkpointer): a view it lacks is left out.
  const row = (sql: string): Promise<Record<string, string>> =>
    client.query<Record<string, string>>(sql).then(
      (r) => r.rows[0] ?? {},
      () => ({}),
    );
  const counters = async (): Promise<Record<string, number>> => {
    const wal = await row('SELECT wal_records, wal_bytes, wal_write, wal_sync, wal_buffers_full FROM pg_stat_wal');
    const bg = await row(
      'SELECT checkpoints_timed + checkpoints_req AS checkpoints, buffers_checkpoint, buffers_backend, buffers_backend_fsync FROM pg_stat_bgwriter',
    );
    return Object.fromEntries(Object.entries({ ...wal, ...bg }).map(([k, v]) => [k, Number(v)]));
  };
  const before = await counters();
  const waits: Record<string, number> = {};
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ w: string; n: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w, count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' GROUP BY 1
         UNION ALL SELECT backend_type || ':' || coalesce(wait_event, 'cpu'), 1 FROM pg_stat_activity
         WHERE backend_type IN ('walwriter', 'checkpointer') AND wait_event IS DISTINCT FROM 'WalWriterMain'
           AND wait_event IS DISTINCT FROM 'CheckpointerMain'`,
      );
      samples++;
      for (const r of rows) waits[r.w] = (waits[r.w] ?? 0) + Number(r.n);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      const after = await counters();
      await client.end();
      const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
      return { ...delta, samples, waits };
    },
  };
}

// ---------- clients ----------

/** What the generator needs of a client, which both LeanSocket and socket.io-client's Socket offer. */
interface Socket {
  on<A extends unknown[]>(event: string, handler: (...args: A) => void): unknown;
  emit(event: string, payload: unknown, ack: (reply: never) => void): unknown;
  close(): unknown;
}

function open(url: string): Promise<Socket> {
  if (CLIENT === 'lean') return LeanSocket.open(url);
  const socket = connectSocketIo(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const request = <T>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  new Promise((resolve) => socket.emit(event, payload, (reply: T) => resolve(reply)));

interface Recorder {
  ack(ms: number): void;
  delivery(ms: number): void;
  error(code: string): void;
}

/** One room with its two players; `send` plays the next action that is due. */
interface Table {
  /** players (sockets) at the table */
  seats: number;
  /** intended send times (performance.now()) of actions due but not sent yet */
  due: number[];
  busy: boolean;
  /** stopped driving: a rematch failed (counted in `finishedRooms`) */
  finished: boolean;
  /** matches finished and followed by a rematch */
  rematches: number;
  recorder: Recorder | null;
  /** sends the next action if the table can; the table calls it again when it becomes able */
  pump(): void;
  close(): void;
}

let actionCounter = 0;
const nextActionId = (): string => `ld-${process.pid}-${++actionCounter}`;

/**
 * How the generator plays one family: long matches (codes that are never broken, the most rows
 * the options allow), and the next move of `seat` from its own view only. A color beyond the
 * guesses' range (5) is the secret, so no guess (colours 0–4) ever breaks it.
 */
interface FamilyDriver {
  options: unknown;
  next(view: unknown, seat: number): unknown;
  /**
   * Actions in one match as the generator plays it, for a family whose matches are short enough to
   * end within a run: rooms then start that far apart in their matches (see `stagger`), or every
   * room would finish, and rematch, in the same second — which players never do.
   */
  matchActions?: number;
}
const NEVER = [5, 5, 5, 5, 5, 5];
const probe = (pegs: number): number[] => {
  const r = actionCounter;
  return Array.from({ length: pegs }, (_, i) => Math.floor(r / 5 ** i) % 5);
};
/** Duel and rotation: the round's codemaker sets a code never guessed, everyone else guesses. */
const codemakerThenGuesses: FamilyDriver['next'] = (view, seat) => {
  const round = (view as { rounds: { codemaker: number; secretSet: boolean }[] }).rounds.at(-1);
  return round && round.codemaker === seat && !round.secretSet
    ? { type: 'setSecret', code: NEVER.slice(0, 4) }
    : { type: 'guess', code: probe(4) };
};
const DRIVERS: Record<string, FamilyDriver> = {
  duel: {
    options: { repeats: true, guesses: 15, rounds: 12 },
    next: codemakerThenGuesses,
  },
  parker: {
    options: { repeats: true, games: 7 },
    next(view, seat) {
      const game = (view as { games: { secretSet: [boolean, boolean] }[] }).games.at(-1);
      return game && !game.secretSet[seat] ? { type: 'setSecret', code: NEVER.slice(0, 3) } : { type: 'guess', code: probe(3) };
    },
  },
  rotation: {
    options: { players: 3, repeats: true, guesses: 12 },
    next: codemakerThenGuesses,
  },
  // Four players, a board each, the most rows: every row is answered by the three other boards and
  // reaches four seats. Nobody ever calls, so a game is 40 rows, then four passes in the final calls.
  mm44: {
    options: { seating: '4x1', rows: 10 },
    matchActions: 44,
    next(view) {
      return (view as { phase: string }).phase === 'finalCalls' ? { type: 'pass' } : { type: 'row', code: probe(5) };
    },
  },
};

/**
 * A table of the real server: every seat with a socket and a view of its own. A finished match
 * is followed by a rematch (every seat accepts, then joins again with its seat token and gets
 * the seat one on), so that rooms keep playing however long the run: actions due meanwhile
 * wait, and their latency counts the rematch.
 */
async function projectTable(url: string): Promise<Table> {
  const driver = DRIVERS[FAMILY]!;
  const res = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ family: FAMILY, options: driver.options }),
  });
  if (res.status !== 201) throw new Error(`room creation refused: ${res.status} ${await res.text()}`);
  const roomId = ((await res.json()) as { id: string }).id;
  const first = await open(url);
  const joinedFirst = await request<{ ok: boolean; code?: string; room: { seats: unknown[] } }>(first, 'room:join', {
    protocol: PROTOCOL_VERSION,
    roomId,
  });
  if (!joinedFirst.ok) throw new Error(`join refused: ${joinedFirst.code}`);
  const sockets = [first];
  while (sockets.length < joinedFirst.room.seats.length) sockets.push(await open(url));
  /** each socket's newest snapshot of the current match */
  const latest: (Snapshot | null)[] = sockets.map(() => null);
  /** the seat each socket holds in the current match (a rematch moves everyone one seat on) */
  const seatOf: number[] = sockets.map((_, i) => i);
  const seatTokens: string[] = [];
  let matchNumber = 0;
  /** the next socket's update that completes the delivery of the action in flight */
  let awaiting: { socket: number; seq: number; t0: number } | null = null;
  let lastAcked = 0;
  let rematching = false;

  const table: Table = {
    seats: sockets.length,
    due: [],
    busy: false,
    finished: false,
    rematches: 0,
    recorder: null,
    pump,
    close: () => sockets.forEach((s) => s.close()),
  };

  const hold = (socket: number, snapshot: Snapshot | null | undefined): void => {
    if (!snapshot || snapshot.matchNumber < matchNumber) return;
    const held = latest[socket];
    if (held && held.matchNumber === snapshot.matchNumber && held.seq >= snapshot.seq) return;
    matchNumber = snapshot.matchNumber;
    latest[socket] = snapshot;
  };
  sockets.forEach((socket, i) => {
    socket.on('room:update', (u: RoomUpdate) => {
      // While seats move, a socket's updates may still be for its former seat: the joins' replies say where it sits now.
      if (rematching || u.seat !== seatOf[i]) return;
      hold(i, u.snapshot);
      if (awaiting && awaiting.socket === i && (latest[i]?.seq ?? -1) >= awaiting.seq) {
        table.recorder?.delivery(performance.now() - awaiting.t0);
        awaiting = null;
      }
      pump();
    });
  });
  for (const [seat, socket] of sockets.entries()) {
    if (seat > 0) {
      const joined = await request<{ ok: boolean; code?: string }>(socket, 'room:join', { protocol: PROTOCOL_VERSION, roomId });
      if (!joined.ok) throw new Error(`join refused: ${joined.code}`);
    }
    const claimed = await request<{ ok: boolean; code?: string; seatToken: string }>(socket, 'seat:claim', {
      seat,
      name: `P${seat}`,
    });
    if (!claimed.ok) throw new Error(`claim refused: ${claimed.code}`);
    seatTokens[seat] = claimed.seatToken;
    const synced = await request<{ ok: boolean; snapshot?: Snapshot | null }>(socket, 'room:sync', {});
    if (synced.ok && !latest[seat]) hold(seat, synced.snapshot);
  }

  /** Every seat accepts a rematch, then each socket joins again and learns its new seat. */
  async function rematch(): Promise<void> {
    const votes = await Promise.all(
      sockets.map((s) => request<{ ok: boolean; code?: string }>(s, 'match:rematch', { accept: true })),
    );
    const refused = votes.find((v) => !v.ok);
    if (refused) throw new Error(refused.code ?? 'rematch refused');
    const joins = await Promise.all(
      sockets.map((s, i) =>
        request<{ ok: boolean; code?: string; seat: number | null; snapshot: Snapshot | null }>(s, 'room:join', {
          protocol: PROTOCOL_VERSION,
          roomId,
          seatToken: seatTokens[i],
        }),
      ),
    );
    joins.forEach((joined, i) => {
      if (!joined.ok || joined.seat === null) throw new Error(joined.code ?? 'not seated after the rematch');
      seatOf[i] = joined.seat;
      hold(i, joined.snapshot);
    });
    lastAcked = 0;
    table.rematches++;
  }

  function pump(): void {
    if (table.busy || table.finished || table.due.length === 0) return;
    // Decide from the newest state any seat has seen, once it shows our last acknowledged action.
    let newest: Snapshot | null = null;
    for (const s of latest) if (s && s.matchNumber === matchNumber && (!newest || s.seq > newest.seq)) newest = s;
    if (!newest || newest.seq < lastAcked) return;
    if (newest.status.finished) {
      table.busy = rematching = true;
      rematch().then(
        () => {
          table.busy = rematching = false;
          pump();
        },
        (error: unknown) => {
          table.recorder?.error(error instanceof Error ? error.message : 'rematch');
          table.finished = true;
        },
      );
      return;
    }
    // The first seat to act whose own view is up to date plays.
    const isCurrent = (i: number): boolean => latest[i]?.matchNumber === matchNumber && latest[i]!.seq >= newest.seq;
    const actor = newest.status.toAct.map((seat) => seatOf.indexOf(seat)).find((i) => i >= 0 && isCurrent(i));
    if (actor === undefined) return;
    const own = latest[actor]!;
    const action = driver.next(own.view, seatOf[actor]!);
    const t0 = table.due.shift()!;
    table.busy = true;
    awaiting = { socket: (actor + 1) % sockets.length, seq: own.seq + 1, t0 };
    actionCounter++;
    sockets[actor]!.emit(
      'match:act',
      { actionId: nextActionId(), expectSeq: own.seq, action },
      (reply: { ok: boolean; seq?: number; code?: string }) => {
        table.busy = false;
        if (reply.ok) {
          table.recorder?.ack(performance.now() - t0);
          lastAcked = reply.seq ?? lastAcked;
        } else {
          table.recorder?.error(reply.code ?? 'unknown');
          awaiting = null;
        }
        pump();
      },
    );
  }
  return table;
}

/** A table of the bare relay: seat 1 guesses, seat 0 gets each row. */
async function relayTable(url: string, index: number): Promise<Table> {
  const room = `t${index}`;
  const sockets = [await open(url), await open(url)];
  for (const [seat, socket] of sockets.entries()) await request(socket, 'join', { room, seat });
  let awaiting: { seq: number; t0: number } | null = null;
  let seq = 0;
  const table: Table = {
    seats: 2,
    due: [],
    busy: false,
    finished: false,
    rematches: 0,
    recorder: null,
    pump,
    close: () => sockets.forEach((s) => s.close()),
  };
  sockets[0]!.on('update', (u: { seq: number }) => {
    if (awaiting && u.seq >= awaiting.seq) {
      table.recorder?.delivery(performance.now() - awaiting.t0);
      awaiting = null;
    }
  });
  function pump(): void {
    if (table.busy || table.due.length === 0) return;
    const t0 = table.due.shift()!;
    table.busy = true;
    awaiting = { seq: seq + 1, t0 };
    const r = ++actionCounter;
    sockets[1]!.emit('act', { room, code: [r % 5, (r >> 1) % 5, (r >> 2) % 5, (r >> 3) % 5] }, (reply: { seq: number }) => {
      table.busy = false;
      seq = reply.seq;
      table.recorder?.ack(performance.now() - t0);
      pump();
    });
  }
  return table;
}

async function setUpTables(n: number, make: (i: number) => Promise<Table>): Promise<Table[]> {
  const tables: Table[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SETUP_CONCURRENCY, n) }, async () => {
      while (next < n) {
        const i = next++;
        tables[i] = await make(i);
      }
    }),
  );
  return tables;
}

/**
 * Spreads the rooms over their matches before anything is measured: room i of n first plays
 * i/n of a match, unrecorded. Without it, rooms that started together finish together.
 */
async function stagger(tables: Table[]): Promise<void> {
  const length = DRIVERS[FAMILY]!.matchActions;
  if (!length) return;
  const now = performance.now();
  tables.forEach((table, i) => {
    for (let k = Math.floor((i * length) / tables.length); k > 0; k--) table.due.push(now);
    table.pump();
  });
  await until(
    'the rooms to reach their starting points',
    async () => !tables.some((t) => (t.busy || t.due.length > 0) && !t.finished),
    300_000,
    20,
  );
}

// ---------- one measured run ----------

const pct = (sorted: number[], p: number): number | null =>
  sorted.length === 0
    ? null
    : Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN).toFixed(2));
const summary = (values: number[]): { p50: number | null; p99: number | null; max: number | null } => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: pct(sorted, 50), p99: pct(sorted, 99), max: sorted.length ? Number(sorted.at(-1)!.toFixed(2)) : null };
};

async function run(
  target: Target,
  server: ServerProcess,
  tables: Table[],
  rate: number,
  databaseUrl: string | null,
): Promise<void> {
  const active = ROOMS_FLAG === null ? tables.slice(0, Math.min(rate, tables.length)) : tables;
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
  const timing = TIMING && target !== 'relay';
  // The load generator shares the cores: its own stalls delay sends and show up as latency.
  const lag = monitorEventLoopDelay({ resolution: 5 });
  // Set inside the tick (a closure): typed by hand, or the compiler narrows it to null.
  let pgWatch = null as Promise<{ stop(): Promise<Record<string, unknown>> }> | null;
  await new Promise<void>((resolve) => {
    const tick = (): void => {
      const now = performance.now();
      if (!recording && now >= start + WARMUP_S * 1000) {
        recording = true;
        cpu0 = cpuSeconds(server.child.pid!);
        writes0 = writeCalls(server.child.pid!);
        wall0 = now;
        machine0 = machineTicks();
        postgresCpu0 = cpuSecondsOf(postgres);
        lag.enable();
        if (timing) {
          void server.timing();
          if (databaseUrl) pgWatch = watchPostgres(databaseUrl);
        }
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
  const wall = (performance.now() - wall0) / 1000;
  const cpu = cpuSeconds(server.child.pid!) - cpu0;
  const writes = writeCalls(server.child.pid!) - writes0;
  const loadCpu = process.cpuUsage(loadCpu0);
  const machine1 = machineTicks();
  const postgresCpu = databaseUrl ? cpuSecondsBetween(postgresCpu0, cpuSecondsOf(postgres)) : null;
  lag.disable();
  const serverTiming = timing ? await server.timing() : undefined;
  const pgActivity = pgWatch ? await (await pgWatch).stop() : undefined;
  // Let what is in flight land, unrecorded, so the next run starts clean.
  recording = false;
  const drainUntil = performance.now() + 5000;
  while (active.some((t) => t.busy) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  for (const t of active) t.due.length = 0;

  const unanswered = active.filter((t) => t.busy).length;
  console.log(
    JSON.stringify({
      target,
      family: target === 'relay' ? 'toy' : FAMILY,
      client: CLIENT,
      rate,
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
      serverRssMiB: rssMiB(server.child.pid!),
      serverWritesPerAck: acks.length ? Number((writes / acks.length).toFixed(2)) : null,
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
      ...(serverTiming ? { server: serverTiming } : {}),
      ...(pgActivity ? { pg: pgActivity } : {}),
      at: new Date().toISOString(),
      node: process.version,
    }),
  );
}

// ---------- targets ----------

async function bench(target: Target): Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    let server: ServerProcess;
    let databaseUrl: string | null = null;
    if (target === 'relay') {
      server = await startProcess(here('./bench-relay.mjs'), {});
    } else {
      // Every simulated player comes from 127.0.0.1: the per-address socket bounds would stop them.
      const env: Record<string, string> = {
        ROOM_CREATE_BURST: '1000000',
        BOT_DELAY_MS: '0',
        SOCKETS_PER_IP: '1000000',
        JOIN_BURST_PER_IP: '1000000',
        JOINS_PER_SEC_PER_IP: '1000000',
      };
      if (target === 'embedded') {
        const dir = await freshEmbeddedDataDir('mm-bench-');
        cleanups.push(() => dir.remove());
        env['DATA_DIR'] = dir.path;
      } else {
        const database = await createTestPostgres();
        cleanups.push(() => database.drop());
        const dir = tempDir('mm-bench-');
        cleanups.push(() => dir.remove());
        env['DATA_DIR'] = dir.path;
        env['DATABASE_URL'] = database.url;
        databaseUrl = database.url;
      }
      server = await startProcess(here('./main.js'), env);
    }
    cleanups.unshift(() => server.stop());
    const tables = await setUpTables(ROOMS, (i) => (target === 'relay' ? relayTable(server.url, i) : projectTable(server.url)));
    cleanups.unshift(() => tables.forEach((t) => t.close()));
    if (target !== 'relay') await stagger(tables);
    for (const rate of RATES) await run(target, server, tables, rate, databaseUrl);
  } finally {
    for (const c of cleanups) await c();
  }
}

if (!DRIVERS[FAMILY]) {
  console.error(`bench:load drives ${Object.keys(DRIVERS).join(', ')}; not --family ${FAMILY}`);
  process.exit(2);
}
for (const target of TARGETS) await bench(target);
