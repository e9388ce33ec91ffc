import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { STORAGE_DATABASES } from '../test-support/databases';
import { useStorageDatabase } from '../test-support/storage-database';
import type { Database } from './database.js';
import { GroupCommit } from './group-commit.js';
import type { Store } from './store.js';

describe.each(STORAGE_DATABASES)('group commit on %s', (kind) => {
  const opened = useStorageDatabase(kind);
  let db: Database;
  let store: Store;
  beforeAll(() => {
    ({ db, store } = opened);
  });

  async function newMatch(): Promise<string> {
    const matchId = `match-${randomUUID()}`;
    await store.createRoom({ roomId: `room-${randomUUID()}`, family: 'duel', options: {}, seatCount: 2, matchId, seed: 's' });
    return matchId;
  }
  const row = (matchId: string, seq: number, actionId: string, payload: unknown = { type: 'guess', code: [seq] }) => ({
    matchId,
    seq,
    seat: 0,
    actionId,
    payloadJson: JSON.stringify(payload),
    salt: null,
  });

  it('commits the appends of one turn, from many matches, as one insert', async () => {
    const log = new GroupCommit(db.sql, { maxInFlight: 1 });
    const matches = await Promise.all(Array.from({ length: 20 }, () => newMatch()));
    const outcomes = await Promise.all(
      matches.map((m) => log.append(row(m, 1, 'a1', { type: 'guess', text: `it's "quoted" \\ {x}` }))),
    );
    expect(outcomes).toEqual(matches.map(() => ({ ok: true })));
    expect(log.stats).toEqual({ batches: 1, rows: 20 });
    // Payloads and nulls come back exactly, through the array parameters.
    const [stored] = await store.actionsSince(matches[0]!, 0);
    expect(stored).toMatchObject({
      seq: 1,
      seat: 0,
      actionId: 'a1',
      payload: { type: 'guess', text: `it's "quoted" \\ {x}` },
      salt: null,
    });
  });

  it('leaves a conflicting row out without failing the rest of its batch, and says why', async () => {
    const log = new GroupCommit(db.sql, { maxInFlight: 1 });
    const [a, b, c] = await Promise.all([newMatch(), newMatch(), newMatch()]);
    await log.append(row(a!, 1, 'first'));
    await log.append(row(b!, 1, 'taken'));
    const outcomes = await Promise.all([
      log.append(row(a!, 2, 'first')), // a resend: its actionId is stored at seq 1
      log.append(row(b!, 1, 'other')), // another process had seq 1
      log.append(row(c!, 1, 'fine')),
    ]);
    expect(outcomes).toEqual([{ ok: false, reason: 'duplicate', seq: 1 }, { ok: false, reason: 'seq-taken' }, { ok: true }]);
    expect((await store.actionsSince(c!, 0)).map((x) => x.actionId)).toEqual(['fine']);
  });

  it('says why a row sent alone was left out, and stores a quoted payload exactly', async () => {
    const log = new GroupCommit(db.sql, { maxInFlight: 1 });
    const m = await newMatch();
    const payload = { type: 'guess', text: `it's "quoted" \\ {x}` };
    expect(await log.append(row(m, 1, 'first', payload))).toEqual({ ok: true });
    expect(await log.append(row(m, 2, 'first'))).toEqual({ ok: false, reason: 'duplicate', seq: 1 });
    expect(await log.append(row(m, 1, 'other'))).toEqual({ ok: false, reason: 'seq-taken' });
    expect(log.stats).toEqual({ batches: 3, rows: 1 });
    expect(await store.actionsSince(m, 0)).toMatchObject([{ seq: 1, actionId: 'first', payload, salt: null }]);
  });

  it('fails only the row the database refuses for another reason', async () => {
    const log = new GroupCommit(db.sql, { maxInFlight: 1 });
    const good = await newMatch();
    const outcomes = await Promise.allSettled([log.append(row(good, 1, 'ok')), log.append(row('no-such-match', 1, 'orphan'))]);
    expect(outcomes[0]).toEqual({ status: 'fulfilled', value: { ok: true } });
    expect(outcomes[1]?.status).toBe('rejected');
    expect(await store.actionsSince(good, 0)).toHaveLength(1);
  });

  it('keeps one match in order when several batches are in flight', async () => {
    const log = new GroupCommit(db.sql, { maxInFlight: 4 });
    const m = await newMatch();
    for (let seq = 1; seq <= 5; seq++) expect(await log.append(row(m, seq, `s${seq}`))).toEqual({ ok: true });
    expect((await store.actionsSince(m, 0)).map((x) => x.seq)).toEqual([1, 2, 3, 4, 5]);
  });
});
