import {
  DEVICE_TOKEN_HEADER,
  type ChallengeReply,
  type ChallengesReply,
  type FriendsReply,
  type RoomSummary,
} from '@mm/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { hashToken } from '../security/tokens';
import { call } from '../test-support/api';
import { freshDatabase, LOGIC_DATABASES, type TestDatabase } from '../test-support/databases';
import { newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsText } from '../test-support/scan';
import { startServer, useServer } from '../test-support/server';
import { until } from '../test-support/until';

type Url = string;
const named = async (url: Url, name: string): Promise<string> => {
  const device = newDeviceToken();
  expect((await call(url, 'PUT', '/api/me/name', device, { name })).status).toBe(200);
  return device;
};
/** Two friends through an invitation link: `a` made it, `b` accepted; `b`'s id as `a`'s listing names them. */
async function befriend(url: Url, a: string, b: string): Promise<string> {
  const { token } = (await call(url, 'POST', '/api/friends/invites', a)).json as { token: string };
  expect((await call(url, 'POST', '/api/friends/invites/accept', b, { token })).status).toBe(200);
  return ((await call(url, 'GET', '/api/friends', a)).json as FriendsReply).friends[0]!.id;
}
async function linkDevice(url: Url, to: string): Promise<string> {
  const device = newDeviceToken();
  const code = (await call(url, 'POST', '/api/me/link-codes', to)).json.code as string;
  expect((await call(url, 'POST', '/api/link', device, { code })).status).toBe(200);
  return device;
}
const challenge = async (url: Url, by: string, friendId: string, preset = 'duel-classic') =>
  call(url, 'POST', '/api/challenges', by, { friendId, preset });
const roomOf = async (url: Url, roomId: string): Promise<RoomSummary> =>
  (await (await fetch(`${url}/api/rooms/${roomId}`)).json()) as RoomSummary;
const incoming = async (url: Url, device: string): Promise<ChallengesReply['incoming']> =>
  ((await call(url, 'GET', '/api/challenges', device)).json as ChallengesReply).incoming;
/** Ann challenged Bob: her socket in the room, holding seat 0. */
async function challenged(url: Url): Promise<{ ann: string; bob: string; made: ChallengeReply; annSocket: Player }> {
  const [ann, bob] = [await named(url, 'Ann'), await named(url, 'Bob')];
  const made = await challenge(url, ann, await befriend(url, ann, bob));
  expect(made.status).toBe(201);
  const annSocket = await Player.connect(url, { deviceToken: ann });
  expect(await annSocket.join(made.json.roomId)).toMatchObject({ ok: true, seat: 0 });
  return { ann, bob, made: made.json as ChallengeReply, annSocket };
}

describe.each(LOGIC_DATABASES)('challenges on %s', (kind) => {
  const server = useServer(kind, { linkTriesPerMinute: 1000 });
  const playerOf = async (device: string): Promise<string> =>
    (await server.app.db.prisma.device.findUniqueOrThrow({ where: { id: hashToken(device) } })).playerId;

  it('challenges only a friend, from a preset with no bot, and makes nothing otherwise', async () => {
    const [ann, bob, cy] = [await named(server.url, 'Ann'), await named(server.url, 'Bob'), await named(server.url, 'Cy')];
    const bobId = await befriend(server.url, ann, bob);
    const rooms = await server.app.db.prisma.room.count();
    // Cy is nobody's friend: Bob's id means nothing to her.
    expect(await challenge(server.url, cy, bobId)).toMatchObject({ status: 404, json: { error: { code: 'NOT_YOUR_FRIEND' } } });
    expect(await challenge(server.url, ann, bobId, 'duel-bot')).toMatchObject({
      status: 400,
      json: { error: { code: 'NOT_A_CHALLENGE_PRESET' } },
    });
    expect(await server.app.db.prisma.room.count()).toBe(rooms);
    expect(await incoming(server.url, bob)).toEqual([]);
    // A private answer: kept by no cache between the device and the server.
    const listed = await fetch(`${server.url}/api/challenges`, { headers: { [DEVICE_TOKEN_HEADER]: bob } });
    expect(listed.headers.get('cache-control')).toContain('no-store');
  });

  it('keeps the seat for the friend: anyone else is refused, and the room shows their name only', async () => {
    const { bob, made, annSocket } = await challenged(server.url);
    const summary = await roomOf(server.url, made.roomId);
    expect(summary.challenge).toMatchObject({ seat: 1, name: 'Bob', status: 'pending' });
    expect(summary.seats[1]).toMatchObject({ name: null });

    const cy = await Player.connect(server.url, { deviceToken: await named(server.url, 'Cy') });
    expect(await cy.join(made.roomId)).toMatchObject({ ok: true, seat: null });
    expect(await cy.claim(1, 'Cy')).toMatchObject({ ok: false, code: 'SEAT_RESERVED' });
    // Neither the challenged player's id nor any token of theirs reaches anyone in the room.
    const bobPlayer = await playerOf(bob);
    for (const seen of [cy.received, annSocket.received, summary]) {
      expect(containsText(seen, bobPlayer)).toBe(false);
      expect(containsText(seen, bob)).toBe(false);
      expect(containsText(seen, hashToken(bob))).toBe(false);
    }
    expect(await incoming(server.url, bob)).toMatchObject([
      { id: made.id, name: 'Ann', preset: 'duel-classic', status: 'pending' },
    ]);
    cy.close();
    annSocket.close();
  });

  it('seats the friend on accepting from another device of theirs, and any device of theirs holds the seat', async () => {
    const { ann, bob, made, annSocket } = await challenged(server.url);
    const phone = await linkDevice(server.url, bob);
    expect((await call(server.url, 'POST', `/api/challenges/${made.id}/accept`, phone)).json).toEqual({
      roomId: made.roomId,
      seat: 1,
    });
    await until(
      'Ann sees Bob seated',
      async () => annSocket.room?.seats[1]?.name === 'Bob' && annSocket.room.challenge?.status === 'accepted',
    );
    const laptop = await Player.connect(server.url, { deviceToken: bob });
    expect(await laptop.join(made.roomId)).toMatchObject({ ok: true, seat: 1 });
    // Bob's card, opened from the room, offers Ann a challenge: it names him as her friends listing does.
    const { match } = await roomOf(server.url, made.roomId);
    const bobId = ((await call(server.url, 'GET', '/api/friends', ann)).json as FriendsReply).friends[0]!.id;
    expect((await call(server.url, 'GET', `/api/matches/${match.id}/seats/1/card`, ann)).json).toMatchObject({ friend: bobId });
    const stranger = await named(server.url, 'Dee');
    expect((await call(server.url, 'GET', `/api/matches/${match.id}/seats/1/card`, stranger)).json).not.toHaveProperty('friend');
    expect(await incoming(server.url, bob)).toEqual([]);
    // Answered once: a second answer is refused.
    expect((await call(server.url, 'POST', `/api/challenges/${made.id}/decline`, bob)).status).toBe(409);
    laptop.close();
    annSocket.close();
  });

  it('frees the seat on a decline, and tells the challenger in the room', async () => {
    const { ann, bob, made, annSocket } = await challenged(server.url);
    // Only the challenged player answers.
    expect((await call(server.url, 'POST', `/api/challenges/${made.id}/decline`, ann)).status).toBe(404);
    expect((await call(server.url, 'POST', `/api/challenges/${made.id}/decline`, bob)).status).toBe(204);
    await until('Ann hears of the decline', async () => annSocket.room?.challenge?.status === 'declined');
    const cy = await Player.connect(server.url, { deviceToken: await named(server.url, 'Cy') });
    await cy.join(made.roomId);
    expect(await cy.claim(1, 'Cy')).toMatchObject({ ok: true });
    expect((await call(server.url, 'POST', `/api/challenges/${made.id}/accept`, bob)).status).toBe(409);
    cy.close();
    annSocket.close();
  });

  it('lets the challenger cancel, and bounds the challenges waiting at once', async () => {
    const { ann, bob, made, annSocket } = await challenged(server.url);
    expect((await call(server.url, 'DELETE', `/api/challenges/${made.id}`, bob)).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/challenges/${made.id}`, ann)).status).toBe(204);
    await until('the room shows the cancel', async () => annSocket.room?.challenge?.status === 'cancelled');
    expect(await incoming(server.url, bob)).toEqual([]);
    expect((await call(server.url, 'POST', `/api/challenges/${made.id}/accept`, bob)).json).toMatchObject({
      error: { code: 'CHALLENGE_OVER' },
    });
    const bobId = ((await call(server.url, 'GET', '/api/friends', ann)).json as FriendsReply).friends[0]!.id;
    for (let i = 0; i < 3; i++) expect((await challenge(server.url, ann, bobId)).status).toBe(201);
    expect(await challenge(server.url, ann, bobId)).toMatchObject({
      status: 429,
      json: { error: { code: 'TOO_MANY_CHALLENGES' } },
    });
    annSocket.close();
  });

  it("frees a deleted player's kept seat", async () => {
    const { bob, made, annSocket } = await challenged(server.url);
    expect((await call(server.url, 'DELETE', '/api/me', bob, { confirm: 'DELETE' })).status).toBe(204);
    await until('the seat is free again', async () => annSocket.room !== null && annSocket.room.challenge === undefined);
    expect((await roomOf(server.url, made.roomId)).challenge).toBeUndefined();
    annSocket.close();
  });
});

describe.each(LOGIC_DATABASES)('a challenge across restarts on %s', (kind) => {
  let db: TestDatabase;
  let app: App | null = null;
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });
  /** The server again on the same database: nothing of the last one's memory stays. */
  const restart = async (): Promise<Url> => {
    await app?.close();
    const started = await startServer(db, { linkTriesPerMinute: 1000 });
    app = started.app;
    return started.url;
  };

  it('keeps the seat after a restart, and the duty frees it once its deadline has passed', async () => {
    db = await freshDatabase(kind);
    const first = await restart();
    const [ann, bob] = [await named(first, 'Ann'), await named(first, 'Bob')];
    const made = (await challenge(first, ann, await befriend(first, ann, bob))).json as ChallengeReply;
    const cyDevice = await named(first, 'Cy');

    const second = await restart();
    const cy = await Player.connect(second, { deviceToken: cyDevice });
    await cy.join(made.roomId);
    expect(await cy.claim(1, 'Cy')).toMatchObject({ ok: false, code: 'SEAT_RESERVED' });
    cy.close();

    // Ten minutes go by before the next start: the deadline the database keeps is in the past.
    await app!.db.sql(`UPDATE "Challenge" SET "expiresAt" = "expiresAt" - interval '11 minutes' WHERE id = $1`, [made.id]);
    const third = await restart();
    // Nobody opens the room: the duty finds it owed from the database alone.
    await until('the challenge expires', async () => (await roomOf(third, made.roomId)).challenge?.status === 'expired');
    expect(await incoming(third, bob)).toEqual([]);
    const listed = ((await call(third, 'GET', '/api/challenges', ann)).json as ChallengesReply).outgoing;
    expect(listed).toMatchObject([{ id: made.id, name: 'Bob', status: 'expired' }]);
    const again = await Player.connect(third, { deviceToken: cyDevice });
    await again.join(made.roomId);
    expect(await again.claim(1, 'Cy')).toMatchObject({ ok: true });
    again.close();
  });
});
