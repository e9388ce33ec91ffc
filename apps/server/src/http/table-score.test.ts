import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableScoreReply } from '@mm/protocol';
import type { App } from '../app';
import { call } from '../test-support/api';
import { freshDatabase, STORAGE_DATABASES, type TestDatabase } from '../test-support/databases';
import { createRoomAs, finish, newDeviceToken, seatRoom, type Seated } from '../test-support/finish';
import type { Player } from '../test-support/player';
import { startServer } from '../test-support/server';

describe.each(STORAGE_DATABASES)('the running score of a table (%s)', (kind) => {
  let db!: TestDatabase;
  let server: { app: App; url: string };
  beforeAll(async () => {
    db = await freshDatabase(kind);
    server = await startServer(db);
  });
  afterAll(async () => {
    await server.app.close();
    await db.drop();
  });

  const score = async (roomId: string) => call(server.url, 'GET', `/api/rooms/${roomId}/score`, null);

  it('counts every finished match of the room per person, whatever seat they sat in, and a restart changes nothing', async () => {
    const t = await seatRoom(server.url, { family: 'parker' }, [newDeviceToken(), newDeviceToken()], { names: ['Ann', 'Bob'] });
    const [ann, bob] = t.players as [Player, Player];
    expect((await score(t.roomId)).json).toStrictEqual({ players: [] });

    // Match 1: seat 0 (Ann) wins. The rematch moves everyone one seat on: Bob holds seat 0 and wins match 2.
    await finish(server.app, 'parker', t);
    await ann.send('match:rematch', { accept: true });
    await bob.send('match:rematch', { accept: true });
    await Promise.all([ann.waitForMatch(2), bob.waitForMatch(2)]);
    const moved: Seated = { ...t, players: [bob, ann], everyone: [bob, ann] };
    await finish(server.app, 'parker', moved);
    t.close();

    const parker = (won: number) => [{ family: 'parker', won, played: 2, points: won }];
    const expected: TableScoreReply = {
      players: [
        { name: 'Ann', won: 1, played: 2, families: parker(1) },
        { name: 'Bob', won: 1, played: 2, families: parker(1) },
      ],
    };
    expect((await score(t.roomId)).json).toStrictEqual(expected);

    await server.app.close();
    server = await startServer(db);
    expect((await score(t.roomId)).json).toStrictEqual(expected);
  });

  it('answers a bad room id with a typed error, and an unknown or sealed room with ROOM_NOT_FOUND, changing nothing', async () => {
    expect(await score('!bad')).toMatchObject({ status: 400, json: { error: { code: 'BAD_REQUEST' } } });
    expect(await score('NoSuchRoomId0000')).toMatchObject({ status: 404, json: { error: { code: 'ROOM_NOT_FOUND' } } });
    // A Code of the day's room is sealed: its table has no score for anyone.
    const sealed = await createRoomAs(server.url, { family: 'race', options: { players: 1 } });
    await server.app.db.prisma.room.update({ where: { id: sealed.json.id }, data: { daily: 1 } });
    expect(await score(sealed.json.id)).toMatchObject({ status: 404, json: { error: { code: 'ROOM_NOT_FOUND' } } });
    const before = await server.app.db.prisma.match.count();
    expect(await score('NoSuchRoomId0000')).toMatchObject({ status: 404 });
    expect(await server.app.db.prisma.match.count()).toBe(before);
  });
});
