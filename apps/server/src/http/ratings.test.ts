import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyRatingsReply, PlayerCardReply } from '@mm/protocol';
import type { App } from '../app';
import { call } from '../test-support/api';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { finish, newDeviceToken, seatRoom } from '../test-support/finish';
import { startServer } from '../test-support/server';
import { shownRating } from '../ratings/rate';
import { rate, rating } from 'openskill';

describe('ratings and head-to-head over HTTP', () => {
  let db: TestDatabase;
  let server: { app: App; url: string };
  const ada = newDeviceToken();
  const bob = newDeviceToken();
  const stranger = newDeviceToken();
  let matchId = '';

  beforeAll(async () => {
    db = await freshDatabase('postgres');
    server = await startServer(db);
    // A Parker duel between two people, which Ada wins (test-support/finish.ts).
    const t = await seatRoom(server.url, { family: 'parker' }, [ada, bob], { names: ['Ada', 'Bob'] });
    await finish(server.app, 'parker', t);
    t.close();
    const room = await call(server.url, 'GET', `/api/rooms/${t.roomId}`, null);
    matchId = room.json.match.id;
  });
  afterAll(async () => {
    await server?.app.close();
    await db?.drop();
  });

  const card = (device: string | null, seat: number | string, id = matchId) =>
    call(server.url, 'GET', `/api/matches/${id}/seats/${seat}/card`, device);

  const expectedCards = (): { bobSeenByAda: PlayerCardReply; adaSeenByBob: PlayerCardReply } => {
    const [[won], [lost]] = rate([[rating()], [rating()]], { rank: [1, 2] });
    const record = (won: number, lost: number) => ({
      total: { won, lost, drawn: 0 },
      families: [{ family: 'parker', won, lost, drawn: 0 }],
      last: [{ family: 'parker', at: expect.any(String), outcome: won ? ('won' as const) : ('lost' as const) }],
    });
    return {
      bobSeenByAda: {
        name: 'Bob',
        you: false,
        ratings: [{ family: 'parker', rating: shownRating(lost!), games: 1 }],
        headToHead: record(1, 0),
      },
      adaSeenByBob: {
        name: 'Ada',
        you: false,
        ratings: [{ family: 'parker', rating: shownRating(won!), games: 1 }],
        headToHead: record(0, 1),
      },
    };
  };

  it("shows a person's card: name, public ratings, the head-to-head with the asker, and nothing else", async () => {
    const { bobSeenByAda, adaSeenByBob } = expectedCards();
    const seenByAda = await card(ada, 1);
    expect(seenByAda.status).toBe(200);
    // toStrictEqual on the whole body: any other field (a device, a token, an id) fails it.
    expect(seenByAda.json).toStrictEqual(bobSeenByAda);
    expect((await card(bob, 0)).json).toStrictEqual(adaSeenByBob);
    // Someone who never played with Ada sees her public ratings and an empty record.
    expect((await card(stranger, 0)).json).toStrictEqual({
      ...adaSeenByBob,
      headToHead: { total: { won: 0, lost: 0, drawn: 0 }, families: [], last: [] },
    });
    expect((await card(ada, 0)).json).toMatchObject({ name: 'Ada', you: true, headToHead: null });
  });

  it("answers each player's own ratings with their course, privately", async () => {
    const res = await fetch(`${server.url}/api/me/ratings`, { headers: { 'x-device-token': bob } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as MyRatingsReply;
    const shown = expectedCards().bobSeenByAda.ratings[0]!.rating;
    expect(body).toStrictEqual({
      families: [{ family: 'parker', rating: shown, games: 1, history: [{ at: expect.any(String), rating: shown }] }],
    });
    expect((await call(server.url, 'GET', '/api/me/ratings', stranger)).json).toStrictEqual({ families: [] });
  });

  it('answers bad input with the documented error and changes nothing', async () => {
    expect((await card(null, 0)).status).toBe(400);
    expect((await card(ada, 9)).json.error.code).toBe('BAD_REQUEST');
    expect((await card(ada, 'x')).json.error.code).toBe('BAD_REQUEST');
    expect((await card(ada, 0, '!bad')).json.error.code).toBe('BAD_REQUEST');
    expect((await card(ada, 0, 'NoSuchMatchId00')).json).toMatchObject({ error: { code: 'MATCH_NOT_FOUND' } });
    expect((await call(server.url, 'GET', '/api/me/ratings', null)).status).toBe(400);
    expect((await card(ada, 1)).json).toStrictEqual(expectedCards().bobSeenByAda);
  });

  it('refuses the card of a bot, and of a seat nobody took', async () => {
    const withBot = await call(server.url, 'POST', '/api/rooms', ada, { family: 'duel', bots: [1] });
    const room = await call(server.url, 'GET', `/api/rooms/${withBot.json.id}`, null);
    expect(await card(ada, 1, room.json.match.id)).toMatchObject({ status: 404, json: { error: { code: 'NOT_A_PERSON' } } });
    expect(await card(ada, 0, room.json.match.id)).toMatchObject({ status: 404, json: { error: { code: 'NO_SUCH_SEAT' } } });
  });

  it('answers the same after a restart: everything is read from the stored matches', async () => {
    const before = [(await card(ada, 1)).json, (await call(server.url, 'GET', '/api/me/ratings', bob)).json];
    await server.app.close();
    server = await startServer(db);
    expect([(await card(ada, 1)).json, (await call(server.url, 'GET', '/api/me/ratings', bob)).json]).toStrictEqual(before);
  });
});
