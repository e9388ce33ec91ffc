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

describe('the principal of a socket with two server processes', () => {
  const nodes = useServers(2, { redisUrl: REDIS_URL, linkTriesPerMinute: 1000 });

  it('follows a merge made on the other process: the socket acts as the player its device joined', async () => {
    const [ann, bob] = [newDeviceToken(), newDeviceToken()];
    const [first, second] = nodes as [{ app: App; url: string }, { app: App; url: string }];
    const created = await createRoomAs(first.url, { family: 'duel', sit: { name: 'Ann' } }, ann);
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    // Bob's phone watches Ann's room through the other process.
    const phone = await Player.connect(second.url, { deviceToken: bob });
    try {
      expect(await phone.join(roomId)).toMatchObject({ ok: true, seat: null, creator: false });
      const held = [...second.app.io.of('/').sockets.values()].find((s) => s.data.principal?.deviceId === hashToken(bob))!;

      const code = (await call(first.url, 'POST', '/api/me/link-codes', ann)).json.code as string;
      expect((await call(first.url, 'POST', '/api/link', bob, { code })).status).toBe(200);
      const annPlayer = (await first.app.db.prisma.device.findUniqueOrThrow({ where: { id: hashToken(ann) } })).playerId;
      await until('the other process to hear of the merge', async () => held.data.principal?.playerId === annPlayer);
      expect(await phone.send('room:settings', { spectators: false })).toMatchObject({ ok: true });
    } finally {
      phone.close();
    }
  });
});
