import { describe, expect, it } from 'vitest';
import { createRoomAs, newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServers } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

describe('spectating turned off on one process', () => {
  const nodes = useServers(2, { redisUrl: REDIS_URL, presenceCoalesceMs: 0 });

  it('keeps a watcher joining on another process (which holds the room too) out of the match and its reactions', async () => {
    const [node0, node1] = nodes.map((n) => n.url) as [string, string];
    const creator = newDeviceToken();
    const roomId = (await createRoomAs(node0, { family: 'duel', options: {} }, creator)).json.id as string;
    const alice = await Player.connect(node0, { deviceToken: creator });
    const bob = await Player.connect(node1, { deviceToken: newDeviceToken() });
    const open = [alice, bob];
    try {
      expect((await alice.join(roomId)).ok).toBe(true);
      // Bob's join and claim put the room in node 1's memory, spectating on.
      expect((await bob.join(roomId)).ok).toBe(true);
      expect((await alice.claim(0, 'Alice')).ok).toBe(true);
      expect((await bob.claim(1, 'Bob')).ok).toBe(true);
      expect(nodes[1]!.app.rooms.cached(roomId)?.spectating).toBe(true);

      expect(await alice.send('room:settings', { spectators: false })).toEqual({ ok: true });
      // Node 1 hears of it from node 0 (the cluster bus), not at its next read of the room.
      await until(
        'node 1 to know spectating is off',
        async () => nodes[1]!.app.rooms.cached(roomId)?.spectating === false,
        10_000,
      );

      const watcher = await Player.connect(node1);
      open.push(watcher);
      expect(await watcher.join(roomId)).toMatchObject({ ok: true, seat: null, snapshot: null, room: { spectating: false } });
      expect(await watcher.send('room:react', { preset: 'wow' })).toMatchObject({ ok: false, code: 'SPECTATING_OFF' });
      expect(watcher.received.every((r) => !JSON.stringify(r.payload).includes('"view"'))).toBe(true);

      // And back on: node 1's watchers see the match again.
      expect(await alice.send('room:settings', { spectators: true })).toEqual({ ok: true });
      await until('node 1 to know spectating is on', async () => nodes[1]!.app.rooms.cached(roomId)?.spectating === true, 10_000);
      const late = await Player.connect(node1);
      open.push(late);
      const joined = await late.join(roomId);
      expect(joined).toMatchObject({ ok: true, seat: null, room: { spectating: true } });
      expect(joined.ok && joined.snapshot).toBeTruthy();
    } finally {
      open.forEach((p) => p.close());
    }
  });
});
