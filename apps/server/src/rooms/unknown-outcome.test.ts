import { describe, expect, it } from 'vitest';
import { sql, storedMoves } from '../test-support/failover';
import { Player } from '../test-support/player';
import { createRoom, useServerBehindProxy } from '../test-support/server';
import { until } from '../test-support/until';

describe('an append whose answer the database never gave', () => {
  // A reply that never comes is given up after 2 s (the statement timeout and a second).
  const server = useServerBehindProxy({ dbStatementTimeoutMs: 1000, dbConnectTimeoutMs: 1000 });

  it('is answered OUTCOME_UNKNOWN, and the room reads it from the log by itself: nothing stays stuck', async () => {
    const direct = server.db.config.databaseUrl!;
    const roomId = (await createRoom(server.url, { family: 'duel' })).json.id as string;
    const maker = await Player.connect(server.url);
    const breaker = await Player.connect(server.url);
    try {
      for (const [p, seat] of [
        [maker, 0],
        [breaker, 1],
      ] as const) {
        expect((await p.join(roomId)).ok).toBe(true);
        expect((await p.claim(seat, `P${seat}`)).ok).toBe(true);
      }
      // Every append takes half a second in the database, so that the link freezes while it runs:
      // it commits, and its answer waits in the frozen stream until the server gives up on it.
      await sql(
        direct,
        `CREATE OR REPLACE FUNCTION test_slow() RETURNS trigger AS $$ BEGIN PERFORM pg_sleep(0.5); RETURN NEW; END $$ LANGUAGE plpgsql`,
      );
      await sql(direct, `CREATE TRIGGER test_slow BEFORE INSERT ON "Action" FOR EACH ROW EXECUTE FUNCTION test_slow()`);
      const actionId = 'secret-once';
      const reply = maker.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { actionId, expectSeq: 0 });
      await until(
        'the append running in the database',
        async () =>
          (await sql(direct, `SELECT 1 FROM pg_stat_activity WHERE state = 'active' AND query LIKE 'INSERT INTO "Action"%'`))
            .length > 0,
      );
      server.proxy.freeze();
      await sql(direct, `DROP TRIGGER test_slow ON "Action"`);
      // Never "nothing was changed": it was.
      expect(await reply).toMatchObject({ ok: false, code: 'OUTCOME_UNKNOWN' });
      expect(await storedMoves(direct, roomId)).toBe(1);
      server.proxy.open();
      // The room reads its log again by itself and tells the table, though nobody acts.
      expect((await breaker.waitForSeq(1)).snapshot.last?.type).toBe('setSecret');
      // The resend with the same actionId says it was stored, at seq 1; the match goes on from there.
      expect(await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { actionId, expectSeq: 0 })).toMatchObject({
        ok: false,
        code: 'DUPLICATE_ACTION',
        seq: 1,
      });
      expect(await breaker.act({ type: 'guess', code: [1, 2, 3, 4] }, { expectSeq: 1 })).toMatchObject({ ok: true, seq: 2 });
    } finally {
      server.proxy.open();
      maker.close();
      breaker.close();
    }
  }, 90_000);
});
