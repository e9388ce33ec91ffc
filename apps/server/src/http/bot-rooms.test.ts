import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer, useServers } from '../test-support/server';

describe('rooms of bots only, per address (BOT_ROOMS_PER_IP)', () => {
  const server = useServer('postgres', { botRoomsPerIp: 2, botDelayMs: 0 });
  const botsOnly = { family: 'duel', bots: [0, 1] };

  it('refuses one more while the address has its share unfinished, with a typed error; other rooms are not counted', async () => {
    const made = [await createRoom(server.url, botsOnly), await createRoom(server.url, botsOnly)];
    expect(made.map((r) => r.status)).toEqual([201, 201]);
    const refused = await createRoom(server.url, { ...botsOnly, bots: [1, 0] });
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual({
      error: { code: 'TOO_MANY_BOT_ROOMS', message: expect.stringContaining('2 rooms of bots only') },
    });
    // Nothing was made for the refusal.
    expect(await server.app.db.prisma.room.count()).toBe(2);
    // A room with a seat for a person is another matter.
    expect((await createRoom(server.url, { family: 'duel', bots: [1] })).status).toBe(201);

    // One of them watched to its end: its place is free again.
    const watcher = await Player.connect(server.url);
    try {
      expect((await watcher.join(made[0]!.json.id)).ok).toBe(true);
      await watcher.waitFor((u) => u.snapshot.status.finished, 60_000);
    } finally {
      watcher.close();
    }
    expect((await createRoom(server.url, botsOnly)).status).toBe(201);
    expect((await createRoom(server.url, botsOnly)).status).toBe(429);
  }, 90_000);
});

describe('rooms of bots only, per address, made through two processes at once', () => {
  const LIMIT = 3;
  const nodes = useServers(2, { botRoomsPerIp: LIMIT, botDelayMs: 60_000 });

  it('never makes more than the address may have, whichever process each request reaches', async () => {
    const replies = await Promise.all(
      Array.from({ length: 16 }, (_, i) => createRoom(nodes[i % 2]!.url, { family: 'duel', bots: [0, 1] })),
    );
    expect(replies.filter((r) => r.status === 201)).toHaveLength(LIMIT);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(16 - LIMIT);
    expect(await nodes[0]!.app.db.prisma.room.count()).toBe(LIMIT);
  });
});
