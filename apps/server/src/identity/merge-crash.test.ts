import { DEVICE_TOKEN_HEADER, type MatchListReply } from '@mm/protocol';
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/database';
import { freshDatabase, type TestDatabase, STORAGE_DATABASES } from '../test-support/databases';
import { newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { kill, spawnServer } from '../test-support/process';
import { hashToken } from '../security/tokens';

const post = (url: string, path: string, device: string, body?: unknown): Promise<Response> =>
  fetch(`${url}${path}`, {
    method: 'POST',
    headers: { [DEVICE_TOKEN_HEADER]: device, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

// The two databases side by side: each has its own processes and files.
describe.concurrent.each(STORAGE_DATABASES)('a server killed while it merges two players, on %s', (kind) => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('leaves the players as before or as after the merge, never half, and merges on the next try', async () => {
    db = await freshDatabase(kind);
    const env = { DATA_DIR: db.config.dataDir, ...(db.config.databaseUrl ? { DATABASE_URL: db.config.databaseUrl } : {}) };
    const first = await spawnServer(env);
    children.push(first.child);
    const [ann, ben, cy] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    // Ben has history of his own, and a table he shares with Ann.
    const tables = [
      await seatRoom(first.url, { family: 'duel' }, [ben, cy]),
      await seatRoom(first.url, { family: 'duel' }, [cy, ben]),
      await seatRoom(first.url, { family: 'duel' }, [ann, ben]),
    ];
    tables.forEach((t) => t.close());
    const code = ((await (await post(first.url, '/api/me/link-codes', ann)).json()) as { code: string }).code;

    // The link is sent and the process dies at once, without waiting for the answer.
    const sent = post(first.url, '/api/link', ben, { code }).catch(() => null);
    await kill(first.child, 'SIGKILL');
    await sent;

    const benDevice = hashToken(ben);
    const annDevice = hashToken(ann);
    const opened = await openDatabase({ dataDir: db.config.dataDir, databaseUrl: db.config.databaseUrl });
    try {
      const { prisma } = opened;
      const annPlayer = (await prisma.device.findUniqueOrThrow({ where: { id: annDevice } })).playerId;
      const benPlayer = (await prisma.device.findUniqueOrThrow({ where: { id: benDevice } })).playerId;
      const used = (await prisma.linkCode.count({ where: { usedAt: { not: null } } })) === 1;
      const seatsOf = (playerId: string) => prisma.seat.count({ where: { playerId } });
      const historyOf = (playerId: string) => prisma.matchPlayer.count({ where: { playerId } });
      const pending = await prisma.playerMerge.findMany();
      // No seat is lost or doubled, whenever the process died.
      expect(await prisma.seat.count({ where: { playerId: { not: null } } })).toBe(6);
      if (benPlayer === annPlayer) {
        // After: everything of Ben's is Ann's, and Ben's player is gone. His seats are hers, or still
        // his old player's with the merge recorded (it died before they followed: the next start moves them).
        expect(used).toBe(true);
        const waiting = await prisma.seat.count({
          where: { playerId: { in: pending.filter((m) => m.intoId === annPlayer).map((m) => m.fromId) } },
        });
        expect((await seatsOf(annPlayer)) + waiting).toBe(4);
        expect(await historyOf(annPlayer)).toBe(4);
        expect(await prisma.player.count()).toBe(2); // Ann's and Cy's
      } else {
        // Before: nothing moved, and the code is still unused.
        expect(used).toBe(false);
        expect(pending).toEqual([]);
        expect(await seatsOf(benPlayer)).toBe(3);
        expect(await historyOf(benPlayer)).toBe(3);
        expect(await seatsOf(annPlayer)).toBe(1);
        expect(await prisma.player.count()).toBe(3);
      }
    } finally {
      await opened.close();
    }

    // A restarted server finishes the job with a fresh code (or finds it done: linking is idempotent).
    const second = await spawnServer(env);
    children.push(second.child);
    const again = ((await (await post(second.url, '/api/me/link-codes', ann)).json()) as { code: string }).code;
    expect((await post(second.url, '/api/link', ben, { code: again })).status).toBe(200);
    const res = await fetch(`${second.url}/api/matches?player=me`, { headers: { [DEVICE_TOKEN_HEADER]: ann } });
    const list = (await res.json()) as MatchListReply;
    expect(list.matches).toHaveLength(3);
    expect(list.matches.every((m) => m.players.some((p) => p.you))).toBe(true);
    // Ben's phone is Ann's now, and her player holds his seats: it sits in them again without their tokens.
    for (const [i, table] of tables.slice(0, 2).entries()) {
      const phone = await Player.connect(second.url, { deviceToken: ben });
      try {
        expect(await phone.join(table.roomId)).toMatchObject({ ok: true, seat: i });
      } finally {
        phone.close();
      }
    }
    await kill(second.child, 'SIGTERM');
  });
});
