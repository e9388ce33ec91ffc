/**
 * `bench:load`: the built server in a child process of its own, driven through the real
 * protocol from this process (its own lean client, bench/lean-socket.ts; `--client socket.io`
 * for socket.io-client), open loop at a fixed rate, with a bare Socket.IO relay
 * (bench/relay.ts) measured in the same run as the reference. One JSON line per target and
 * rate. It prints numbers and asserts nothing: never a CI gate. `relay-postgres` and `relay-embedded`
 * are the same relay storing each action before its acknowledgement, in PostgreSQL or in the embedded
 * database: the floor under what the product must do on each.
 *
 *   node scripts/bench-load.mjs [--targets relay,relay-postgres,relay-embedded,embedded,postgres] [--rates 100,400,1000]
 *     [--rooms N] [--duration 10] [--warmup 3] [--family <any family of the rules>] [--profile DIR] [--timing]
 *     [--client lean|socket.io] [--reactions] [--processes N] [--routing room|spread]
 *     [--node-flags "<flags>"] [--server-log FILE] [--relay-seats 2]
 *
 * Rooms: without `--rooms`, as many rooms as the largest rate are connected, and a run at rate
 * R drives the first R of them, each acting once a second. With `--rooms N`, every run drives
 * all N rooms, each acting every N/R seconds (e.g. 5000 rooms at 1000/s: every player acts
 * every 10 s). `--profile DIR`: the server writes a CPU profile (.cpuprofile) there on exit.
 * `--timing`: the server runs with BENCH_TIMING=1 (src/bench-timing.ts) and the line gains its
 * own stage timings (`server`) and, on PostgreSQL, what the database did meanwhile (`pg`).
 * `--reactions`: every seat also sends a reaction (`room:react`) every 10 s (bench/load/reactions.ts),
 * and the line gains what was sent, acknowledged, refused and received (`reactions`).
 * `--processes N` (PostgreSQL only): N server processes sharing the database and a redis-server of
 * the bench's own, and the line gains what crossed Redis (`redis`: messages published per action,
 * read from Redis' own counters, and messages each process received from another, counted by the
 * processes, which then run with BENCH_TIMING=1). `--routing room` (the default) puts every socket
 * of a room on one process, as nginx.conf routes them; `spread` puts a room's seats on different
 * processes (the shape before rooms were routed).
 * `--node-flags "--max-semi-space-size=8 --trace-gc-nvp"`: Node.js and V8 flags of the server's
 * processes (not the relay's: it stays the floor as Node.js runs it by default); `--server-log FILE`:
 * their standard output appended to FILE (what such a flag prints). `--relay-seats N`: the relay's rooms
 * have N seats, each row sent to all of them (a race's 8: the floor under `--family race`).
 * Latency is measured from the moment an action was due, not from when it could be sent,
 * so a server falling behind shows up in the numbers (no coordinated omission).
 *
 * The parts are modules of bench/load/: the server process (server-process.ts), the sockets
 * (client.ts), the rooms driven and how any family is played from `status.owes` (tables.ts,
 * moves.ts), one measured window (run.ts) and what it reads of /proc and of PostgreSQL
 * (procfs.ts, postgres-watch.ts). What each printed field means: docs/performance.md.
 */
import { fileURLToPath } from 'node:url';
import { createTestPostgres, freshEmbeddedDataDir, tempDir } from '../src/db/test-databases';
import { relayTable, projectTable, setUpTables, stagger } from './load/tables';
import { familyPlay } from './load/moves';
import { isRelay, run, type RunSettings, type Shape, type Target } from './load/run';
import { startProcess, type ServerProcess } from './load/server-process';
import { UNBOUNDED_ADDRESS_ENV } from '../src/test-support/process';
import { TestRedis } from '../src/test-support/redis-server';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const TARGETS = arg('targets', 'relay,embedded,postgres').split(',') as Target[];
const RATES = arg('rates', '100,400,1000').split(',').map(Number);
const ROOMS_FLAG = process.argv.includes('--rooms') ? Number(arg('rooms', '0')) : null;
const ROOMS = ROOMS_FLAG ?? Math.max(...RATES);
const FAMILY = arg('family', 'duel');
/** seats of a relay's room: every row goes to each (8: the relay's own race, to set beside `--family race`) */
const RELAY_SEATS = Number(arg('relay-seats', '2'));
const PROCESSES = Number(arg('processes', '1'));
const ROUTING = arg('routing', 'room') === 'spread' ? 'spread' : 'room';
/** a folder: the server runs with --cpu-prof and writes its profile there when it stops */
const PROFILE_DIR = process.argv.includes('--profile') ? arg('profile', 'cpu-profiles') : null;
/** Node.js and V8 flags of the server's processes, and where their standard output goes */
const NODE_FLAGS = arg('node-flags', '').split(' ').filter(Boolean);
const SERVER_LOG = process.argv.includes('--server-log') ? arg('server-log', 'server.log') : null;
const SETTINGS: RunSettings = {
  roomsFlag: ROOMS_FLAG,
  durationS: Number(arg('duration', '10')),
  warmupS: Number(arg('warmup', '3')),
  timing: process.argv.includes('--timing'),
  family: FAMILY,
  /** the generator's client: its own lean one (bench/lean-socket.ts), or socket.io-client to compare */
  client: arg('client', 'lean') === 'socket.io' ? 'socket.io' : 'lean',
  reactions: process.argv.includes('--reactions'),
};

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));
const PLAY = familyPlay(FAMILY);

/** The relay's CPU per action by rate, when it ran first: the other targets' lines say how many times that they cost. */
const relayCpuMsPerAction = new Map<number, number | null>();

async function bench(target: Target): Promise<void> {
  const cleanups: (() => Promise<void> | void)[] = [];
  try {
    let servers: ServerProcess[];
    let databaseUrl: string | null = null;
    let shape: Shape | null = null;
    /** A PostgreSQL database of the run's own, dropped afterwards: its URL. */
    const ownPostgres = async (): Promise<string> => {
      const database = await createTestPostgres();
      cleanups.push(() => database.drop());
      return (databaseUrl = database.url);
    };
    /** An empty folder of the run's own, removed afterwards: its path. */
    const ownDir = (prefix: string): string => {
      const dir = tempDir(prefix);
      cleanups.push(() => dir.remove());
      return dir.path;
    };
    if (isRelay(target)) {
      const env: Record<string, string> = {};
      if (target === 'relay-postgres') env['RELAY_DATABASE_URL'] = await ownPostgres();
      else if (target === 'relay-embedded') env['RELAY_DATA_DIR'] = ownDir('mm-bench-relay-');
      servers = [await startProcess(here('./bench-relay.mjs'), env, { profileDir: PROFILE_DIR, timing: SETTINGS.timing })];
    } else {
      // Every simulated player comes from 127.0.0.1: the per-address socket bounds would stop them.
      const env: Record<string, string> = { ROOM_CREATE_BURST: '1000000', BOT_DELAY_MS: '0', ...UNBOUNDED_ADDRESS_ENV };
      if (target === 'embedded') {
        const dir = await freshEmbeddedDataDir('mm-bench-');
        cleanups.push(() => dir.remove());
        env['DATA_DIR'] = dir.path;
      } else {
        env['DATABASE_URL'] = await ownPostgres();
        env['DATA_DIR'] = ownDir('mm-bench-');
      }
      if (PROCESSES > 1) {
        const redis = await TestRedis.start();
        cleanups.push(() => redis.down());
        env['REDIS_URL'] = redis.url;
        shape = { redis, routing: ROUTING };
      }
      servers = [];
      for (let i = 0; i < PROCESSES; i++) {
        // Several: each counts the messages it receives from the others (bench-timing's `redisIn`).
        servers.push(
          await startProcess(here('./main.js'), env, {
            profileDir: PROFILE_DIR,
            timing: SETTINGS.timing || shape !== null,
            nodeFlags: NODE_FLAGS,
            logFile: SERVER_LOG,
          }),
        );
      }
    }
    cleanups.unshift(() => Promise.all(servers.map((s) => s.stop())).then(() => undefined));
    const urls = servers.map((s) => s.url);
    // Room i's seat k: on process i (room routing), or on process i + k (spread).
    const urlOf = (i: number) => (seat: number) => urls[(i + (ROUTING === 'spread' ? seat : 0)) % urls.length]!;
    const tables = await setUpTables(ROOMS, (i) =>
      isRelay(target)
        ? relayTable(urls[0]!, i, SETTINGS.client, RELAY_SEATS)
        : projectTable(urlOf(i), FAMILY, PLAY!, SETTINGS.client),
    );
    cleanups.unshift(() => tables.forEach((t) => t.close()));
    if (!isRelay(target)) await stagger(tables, PLAY!);
    for (const rate of RATES) {
      const measured = await run(target, servers, tables, rate, databaseUrl, SETTINGS, shape, relayCpuMsPerAction.get(rate));
      if (target === 'relay') relayCpuMsPerAction.set(rate, measured.cpuMsPerAction);
    }
  } finally {
    for (const c of cleanups) await c();
  }
}

if (PROCESSES > 1 && TARGETS.some((t) => t !== 'postgres')) {
  console.error('bench:load --processes: several processes share PostgreSQL only (--targets postgres)');
  process.exit(2);
}
if (!PLAY) {
  console.error(`bench:load plays the families of the rules; there is no --family ${FAMILY}`);
  process.exit(2);
}
for (const target of TARGETS) await bench(target);
