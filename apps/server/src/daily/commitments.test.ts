import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyCommitmentsReplySchema, dailyPreimage } from '@mm/protocol';
import { buildApp, type App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { dailyPuzzle } from './derive';

const sha = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

describe('GET /api/daily/commitments', () => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  // 2026-11-26 11:00 UTC: puzzles 25 (UTC−12), 26 and 27 (UTC+14) are somebody's today.
  let now = new Date('2026-11-26T11:00:00Z');

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    app = await buildApp({ ...db.config, port: 0, host: '127.0.0.1', logLevel: 'silent' }, { now: () => now });
    url = await app.listen();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const get = async () => {
    const res = await fetch(`${url}/api/daily/commitments`);
    expect(res.status).toBe(200);
    return dailyCommitmentsReplySchema.parse(await res.json());
  };

  it("commits to today's and the next 30 days' codes, and reveals only days that ended everywhere", async () => {
    const reply = await get();
    expect(reply.playable).toEqual({ min: 25, max: 27 });
    expect(reply.revealed.map((d) => d.n)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(reply.upcoming.map((d) => d.n)).toEqual(Array.from({ length: 33 }, (_, i) => i + 25));
    for (const day of reply.revealed) expect(sha(dailyPreimage(day.n, day.salt, day.code))).toBe(day.commitment);
    // no unrevealed day's code or salt anywhere in the body
    const { secret } = await app.db.prisma.dailySecret.findUniqueOrThrow({ where: { id: 'daily' } });
    const body = JSON.stringify(reply);
    expect(body).not.toContain(secret);
    for (const day of reply.upcoming) expect(body).not.toContain(dailyPuzzle(secret, day.n).salt);
  });

  it('reveals day 25 at 12:00 UTC on the 26th, with the code it was committed to', async () => {
    const before = await get();
    now = new Date('2026-11-26T12:00:00Z');
    const after = await get();
    const committed = before.upcoming.find((d) => d.n === 25)!;
    const revealed = after.revealed.find((d) => d.n === 25)!;
    expect(revealed.commitment).toBe(committed.commitment);
    expect(sha(dailyPreimage(25, revealed.salt, revealed.code))).toBe(committed.commitment);
  });
});

describe('the daily secret', () => {
  it('is made once and kept: two processes on one PostgreSQL, and a restart, derive the same codes', async () => {
    const db = await freshDatabase('postgres');
    try {
      const start = () => buildApp({ ...db.config, port: 0, host: '127.0.0.1', logLevel: 'silent' });
      const commitmentsOf = async (a: App) =>
        dailyCommitmentsReplySchema.parse(await (await fetch(`${await a.listen()}/api/daily/commitments`)).json());
      const apps = await Promise.all([start(), start()]);
      const [one, two] = await Promise.all(apps.map(commitmentsOf));
      expect(one!.upcoming).toEqual(two!.upcoming);
      expect(await apps[0]!.db.prisma.dailySecret.count()).toBe(1);
      await Promise.all(apps.map((a) => a.close()));
      const again = await start();
      expect((await commitmentsOf(again)).upcoming[0]).toEqual(one!.upcoming[0]);
      await again.close();
    } finally {
      await db.drop();
    }
  });

  it('comes from DAILY_SECRET when set, and nothing is stored', async () => {
    const db = await freshDatabase('postgres');
    try {
      const a = await buildApp(
        { ...db.config, port: 0, host: '127.0.0.1', logLevel: 'silent', dailySecret: 'a-fixed-daily-secret' },
        { now: () => new Date('2026-11-26T11:00:00Z') },
      );
      const reply = dailyCommitmentsReplySchema.parse(await (await fetch(`${await a.listen()}/api/daily/commitments`)).json());
      expect(reply.upcoming[0]!.commitment).toBe(dailyPuzzle('a-fixed-daily-secret', 25).commitment);
      expect(await a.db.prisma.dailySecret.count()).toBe(0);
      await a.close();
    } finally {
      await db.drop();
    }
  });
});
