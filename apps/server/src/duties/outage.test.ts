import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { sql, storedMoves } from '../test-support/failover';
import { Player } from '../test-support/player';
import { createRoom, useServerBehindProxy } from '../test-support/server';
import { until } from '../test-support/until';

// One "second" of turnSeconds lasts 400 ms here: the protocol's minimum of 10 s becomes 4 s.
const SECOND_MS = 400;

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

// The two servers below side by side (each has its own database and proxy); the tests on each one
// after another, as they cut and refuse what that server's other tests would see.
describe.concurrent('server-owed moves through a PostgreSQL outage', () => {
  // A bot slow enough that the cut lands before it plays, and quicker than the lease (it fails, not lapses).
  const server = useServerBehindProxy({ botDelayMs: 3000, dutyLeaseMs: 5000, dutyGiveUpMs: 3000, secondMs: SECOND_MS });

  it.sequential.each([
    ['a short cut (the lease held throughout)', false],
    ['a cut longer than the lease (it lapses and is claimed again)', true],
  ])(
    'a bot whose move failed plays once the database is back, after %s',
    async (_label, outlastLease) => {
      const roomId = (await createRoom(server.url, { family: 'duel', bots: [1] })).json.id as string;
      const person = await seat(server.url, roomId, 0);
      try {
        const failedBefore = server.app.bots.stats.failed;
        expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
        await twoTicks(server.app);
        expect(await storedMoves(server.db.config.databaseUrl!, roomId)).toBe(1);
        server.proxy.cut();
        // Once: on a loaded machine the lease may run out (its renewals refused too) right after the
        // first try failed, and then nothing here tries again until the database is back.
        await until('the bot move to fail', async () => server.app.bots.stats.failed > failedBefore, 30_000);
        if (outlastLease) await until('the lease to lapse', async () => !server.app.duties.holds(roomId), 30_000);
        // Nothing of the bot's was stored while the database was away.
        expect(await storedMoves(server.db.config.databaseUrl!, roomId)).toBe(1);
        server.proxy.open();
        await until('the bot move after the outage', async () => (await storedMoves(server.db.config.databaseUrl!, roomId)) >= 2);
        await person.waitForSeq(2);
      } finally {
        server.proxy.open();
        person.close();
      }
    },
    90_000,
  );

  it.sequential(
    'a turn timeout that failed is appended once the database is back',
    async () => {
      const roomId = (await createRoom(server.url, { family: 'duel', turnSeconds: 10 })).json.id as string;
      const players = [await seat(server.url, roomId, 0), await seat(server.url, roomId, 1)];
      try {
        const failedBefore = server.app.timeouts.stats.failed;
        // The codemaker never sets a secret: its clock runs out during the cut (this process holds the room by then).
        await until('the room claimed', async () => server.app.duties.holds(roomId));
        await twoTicks(server.app);
        expect(await storedMoves(server.db.config.databaseUrl!, roomId)).toBe(0);
        server.proxy.cut();
        await until('the timeout to fail', async () => server.app.timeouts.stats.failed > failedBefore, 30_000);
        expect(await storedMoves(server.db.config.databaseUrl!, roomId)).toBe(0);
        server.proxy.open();
        await until('the timeout after the outage', async () => (await storedMoves(server.db.config.databaseUrl!, roomId)) >= 1);
        const seen = await players[0]!.waitForSeq(1);
        expect(seen.snapshot.last?.type).toBe('timeout');
      } finally {
        server.proxy.open();
        for (const p of players) p.close();
      }
    },
    90_000,
  );
});

describe.concurrent('server-owed moves the database refuses while it answers', () => {
  // Nothing is cut here, so the lease and the bound on failing can be short: the room is let go and
  // left to others for two leases before this process takes it again. The bot only has to wait
  // until the refusal is in place; the bound on failing is well past its first two failures.
  const server = useServerBehindProxy({ botDelayMs: 1500, dutyLeaseMs: 2000, dutyGiveUpMs: 2000 });

  /** Every INSERT into the log refused by the database (as a full disk would), until `allow`. */
  const refuseAppends = async (): Promise<{ allow(): Promise<void> }> => {
    const url = server.db.config.databaseUrl!;
    await sql(
      url,
      `CREATE OR REPLACE FUNCTION test_refuse() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'refused (test)'; END $$ LANGUAGE plpgsql`,
    );
    await sql(url, `CREATE TRIGGER test_refuse BEFORE INSERT ON "Action" FOR EACH ROW EXECUTE FUNCTION test_refuse()`);
    return { allow: async () => void (await sql(url, `DROP TRIGGER IF EXISTS test_refuse ON "Action"`)) };
  };

  it.sequential(
    'a bot whose move the database refused (its lease renewed all along) plays once the refusals end',
    async () => {
      const roomId = (await createRoom(server.url, { family: 'duel', bots: [1] })).json.id as string;
      const person = await seat(server.url, roomId, 0);
      let refusal: { allow(): Promise<void> } | null = null;
      try {
        const failedBefore = server.app.bots.stats.failed;
        expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
        refusal = await refuseAppends();
        await until('the bot move to fail twice', async () => server.app.bots.stats.failed >= failedBefore + 2, 30_000);
        expect(server.app.duties.holds(roomId)).toBe(true);
        await refusal.allow();
        await until(
          'the bot move after the refusals',
          async () => (await storedMoves(server.db.config.databaseUrl!, roomId)) >= 2,
        );
        await person.waitForSeq(2);
      } finally {
        await refusal?.allow();
        person.close();
      }
    },
    90_000,
  );

  it.sequential(
    'a process whose bot moves keep failing lets the room go, and takes it again later',
    async () => {
      const roomId = (await createRoom(server.url, { family: 'duel', bots: [1] })).json.id as string;
      const person = await seat(server.url, roomId, 0);
      let refusal: { allow(): Promise<void> } | null = null;
      try {
        const yieldedBefore = server.app.duties.stats.yielded;
        expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
        refusal = await refuseAppends();
        // Another process may take it now: no live lease is held on it.
        await until(
          'the lease let go',
          async () =>
            server.app.duties.stats.yielded > yieldedBefore &&
            !server.app.duties.holds(roomId) &&
            (
              await sql(
                server.db.config.databaseUrl!,
                `SELECT 1 FROM "RoomLease" WHERE "roomId" = $1 AND "expiresAt" > now() AT TIME ZONE 'UTC'`,
                [roomId],
              )
            ).length === 0,
          60_000,
        );
        await refusal.allow();
        await until(
          'the bot move after the refusals',
          async () => (await storedMoves(server.db.config.databaseUrl!, roomId)) >= 2,
        );
      } finally {
        await refusal?.allow();
        person.close();
      }
    },
    90_000,
  );
});
