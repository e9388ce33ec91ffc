import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { call } from '../test-support/api';
import { newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServers } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

describe('"Delete me" with two server processes', () => {
  const nodes = useServers(2, { redisUrl: REDIS_URL, presenceCoalesceMs: 0 });

  it('hands the deleted player’s seat on in every process’s copy of the room, not only the deleting one’s', async () => {
    const [ann, bob] = [newDeviceToken(), newDeviceToken()];
    const [first, second] = nodes as [{ app: App; url: string }, { app: App; url: string }];
    const table = await seatRoom(first.url, { family: 'duel', options: {} }, [ann, bob], { names: ['Ann', 'Bob'] });
    // Bob also has the room open on the other process, which so holds a copy of it.
    const bobThere = await Player.connect(second.url, { deviceToken: bob });
    try {
      expect(await bobThere.join(table.roomId)).toMatchObject({ ok: true, seat: 1 });
      expect(second.app.rooms.cached(table.roomId)?.seats[0]?.tokenHash).not.toBeNull();

      expect((await call(first.url, 'DELETE', '/api/me', ann, { confirm: 'DELETE' })).status).toBe(204);

      // No takeovers in this room: Ann's seat is freed, in the database and in both processes' copies.
      await until(
        'the deleting process to free her seat',
        async () => first.app.rooms.cached(table.roomId)?.seats[0]?.tokenHash === null,
      );
      await until(
        'the other process to read the seats again',
        async () => second.app.rooms.cached(table.roomId)?.seats[0]?.tokenHash === null,
      );
      expect(second.app.rooms.cached(table.roomId)?.seats[0]).toMatchObject({ name: null, playerId: null });
    } finally {
      bobThere.close();
      table.close();
    }
  }, 60_000);
});
