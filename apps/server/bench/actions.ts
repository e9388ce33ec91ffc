/**
 * Measures what a player feels: the time from sending an action to its
 * acknowledgement (which means it is committed), with many rooms playing at once,
 * on the embedded database and on PostgreSQL; and how long a cold room takes to
 * come back from its log after a restart. Prints numbers; asserts nothing.
 *
 *   pnpm --filter @mm/server bench [-- --rooms 20 --guesses 12 --db embedded,postgres]
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app';
import { freshDatabase } from '../src/test-support/databases';
import { Player } from '../src/test-support/player';
import { UNBOUNDED_ADDRESS } from '../src/test-support/server';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROOMS = Number(arg('rooms', '20'));
const GUESSES = Number(arg('guesses', '12'));
const KINDS = arg('db', 'embedded,postgres').split(',') as ('embedded' | 'postgres')[];

const pct = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
const fmt = (ms: number): string => ms.toFixed(1);

async function createRoom(url: string, body: unknown): Promise<string> {
  const res = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== 201) throw new Error(`room creation refused: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function run(kind: 'embedded' | 'postgres'): Promise<void> {
  const db = await freshDatabase(kind);
  const config = {
    ...db.config,
    port: 0,
    host: '127.0.0.1',
    logLevel: 'silent' as const,
    roomCreateBurst: 10_000,
    botDelayMs: 0,
    // every simulated player comes from 127.0.0.1
    ...UNBOUNDED_ADDRESS,
  };
  let app = await buildApp(config);
  let url = await app.listen();

  const tables: { roomId: string; maker: Player; breaker: Player }[] = [];
  for (let r = 0; r < ROOMS; r++) {
    const roomId = await createRoom(url, { family: 'duel', options: { repeats: true, guesses: 15 } });
    const maker = await Player.connect(url);
    const breaker = await Player.connect(url);
    for (const reply of [
      await maker.join(roomId),
      await breaker.join(roomId),
      await maker.claim(0, 'Maker'),
      await breaker.claim(1, 'Breaker'),
    ]) {
      if (!reply.ok) throw new Error(`set-up refused: ${reply.code} ${reply.message}`);
    }
    await maker.act({ type: 'setSecret', code: [5, 5, 5, 5] });
    tables.push({ roomId, maker, breaker });
  }

  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    tables.map(async ({ breaker }) => {
      for (let g = 0; g < GUESSES; g++) {
        const t0 = performance.now();
        const reply = await breaker.act({ type: 'guess', code: [g % 5, (g + 1) % 5, 0, 0] });
        latencies.push(performance.now() - t0);
        if (!reply.ok) throw new Error(`refused: ${reply.code}`);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  console.log(
    `${kind.padEnd(8)} ${ROOMS} rooms × ${GUESSES} guesses: ack p50 ${fmt(pct(latencies, 50))} ms, p95 ${fmt(pct(latencies, 95))} ms, ` +
      `p99 ${fmt(pct(latencies, 99))} ms, max ${fmt(latencies.at(-1) ?? NaN)} ms; ${(latencies.length / elapsed).toFixed(0)} committed actions/s`,
  );
  for (const t of tables) {
    t.maker.close();
    t.breaker.close();
  }

  // A restart: every room comes back by folding its log on first join.
  await app.close();
  app = await buildApp(config);
  url = await app.listen();
  const joins: number[] = [];
  for (const t of tables) {
    const p = await Player.connect(url);
    const t0 = performance.now();
    const reply = await p.join(t.roomId, t.breaker.seatToken);
    joins.push(performance.now() - t0);
    if (!reply.ok) throw new Error(`rejoin refused: ${reply.code}`);
    p.close();
  }
  joins.sort((a, b) => a - b);
  console.log(
    `${kind.padEnd(8)} cold rejoin after restart (load + fold ${GUESSES + 1} actions): p50 ${fmt(pct(joins, 50))} ms, max ${fmt(joins.at(-1) ?? NaN)} ms`,
  );
  await app.close();
  await db.drop();
}

console.log(`# action acknowledgement latency — ${new Date().toISOString()}, node ${process.version}`);
for (const kind of KINDS) await run(kind);
