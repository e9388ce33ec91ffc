import { afterAll, describe, expect, it } from 'vitest';
import type { MatchDetail } from '@mm/protocol';
import type { ChildProcess } from 'node:child_process';
import { freshDatabase, type TestDatabase, LOGIC_DATABASES } from '../test-support/databases';
import { until } from '../test-support/until';
import { kill, spawnServer } from '../test-support/process';
import { Player } from '../test-support/player';
import { createRoom } from '../test-support/server';

/** Reads a match through the replay route, which reads the store and never loads the room (null: no answer now). */
async function matchState(url: string, matchId: string): Promise<{ finished: boolean; moves: number } | null> {
  const res = await fetch(`${url}/api/matches/${matchId}`);
  if (res.status !== 200) return null;
  const body = (await res.json()) as MatchDetail;
  return { finished: body.finished, moves: body.finished ? body.log.length : body.snapshot.seq };
}

describe.each(LOGIC_DATABASES)('rooms where only bots play, on the %s database', (kind) => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('finish after a SIGKILL and a restart, once someone looks again', async () => {
    db = await freshDatabase(kind);
    const env = {
      DATA_DIR: db.config.dataDir,
      ...(db.config.databaseUrl ? { DATABASE_URL: db.config.databaseUrl } : {}),
      // quick bots: the four-round duel is still under way when every room has its first move
      BOT_DELAY_MS: '50',
    };
    const first = await spawnServer(env);
    children.push(first.child);
    const rooms = [
      { family: 'duel', bots: [0, 1] },
      { family: 'rotation', bots: [0, 1, 2] },
      { family: 'parker', bots: [0, 1] },
      { family: 'duel', options: { rounds: 4 }, bots: [0, 1] },
    ];
    const matchIds: string[] = [];
    const ids: string[] = [];
    for (const body of rooms) {
      const id: string = (await createRoom(first.url, body)).json.id;
      ids.push(id);
      const summary = (await (await fetch(`${first.url}/api/rooms/${id}`)).json()) as { match: { id: string } };
      matchIds.push(summary.match.id);
    }
    // Bots play in a room nobody plays in only while someone watches (attention.ts).
    const watchers: Player[] = [];
    for (const id of ids) {
      const w = await Player.connect(first.url);
      watchers.push(w);
      expect((await w.join(id)).ok).toBe(true);
    }
    // Killed once every room is under way.
    const underWay = await until(
      'every bot room under way',
      async () => {
        const states = await Promise.all(matchIds.map((m) => matchState(first.url, m)));
        return states.every((s) => s !== null && s.moves >= 1) && (states as { finished: boolean }[]);
      },
      30_000,
      200,
    );
    await kill(first.child, 'SIGKILL');
    for (const w of watchers) w.close();
    expect(underWay.filter((s) => !s.finished).length).toBeGreaterThan(0);

    const second = await spawnServer(env);
    children.push(second.child);
    // Someone looks at each room on the new process: each goes on from its log to its end.
    for (const id of ids) {
      const w = await Player.connect(second.url);
      watchers.push(w);
      expect((await w.join(id)).ok).toBe(true);
    }
    const ends = await until(
      'every bot room finished',
      async () => {
        const states = await Promise.all(matchIds.map((m) => matchState(second.url, m)));
        return states.every((s) => s?.finished) && states;
      },
      120_000,
      // The replay route counts against the per-address read limit: poll gently.
      250,
    );
    expect(ends.map((s) => s?.finished)).toEqual([true, true, true, true]);
    for (const w of watchers) w.close();
  }, 240_000);
});
