import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { sql } from '../test-support/failover';
import { PgProxy } from '../test-support/pg-proxy';
import { Player } from '../test-support/player';
import { createRoom, startServer } from '../test-support/server';
import { until } from '../test-support/until';

// One "second" of turnSeconds lasts 400 ms here: the protocol's minimum of 10 s becomes 4 s.
const SECOND_MS = 400;

/** Actions stored for the room, read past the proxy (the test's own view of the database). */
const storedMoves = async (databaseUrl: string, roomId: string): Promise<number> =>
  (
    await sql<{ n: number }>(
      databaseUrl,
      `SELECT count(*)::int AS n FROM "Action" a JOIN "Match" m ON m.id = a."matchId" WHERE m."roomId" = $1`,
      [roomId],
    )
  )[0]!.n;

async function seat(url: string, roomId: string, index: number): Promise<Player> {
  const p = await Player.connect(url);
  expect((await p.join(roomId)).ok).toBe(true);
  expect((await p.claim(index, `P${index}`)).ok).toBe(true);
  return p;
}

/**
 * Two ticks of the duty scheduler: by then it has seen the room's state (a duty that fails later
 * is not rescued by the scheduler's first look at a new state, as one failing at once would be).
 */
async function twoTicks(app: App): Promise<void> {
  const ticks = app.duties.stats.ticks;
  await until('two scheduler ticks', async () => app.duties.stats.ticks >= ticks + 2);
}

describe('server-owed moves through a PostgreSQL outage', () => {
  let db: TestDatabase;
  let proxy: PgProxy;
  let app: App;
  let url: string;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    proxy = await PgProxy.start();
    // A bot slow enough that the cut lands before it plays, and quicker than the lease (it fails, not lapses).
    ({ app, url } = await startServer(
      { ...db, config: { ...db.config, databaseUrl: proxy.urlFor(db.config.databaseUrl!) } },
      { botDelayMs: 3000, dutyLeaseMs: 5000, dutyGiveUpMs: 3000, secondMs: SECOND_MS },
    ));
  }, 60_000);
  afterAll(async () => {
    proxy?.open();
    await app?.close();
    await proxy?.close();
    await db?.drop();
  });

  it.each([
    ['a short cut (the lease held throughout)', false],
    ['a cut longer than the lease (it lapses and is claimed again)', true],
  ])(
    'a bot whose move failed plays once the database is back, after %s',
    async (_label, outlastLease) => {
      const roomId = (await createRoom(url, { family: 'duel', bots: [1] })).json.id as string;
      const person = await seat(url, roomId, 0);
      try {
        const failedBefore = app.bots.stats.failed;
        expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
        await twoTicks(app);
        expect(await storedMoves(db.config.databaseUrl!, roomId)).toBe(1);
        proxy.cut();
        // Once: on a loaded machine the lease may run out (its renewals refused too) right after the
        // first try failed, and then nothing here tries again until the database is back.
        await until('the bot move to fail', async () => app.bots.stats.failed > failedBefore, 30_000);
        if (outlastLease) await until('the lease to lapse', async () => !app.duties.holds(roomId), 30_000);
        // Nothing of the bot's was stored while the database was away.
        expect(await storedMoves(db.config.databaseUrl!, roomId)).toBe(1);
        proxy.open();
        await until('the bot move after the outage', async () => (await storedMoves(db.config.databaseUrl!, roomId)) >= 2);
        await person.waitForSeq(2);
      } finally {
        proxy.open();
        person.close();
      }
    },
    90_000,
  );

  /** Every INSERT into the log refused by the database (as a full disk would), until `allow`. */
  const refuseAppends = async (): Promise<{ allow(): Promise<void> }> => {
    const url = db.config.databaseUrl!;
    await sql(
      url,
      `CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused (test)'; END $$ LANGUAGE plpgsql`,
    );
    await sql(url, `CREATE TRIGGER test_refuse BEFORE INSERT ON "Action" FOR EACH ROW EXECUTE FUNCTION test_refuse()`);
    return { allow: async () => void (await sql(url, `DROP TRIGGER IF EXISTS test_refuse ON "Action"`)) };
  };

  it('a bot whose move the database refused (its lease renewed all along) plays once the refusals end', async () => {
    const roomId = (await createRoom(url, { family: 'duel', bots: [1] })).json.id as string;
    const person = await seat(url, roomId, 0);
    let refusal: { allow(): Promise<void> } | null = null;
    try {
      const failedBefore = app.bots.stats.failed;
      expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
      refusal = await refuseAppends();
      await until('the bot move to fail twice', async () => app.bots.stats.failed >= failedBefore + 2, 30_000);
      expect(app.duties.holds(roomId)).toBe(true);
      await refusal.allow();
      await until('the bot move after the refusals', async () => (await storedMoves(db.config.databaseUrl!, roomId)) >= 2);
      await person.waitForSeq(2);
    } finally {
      await refusal?.allow();
      person.close();
    }
  }, 90_000);

  it('a process whose bot moves keep failing lets the room go, and takes it again later', async () => {
    const roomId = (await createRoom(url, { family: 'duel', bots: [1] })).json.id as string;
    const person = await seat(url, roomId, 0);
    let refusal: { allow(): Promise<void> } | null = null;
    try {
      const yieldedBefore = app.duties.stats.yielded;
      expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
      refusal = await refuseAppends();
      // Another process may take it now: no live lease is held on it.
      await until(
        'the lease let go',
        async () =>
          app.duties.stats.yielded > yieldedBefore &&
          !app.duties.holds(roomId) &&
          (
            await sql(
              db.config.databaseUrl!,
              `SELECT 1 FROM "RoomLease" WHERE "roomId" = $1 AND "expiresAt" > now() AT TIME ZONE 'UTC'`,
              [roomId],
            )
          ).length === 0,
        60_000,
      );
      await refusal.allow();
      await until('the bot move after the refusals', async () => (await storedMoves(db.config.databaseUrl!, roomId)) >= 2);
    } finally {
      await refusal?.allow();
      person.close();
    }
  }, 90_000);

  it('a turn timeout that failed is appended once the database is back', async () => {
    const roomId = (await createRoom(url, { family: 'duel', turnSeconds: 10 })).json.id as string;
    const players = [await seat(url, roomId, 0), await seat(url, roomId, 1)];
    try {
      const failedBefore = app.timeouts.stats.failed;
      // The codemaker never sets a secret: its clock runs out during the cut (this process holds the room by then).
      await until('the room claimed', async () => app.duties.holds(roomId));
      await twoTicks(app);
      expect(await storedMoves(db.config.databaseUrl!, roomId)).toBe(0);
      proxy.cut();
      await until('the timeout to fail', async () => app.timeouts.stats.failed > failedBefore, 30_000);
      expect(await storedMoves(db.config.databaseUrl!, roomId)).toBe(0);
      proxy.open();
      await until('the timeout after the outage', async () => (await storedMoves(db.config.databaseUrl!, roomId)) >= 1);
      const seen = await players[0]!.waitForSeq(1);
      expect(seen.snapshot.last?.type).toBe('timeout');
    } finally {
      proxy.open();
      for (const p of players) p.close();
    }
  }, 90_000);
});
