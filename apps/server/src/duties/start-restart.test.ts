import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { sql } from '../test-support/failover';
import { Player } from '../test-support/player';
import { kill, spawnServer } from '../test-support/process';
import { createRoom, useServers } from '../test-support/server';
import { until } from '../test-support/until';

/** A two-seat race at `url` whose two people sat down and said ready: its ids and when its countdown ends. */
async function readyRace(url: string): Promise<{ roomId: string; matchId: string; startsAt: number; players: Player[] }> {
  const roomId: string = (await createRoom(url, { family: 'race', options: { players: 2 } })).json.id;
  const players = [await Player.connect(url), await Player.connect(url)];
  for (const [seat, p] of players.entries()) {
    expect((await p.join(roomId)).ok).toBe(true);
    expect((await p.claim(seat, `P${seat}`)).ok).toBe(true);
  }
  for (const p of players) expect(await p.ready()).toEqual({ ok: true });
  const counting = await players[0]!.waitFor((u) => typeof u.room.start?.startsAt === 'number' || u.room.start === undefined);
  return { roomId, matchId: counting.room.match.id, startsAt: counting.room.start?.startsAt ?? 0, players };
}

const opening = async (url: string, matchId: string): Promise<{ startsAt: Date | null; startedAt: Date | null }> =>
  (
    await sql<{ startsAt: Date | null; startedAt: Date | null }>(
      url,
      'SELECT "startsAt", "startedAt" FROM "Match" WHERE id = $1',
      [matchId],
    )
  )[0]!;

describe('a countdown across a restart', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('opens the match after a SIGKILL and a restart, at the end the database keeps', async () => {
    db = await freshDatabase('postgres');
    // Long enough that the kill lands before the end, however slow the machine.
    const env = { DATA_DIR: db.config.dataDir, DATABASE_URL: db.config.databaseUrl!, START_COUNTDOWN_MS: '4000' };
    const first = await spawnServer(env);
    children.push(first.child);
    const { matchId, startsAt, players } = await readyRace(first.url);
    for (const p of players) p.close();
    await kill(first.child, 'SIGKILL');
    expect(await opening(db.config.databaseUrl!, matchId)).toEqual({ startsAt: new Date(startsAt), startedAt: null });

    const second = await spawnServer(env);
    children.push(second.child);
    // Nobody joins the room: the start duty of the new process finds it in the database.
    const opened = await until(
      'the opening after the restart',
      async () => {
        const m = await opening(db.config.databaseUrl!, matchId);
        return m.startedAt !== null && m;
      },
      60_000,
      100,
    );
    expect(opened.startedAt!.getTime()).toBeGreaterThanOrEqual(startsAt);
  }, 120_000);
});

describe('two processes on one PostgreSQL at the end of a countdown', () => {
  const nodes = useServers(2, { startCountdownMs: 500 });

  it('open the match exactly once, and both then take moves', async () => {
    const [a, b] = nodes as [(typeof nodes)[number], (typeof nodes)[number]];
    const { roomId, matchId, players } = await readyRace(a.url);
    // Both processes hold the room in memory, so either could open it.
    expect((await fetch(`${b.url}/api/rooms/${roomId}`)).status).toBe(200);
    await until('the opening', async () => {
      const m = await a.app.db.prisma.match.findUniqueOrThrow({ where: { id: matchId } });
      return m.startedAt !== null;
    });
    await Promise.all(players.map((p) => p.waitFor((u) => u.room.start === undefined)));
    expect(a.app.starts.stats.opened + b.app.starts.stats.opened).toBe(1);
    const there = await Player.connect(b.url);
    expect((await there.join(roomId, players[1]!.seatToken)).ok).toBe(true);
    expect((await there.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    for (const p of [...players, there]) p.close();
  });
});
