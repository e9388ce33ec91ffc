import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import type { DailyAttempt } from '@mm/protocol';
import { playableNumbers } from '@mm/rules';
import { openDatabase } from '../db/database';
import { call } from '../test-support/api';
import { freshDatabase, type TestDatabase, LOGIC_DATABASES } from '../test-support/databases';
import { newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { until } from '../test-support/until';
import { kill, spawnServer } from '../test-support/process';
import { hashToken, newRoomId } from '../security/tokens';
import { dailyCode, dailySalt } from './derive';

const SECRET = 'daily-restart-test-secret-0123456789';

describe.each(LOGIC_DATABASES)('a daily attempt across a SIGKILL on the %s database', (kind) => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('keeps every acknowledged guess, and the same attempt, on the next process; the logs hold no secret', async () => {
    db = await freshDatabase(kind);
    const env = {
      DATA_DIR: db.config.dataDir,
      DAILY_SECRET: SECRET,
      LOG_LEVEL: 'debug',
      ...(db.config.databaseUrl ? { DATABASE_URL: db.config.databaseUrl } : {}),
    };
    // The newest puzzle playable now: it stays playable for a day and a half, longer than this test.
    const n = playableNumbers(new Date()).max;
    const code = dailyCode(SECRET, n);
    // A colour the code lacks, four times over (a guess hard mode accepts first).
    const miss = [0, 1, 2, 3, 4, 5].find((c) => !code.includes(c))!;
    const device = newDeviceToken();

    const first = await spawnServer(env);
    children.push(first.child);
    const made = (await call(first.url, 'POST', '/api/daily/attempt', device, { n, hard: true })).json as DailyAttempt;
    const p = await Player.connect(first.url, { deviceToken: device });
    await p.join(made.roomId, made.seatToken);
    expect(await p.act({ type: 'guess', code: [miss, miss, miss, miss] })).toMatchObject({ ok: true, seq: 1 });
    // Its log line of the move is written after the acknowledgement: wait for it, so the log scan below reads it.
    await until('the first process to log the move', async () => first.output().includes('action accepted'));
    // No goodbye: the process dies right after acknowledging.
    await kill(first.child, 'SIGKILL');
    p.close();

    // Another player's attempt that a crash left between its row and its room: the next call completes it.
    const late = newDeviceToken();
    const roomId = newRoomId();
    const direct = await openDatabase(db.config);
    try {
      const playerId = 'p-crashed-before-room';
      await direct.prisma.player.create({
        data: { id: playerId, name: 'Late', devices: { create: { id: hashToken(late), name: 'Late' } } },
      });
      await direct.prisma.dailyAttempt.create({ data: { playerId, n, roomId, hard: false } });
    } finally {
      await direct.close();
    }
    const second = await spawnServer(env);
    children.push(second.child);
    const back = (await call(second.url, 'POST', '/api/daily/attempt', device, { n, hard: false })).json as DailyAttempt;
    expect(back).toEqual({ ...made, guesses: 1 });
    const q = await Player.connect(second.url, { deviceToken: device });
    expect(await q.join(back.roomId, back.seatToken)).toMatchObject({ ok: true, seat: 0 });
    expect(await q.act({ type: 'guess', code })).toMatchObject({ ok: true, seq: 2 });
    q.close();
    expect((await call(second.url, 'GET', `/api/daily/attempt?n=${n}`, device)).json.attempt).toMatchObject({
      status: 'won',
      guesses: 2,
      hard: true,
    });
    for (const output of [first.output(), second.output()]) {
      expect(output).toContain('action accepted');
      expect(output).not.toContain(SECRET);
      expect(output).not.toContain(dailySalt(SECRET, n));
      expect(output).not.toContain(JSON.stringify(code));
    }

    // The room of the attempt the crash left half made: made now, the player seated.
    const repaired = (await call(second.url, 'GET', `/api/daily/attempt?n=${n}`, late)).json.attempt as DailyAttempt;
    expect(repaired).toMatchObject({ roomId, status: 'playing', guesses: 0 });
    const r = await Player.connect(second.url, { deviceToken: late });
    expect(await r.join(roomId, repaired.seatToken)).toMatchObject({ ok: true, seat: 0 });
    expect(await r.act({ type: 'guess', code })).toMatchObject({ ok: true });
    r.close();
  }, 180_000);
});
