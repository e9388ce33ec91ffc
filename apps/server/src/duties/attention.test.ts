import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { createRoom, startServer, useServer } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';
import type { Attention } from './attention';

const stored = async (app: App, roomId: string): Promise<number> => app.db.prisma.action.count({ where: { match: { roomId } } });
const finished = async (app: App, roomId: string): Promise<boolean> =>
  (await app.db.prisma.match.findFirst({ where: { roomId } }))?.finishedAt !== null;
// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

const attentionOf = (app: App): Attention => (app.bots as unknown as { attention: Attention }).attention;

/** Three ticks of the duty scheduler: it looked at the room, gave up or kept its lease, and looked again. */
async function ticks(app: App, n = 3): Promise<void> {
  const from = app.duties.stats.ticks;
  await until(`${n} scheduler ticks`, async () => app.duties.stats.ticks >= from + n, 30_000);
}

describe('bots in a room nobody plays in', () => {
  // Slow enough bots that a watcher leaves in the middle of a match.
  const server = useServer('postgres', { botDelayMs: 100, dutyLeaseMs: 600 });
  const players: Player[] = [];
  afterAll(() => players.forEach((p) => p.close()));

  it('wait while nobody is connected, play while a spectator watches, and wait again when it leaves', async () => {
    const { app, url } = server;
    const attention = attentionOf(app);
    // Read before the room exists: on a slow machine its bots pause before the creation's answer arrives.
    const pausedBefore = attention.stats.paused;
    const roomId: string = (await createRoom(url, { family: 'duel', options: { rounds: 4 }, bots: [0, 1] })).json.id;
    await until('the bots paused', async () => attention.stats.paused > pausedBefore && !app.duties.holds(roomId), 30_000);
    await ticks(app);
    // Nobody ever looked: not one move, and no process keeps the room.
    expect(await stored(app, roomId)).toBe(0);
    expect(app.duties.holds(roomId)).toBe(false);

    const watcher = await Player.connect(url);
    players.push(watcher);
    expect((await watcher.join(roomId)).ok).toBe(true);
    await watcher.waitFor((u) => u.snapshot.seq >= 3, 30_000);
    const pausedAgain = attention.stats.paused;
    watcher.close();
    await until('the bots paused again', async () => attention.stats.paused > pausedAgain && !app.duties.holds(roomId), 30_000);
    const at = await stored(app, roomId);
    await ticks(app);
    expect(await stored(app, roomId)).toBe(at);
    expect(await finished(app, roomId)).toBe(false);

    // Anyone looking again: the match goes on from where it waited, to its end.
    const back = await Player.connect(url);
    players.push(back);
    const joined = await back.join(roomId);
    expect(joined.ok && joined.snapshot?.seq).toBe(at);
    const end = await back.waitFor((u) => u.snapshot.status.finished, 60_000);
    expect(end.snapshot.seq).toBe(await stored(app, roomId));
    // Every move a bot's, each stored once, the log without a gap.
    const log = await app.db.prisma.action.findMany({ where: { match: { roomId } }, orderBy: { seq: 'asc' } });
    expect(log.map((a) => a.seq)).toEqual(log.map((_, i) => i + 1));
    expect(app.bots.stats.refused).toBe(0);
  }, 120_000);

  it('leave a room where a person plays against a bot alone: the bot moves with nobody connected', async () => {
    const { app, url } = server;
    const roomId: string = (await createRoom(url, { family: 'duel', bots: [1] })).json.id;
    const person = await Player.connect(url);
    players.push(person);
    expect((await person.join(roomId)).ok).toBe(true);
    expect((await person.claim(0, 'Ada')).ok).toBe(true);
    expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    const pausedBefore = attentionOf(app).stats.paused;
    person.close();
    // The bot breaks the person's code and sets its own, all while nobody is connected.
    await until('the bot to play on', async () => (await stored(app, roomId)) >= 3, 60_000);
    expect(attentionOf(app).stats.paused).toBe(pausedBefore);
  }, 90_000);
});

describe('bots in a room nobody plays in, with two server processes', () => {
  let db: TestDatabase;
  const apps: App[] = [];
  const urls: string[] = [];
  const players: Player[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const { app, url } = await startServer(db, {
        redisUrl: REDIS_URL,
        botDelayMs: 50,
        dutyLeaseMs: 600,
        presenceCoalesceMs: 0,
      });
      apps.push(app);
      urls.push(url);
    }
  });
  afterAll(async () => {
    players.forEach((p) => p.close());
    for (const app of apps) await app.close();
    await db?.drop();
  });
  const paused = (): number => apps.reduce((n, a) => n + attentionOf(a).stats.paused, 0);
  const watch = async (url: string, roomId: string): Promise<Player> => {
    const p = await Player.connect(url);
    players.push(p);
    expect((await p.join(roomId)).ok).toBe(true);
    return p;
  };

  it('pause with nobody on either process, and play while anyone on any process watches', async () => {
    const before = paused();
    const roomId: string = (await createRoom(urls[0]!, { family: 'duel', options: { rounds: 4 }, bots: [0, 1] })).json.id;
    await until('the bots paused', async () => paused() > before && !apps.some((a) => a.duties.holds(roomId)), 30_000);
    expect(await stored(apps[0]!, roomId)).toBe(0);

    // A watcher on one process, then another on the other; the first leaves: the second keeps the bots going.
    const first = await watch(urls[0]!, roomId);
    await first.waitFor((u) => u.snapshot.seq >= 2, 30_000);
    const second = await watch(urls[1]!, roomId);
    first.close();
    const end = await second.waitFor((u) => u.snapshot.status.finished, 90_000);
    expect(end.snapshot.seq).toBe(await stored(apps[0]!, roomId));
    const log = await apps[0]!.db.prisma.action.findMany({ where: { match: { roomId } }, orderBy: { seq: 'asc' } });
    expect(log.map((a) => a.seq)).toEqual(log.map((_, i) => i + 1));
  }, 150_000);
});
