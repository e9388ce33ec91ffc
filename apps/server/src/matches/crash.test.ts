import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import type { DuelView } from '@mm/rules/families/duel';
import { freshDatabase, type TestDatabase, STORAGE_DATABASES } from '../test-support/databases';
import { Player } from '../test-support/player';
import { kill, spawnServer } from '../test-support/process';
import { createRoom } from '../test-support/server';

describe.each(STORAGE_DATABASES)('a server killed mid-round on the %s database', (kind) => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('resumes the room exactly and loses no acknowledged action', async () => {
    db = await freshDatabase(kind);
    const env = { DATA_DIR: db.config.dataDir, ...(db.config.databaseUrl ? { DATABASE_URL: db.config.databaseUrl } : {}) };
    const first = await spawnServer(env);
    children.push(first.child);

    const roomId: string = (await createRoom(first.url, { family: 'duel', options: { rounds: 2 } })).json.id;
    const alice = await Player.connect(first.url);
    const bob = await Player.connect(first.url);
    await alice.join(roomId);
    await bob.join(roomId);
    await alice.claim(0, 'Alice');
    await bob.claim(1, 'Bob');
    await alice.act({ type: 'setSecret', code: [2, 3, 4, 5] });
    await bob.act({ type: 'guess', code: [0, 1, 2, 3] });
    const lastAck = await bob.act({ type: 'guess', code: [5, 4, 3, 2] });
    expect(lastAck).toEqual({ ok: true, seq: 3 });
    const before = (await bob.send('room:sync', {})) as { ok: true; snapshot: unknown };

    // No goodbye: the process dies right after acknowledging.
    await kill(first.child, 'SIGKILL');
    alice.close();
    bob.close();

    const second = await spawnServer(env);
    children.push(second.child);
    const alice2 = await Player.connect(second.url);
    const bob2 = await Player.connect(second.url);
    const aliceBack = await alice2.join(roomId, alice.seatToken);
    const bobBack = await bob2.join(roomId, bob.seatToken);
    expect(aliceBack).toMatchObject({ ok: true, seat: 0 });
    expect(bobBack).toMatchObject({ ok: true, seat: 1 });
    if (!bobBack.ok) throw new Error('unreachable');
    expect(bobBack.snapshot).toEqual(before.snapshot);
    expect((bobBack.snapshot!.view as DuelView).rounds[0]!.rows).toHaveLength(2);

    // Finish the match on the new process.
    expect(await bob2.act({ type: 'guess', code: [2, 3, 4, 5] })).toEqual({ ok: true, seq: 4 });
    await bob2
      .act({ type: 'setSecret', code: [1, 1, 1, 1] })
      .then((r) => expect(r).toMatchObject({ ok: false, code: 'INVALID_CODE' }));
    await bob2.act({ type: 'setSecret', code: [0, 1, 2, 3] });
    expect((await alice2.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    const end = await alice2.waitForSeq(6);
    expect(end.snapshot.status).toMatchObject({ finished: true, draw: true, scores: [1, 1] });
    alice2.close();
    bob2.close();
  });
});
