// 9. PostgreSQL freeze under live play on two processes.
import { freshDatabase } from '../../src/test-support/databases';
import { sql, startNode, storedMoves } from '../../src/test-support/failover';
import { PgProxy } from '../../src/test-support/pg-proxy';
import { Player } from '../../src/test-support/player';
import { kill } from '../../src/test-support/process';
import { createRoom } from '../../src/test-support/server';
import { TestRedis } from '../../src/test-support/redis-server';
import { until } from '../../src/test-support/until';
import { between, FREEZE_ROOMS, FREEZE_SEC, stats } from './options';
import { Scripted, type Acked } from './scripted';

/**
 * The PostgreSQL freeze under live play (issue 28, "Outages"): two processes share a private Redis
 * and PostgreSQL, reached through a proxy that holds every byte for `--freeze-sec` (default 20 s,
 * past the statement and connection timeouts and the duty leases). Meanwhile bots play watched
 * rooms, turn timers run out in rooms whose people never move, and scripted people play duels on
 * and on, resending what was not acknowledged. Measured: how long after PostgreSQL answers again
 * every server-owed move (each bot room and timer room) moves again, acknowledged actions and
 * those lost (must be 0), and matches stuck (never moved again, or never finished).
 */
export async function pgFreeze(): Promise<void> {
  const db = await freshDatabase('postgres');
  const proxy = await PgProxy.start();
  const redis = await TestRedis.start();
  const direct = db.config.databaseUrl!;
  const env = {
    DATABASE_URL: proxy.urlFor(direct),
    DATA_DIR: db.config.dataDir,
    REDIS_URL: redis.url,
    ROOM_CREATE_BURST: '100000',
    BOT_ROOMS_PER_IP: '1000',
    // A 10-second turn timer runs out every 2 s.
    SECOND_MS: '200',
  };
  const nodes = [await startNode(env), await startNode(env)];
  const urls = (): string[] => nodes.map((n) => n.url);
  const moves = async (roomId: string): Promise<number> => storedMoves(direct, roomId);
  const sockets: Player[] = [];
  const join = async (url: string, roomId: string, seat?: number): Promise<void> => {
    const p = await Player.connect(url);
    sockets.push(p);
    await p.join(roomId);
    if (seat !== undefined) await p.claim(seat, `P${seat}`);
  };
  // Twelve rounds: no duty room's match ends before the freeze is over.
  const long = { family: 'duel', options: { rounds: 12, repeats: true } };
  const botRooms: string[] = [];
  const timerRooms: string[] = [];
  for (let i = 0; i < FREEZE_ROOMS; i++) {
    const here = nodes[i % 2]!.url;
    const bots: string = (await createRoom(here, { ...long, bots: [0, 1], botStrength: 'easy' })).json.id;
    botRooms.push(bots);
    // A room of bots only plays while someone watches it; watched from the other process.
    await join(nodes[(i + 1) % 2]!.url, bots);
    const timed: string = (await createRoom(here, { ...long, turnSeconds: 10 })).json.id;
    timerRooms.push(timed);
    await join(nodes[0]!.url, timed, 0);
    await join(nodes[1]!.url, timed, 1);
  }
  // Scripted people play duels without pause, a new one as soon as one ends, until told to stop.
  const acked: Acked[] = [];
  const tables: Scripted[][] = [];
  const games: Promise<void>[] = [];
  let playing = true;
  const table = async (): Promise<void> => {
    while (playing) {
      const created = await createRoom(urls()[between(0, 2)]!, { family: 'duel', options: { repeats: true } }).catch(() => null);
      if (created?.status !== 201) {
        // The database away: rooms are made again once it answers.
        await new Promise((resolve) => setTimeout(resolve, 250));
        continue;
      }
      const t = { abandoned: false };
      const players = [0, 1].map((s) => new Scripted(created.json.id, s, urls, acked, t));
      tables.push(players);
      await Promise.all(players.map((p) => p.play()));
    }
  };
  for (let t = 0; t < FREEZE_ROOMS; t++) games.push(table());

  const dutyRooms = [...botRooms, ...timerRooms];
  await until('every duty room moving', async () => (await Promise.all(dutyRooms.map(moves))).every((n) => n > 0), 60_000);
  await new Promise((resolve) => setTimeout(resolve, between(1000, 3000)));
  proxy.freeze();
  await new Promise((resolve) => setTimeout(resolve, FREEZE_SEC * 1000));
  const before = new Map(await Promise.all(dutyRooms.map(async (r) => [r, await moves(r)] as const)));
  const tablesAtReturn = new Set(tables);
  proxy.open();
  const back = Date.now();
  // How long after the return each duty room stored a move again.
  const again = new Map<string, number>();
  await until(
    'every duty moving again',
    async () => {
      for (const r of dutyRooms) if (!again.has(r) && (await moves(r)) > before.get(r)!) again.set(r, Date.now() - back);
      return again.size === dutyRooms.length;
    },
    60_000,
    100,
  ).catch(() => undefined);
  playing = false;
  // Every table of the freeze finishes its game (or is stuck).
  await until(
    'the tables to finish',
    async () => [...tablesAtReturn].every((t) => t.every((p) => p.done || t.some((q) => q.orphaned))),
    120_000,
    250,
  ).catch(() => undefined);
  const stuckTables = [...tablesAtReturn].filter((t) => !t.every((p) => p.done || t.some((q) => q.orphaned)));
  for (const t of stuckTables) t[0]!.table.abandoned = true;
  await Promise.race([Promise.all(games), new Promise((resolve) => setTimeout(resolve, 10_000))]);

  const rows = await sql<{ matchId: string; actionId: string; seq: number }>(
    direct,
    `SELECT "matchId", "actionId", seq FROM "Action"`,
  );
  const stored = new Set(rows.map((r) => `${r.matchId}/${r.actionId}/${r.seq}`));
  const unique = new Map(acked.map((a) => [`${a.matchId}/${a.actionId}/${a.seq}`, a]));
  const lost = [...unique.keys()].filter((k) => !stored.has(k)).length;
  const times = [...again.values()];
  console.log(
    `PostgreSQL frozen ${FREEZE_SEC} s under live play (two processes, ${botRooms.length} bot rooms, ${timerRooms.length} timer rooms, ` +
      `${tablesAtReturn.size} people's tables at the return): every duty moving again ${again.size === dutyRooms.length ? `${Math.max(...times)} ms` : 'never'} after the return ` +
      `(per room ${stats(times)}); duty rooms stuck=${dutyRooms.length - again.size}/${dutyRooms.length}; ` +
      `acked actions=${unique.size} lost=${lost}; people's matches stuck=${stuckTables.length}/${tablesAtReturn.size}`,
  );
  for (const p of sockets) p.close();
  for (const n of nodes) await kill(n.child);
  await proxy.close();
  await redis.down();
  await db.drop();
}
