import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { sql } from '../test-support/failover';
import { PgProxy } from '../test-support/pg-proxy';
import { Player } from '../test-support/player';
import { createRoom, startServer } from '../test-support/server';
import { until } from '../test-support/until';
import { isUnavailable, mayHaveCommitted, OutageLog } from './unavailable';

describe('database timeouts on PostgreSQL', () => {
  let db: TestDatabase;
  let proxy: PgProxy;
  let app: App;
  let url: string;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    proxy = await PgProxy.start();
    ({ app, url } = await startServer(
      { ...db, config: { ...db.config, databaseUrl: proxy.urlFor(db.config.databaseUrl!) } },
      { dbStatementTimeoutMs: 500, dbConnectTimeoutMs: 500 },
    ));
  }, 60_000);
  afterAll(async () => {
    proxy?.open();
    await app?.close();
    await proxy?.close();
    await db?.drop();
  });

  const stored = async (roomId: string): Promise<number> =>
    (
      await sql<{ n: number }>(
        db.config.databaseUrl!,
        `SELECT count(*)::int AS n FROM "Action" a JOIN "Match" m ON m.id = a."matchId" WHERE m."roomId" = $1`,
        [roomId],
      )
    )[0]!.n;

  async function duel(): Promise<{ roomId: string; maker: Player; close(): void }> {
    const roomId = (await createRoom(url, { family: 'duel' })).json.id as string;
    const players: Player[] = [];
    for (const seat of [0, 1]) {
      const p = await Player.connect(url);
      expect((await p.join(roomId)).ok).toBe(true);
      expect((await p.claim(seat, `P${seat}`)).ok).toBe(true);
      players.push(p);
    }
    return { roomId, maker: players[0]!, close: () => players.forEach((p) => p.close()) };
  }

  it('answers UNAVAILABLE, changing nothing, while another connection holds the row lock', async () => {
    const { roomId, maker, close } = await duel();
    const locker = new pg.Client({ connectionString: db.config.databaseUrl! });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`SELECT 1 FROM "Match" WHERE "roomId" = $1 FOR UPDATE`, [roomId]);
      const refused = await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { expectSeq: 0 });
      expect(refused).toMatchObject({ ok: false, code: 'UNAVAILABLE' });
      await locker.query('ROLLBACK');
      expect(await stored(roomId)).toBe(0);
      expect((await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { expectSeq: 0 })).ok).toBe(true);
      expect(await stored(roomId)).toBe(1);
    } finally {
      await locker.end();
      close();
    }
  }, 60_000);

  // A frozen link may still deliver the statement when it thaws (as TCP would): the answer cannot
  // promise it was not stored, so the client's resend of the same actionId is what settles it.
  it('answers OUTCOME_UNKNOWN while the connection is frozen; the resend of the same action stores it exactly once', async () => {
    const { roomId, maker, close } = await duel();
    try {
      proxy.freeze();
      const action = { type: 'setSecret', code: [0, 1, 2, 3] };
      const refused = await maker.act(action, { actionId: 'frozen-1', expectSeq: 0 });
      expect(refused).toMatchObject({ ok: false, code: 'OUTCOME_UNKNOWN' });
      proxy.open();
      const reply = await until('the action sent again', async () => {
        const r = await maker.act(action, { actionId: 'frozen-1', expectSeq: 0 });
        return r.ok || r.code === 'DUPLICATE_ACTION' ? r : null;
      });
      expect(reply.seq).toBe(1);
      expect(await stored(roomId)).toBe(1);
    } finally {
      proxy.open();
      close();
    }
  }, 60_000);
});

describe('an outage in the log', () => {
  it('is written once when met and once when the database answers again, however many requests it refused', async () => {
    const lines: string[] = [];
    const log = {
      warn: (_o: object, m: string) => lines.push(`warn ${m}`),
      info: (_o: object, m: string) => lines.push(`info ${m}`),
    };
    let up = false;
    const outage = new OutageLog(
      log,
      async () => {
        if (!up) throw new Error('still down');
      },
      10,
    );
    for (let i = 0; i < 50; i++) outage.fault(new Error('Connection terminated unexpectedly'));
    expect(lines).toHaveLength(1);
    up = true;
    await until('the database back', async () => !outage.down);
    expect(lines.map((l) => l.split(' ')[0])).toEqual(['warn', 'info']);
    outage.close();
  });

  it('tells a database outage from any other failure', () => {
    expect(isUnavailable(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(true);
    expect(isUnavailable(new Error('Query read timeout'))).toBe(true);
    expect(isUnavailable({ message: 'x', cause: { code: 'ECONNREFUSED' } })).toBe(true);
    expect(isUnavailable(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
  });

  it('tells a write that may have been stored from one that surely was not', () => {
    // Sent, and no answer: it may have committed.
    expect(mayHaveCommitted(new Error('Query read timeout'))).toBe(true);
    expect(mayHaveCommitted(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(mayHaveCommitted({ message: 'x', cause: { code: 'ECONNRESET' } })).toBe(true);
    // Never sent, or rolled back by PostgreSQL.
    expect(
      mayHaveCommitted(new Error('Connection terminated due to connection timeout: Connection terminated unexpectedly')),
    ).toBe(false);
    expect(mayHaveCommitted(new Error('timeout exceeded when trying to connect'))).toBe(false);
    expect(mayHaveCommitted({ message: 'x', cause: { code: 'ECONNREFUSED' } })).toBe(false);
    expect(mayHaveCommitted(Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }))).toBe(
      false,
    );
    // Not the database away at all: an ordinary failure, answered as such.
    expect(mayHaveCommitted(new Error('Cannot read properties of undefined'))).toBe(false);
  });
});
