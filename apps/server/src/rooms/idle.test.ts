import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';

describe('a room nobody watches', () => {
  const server = useServer('postgres', { roomIdleMs: 100 });

  it('leaves memory after the idle time and comes back from its log unchanged', async () => {
    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const alice = await Player.connect(server.url);
    await alice.join(roomId);
    await alice.claim(0, 'Alice');
    await alice.act({ type: 'setSecret', code: [1, 2, 3, 4] });
    const before = await alice.send('room:sync', {});
    alice.close();
    await until('the room to leave memory', async () => server.app.rooms.cached(roomId) === undefined);

    const again = await Player.connect(server.url);
    const back = await again.join(roomId, alice.seatToken);
    expect(back.ok && before.ok && back.snapshot).toEqual(before.ok && before.snapshot);
    expect(server.app.rooms.cached(roomId)).toBeDefined();
    again.close();
  });
});
