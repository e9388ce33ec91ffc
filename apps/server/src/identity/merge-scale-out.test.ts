import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { hashToken } from '../security/tokens';
import { call } from '../test-support/api';
import { createRoomAs, newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServers } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

describe('a merge of two players with two server processes', () => {
  const nodes = useServers(2, { redisUrl: REDIS_URL, linkTriesPerMinute: 1000 });

  it('moves the merged player’s seat and room in the other process’s copy at once, without a rejoin', async () => {
    const [ann, ben] = [newDeviceToken(), newDeviceToken()];
    const [first, second] = nodes as [{ app: App; url: string }, { app: App; url: string }];
    // Ben makes a room and sits in it on one process; Ann watches it through the other, which so holds a copy.
    const created = await createRoomAs(first.url, { family: 'duel', sit: { name: 'Ben' } }, ben);
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    // Ann's link code first: her device has a player before her socket joins, and acts for it.
    const code = (await call(first.url, 'POST', '/api/me/link-codes', ann)).json.code as string;
    const annThere = await Player.connect(second.url, { deviceToken: ann });
    try {
      expect(await annThere.join(roomId)).toMatchObject({ ok: true, seat: null, creator: false });
      const copy = second.app.rooms.cached(roomId)!;
      const benPlayer = copy.seats[0]!.playerId;
      expect(benPlayer).not.toBeNull();
      expect(copy.creatorPlayerId).toBe(benPlayer);

      // Ben's phone joins Ann's player with her code: Ben's player becomes hers.
      expect((await call(first.url, 'POST', '/api/link', ben, { code })).status).toBe(200);
      const annPlayer = (await first.app.db.prisma.device.findUniqueOrThrow({ where: { id: hashToken(ann) } })).playerId;

      // The store, the merging process's copy and the other one's: nobody joined again.
      expect(await first.app.db.prisma.seat.findFirst({ where: { roomId, index: 0 } })).toMatchObject({ playerId: annPlayer });
      expect(first.app.rooms.cached(roomId)?.seats[0]?.playerId).toBe(annPlayer);
      await until('the other process’s copy to follow the merge', async () => copy.seats[0]?.playerId === annPlayer);
      expect(second.app.rooms.cached(roomId)).toBe(copy);
      expect(copy.creatorPlayerId).toBe(annPlayer);
      expect(await first.app.db.prisma.playerMerge.count()).toBe(0);
      // Ann's socket there may now change the room's settings: she made it, by the merge.
      expect(await annThere.send('room:settings', { spectators: false })).toMatchObject({ ok: true });
    } finally {
      annThere.close();
    }
  });
});
