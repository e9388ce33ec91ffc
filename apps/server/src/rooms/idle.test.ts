import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { createRoom, startServer } from '../test-support/server';

describe('a room nobody watches', () => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    ({ app, url } = await startServer(db, { roomIdleMs: 100 }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('leaves memory after the idle time and comes back from its log unchanged', async () => {
    const roomId: string = (await createRoom(url, { family: 'duel', options: {} })).json.id;
    const alice = await Player.connect(url);
    await alice.join(roomId);
    await alice.claim(0, 'Alice');
    await alice.act({ type: 'setSecret', code: [1, 2, 3, 4] });
    const before = await alice.send('room:sync', {});
    alice.close();
    await new Promise((r) => setTimeout(r, 600));
    expect(app.rooms.cached(roomId)).toBeUndefined();

    const again = await Player.connect(url);
    const back = await again.join(roomId, alice.seatToken);
    expect(back.ok && before.ok && back.snapshot).toEqual(before.ok && before.snapshot);
    expect(app.rooms.cached(roomId)).toBeDefined();
    again.close();
  });
});
