import type { FriendsReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { call } from '../test-support/api';
import { newDeviceToken } from '../test-support/finish';
import { browserKeys } from '../test-support/push-endpoint';
import { readPush, usePushServer } from '../test-support/push-server';

describe('the push of a challenge', () => {
  const server = usePushServer({ pushSubscribeLimit: 1000, linkTriesPerMinute: 1000 });

  it('reaches every device of the challenged friend, each in its own language, and names only the challenger', async () => {
    const { url, endpoint } = server;
    const [ann, bob, bobPhone] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    expect((await call(url, 'PUT', '/api/me/name', ann, { name: 'Ann' })).status).toBe(200);
    expect((await call(url, 'PUT', '/api/me/name', bob, { name: 'Bob' })).status).toBe(200);
    const code = (await call(url, 'POST', '/api/me/link-codes', bob)).json.code as string;
    expect((await call(url, 'POST', '/api/link', bobPhone, { code })).status).toBe(200);
    const { token } = (await call(url, 'POST', '/api/friends/invites', ann)).json as { token: string };
    expect((await call(url, 'POST', '/api/friends/invites/accept', bob, { token })).status).toBe(200);
    const friendId = ((await call(url, 'GET', '/api/friends', ann)).json as FriendsReply).friends[0]!.id;
    const [laptopKeys, phoneKeys] = [browserKeys(), browserKeys()];
    expect((await server.subscribeAt(bob, '/challenge/laptop', laptopKeys, { lang: 'de' })).status).toBe(201);
    expect((await server.subscribeAt(bobPhone, '/challenge/phone', phoneKeys, { lang: 'en' })).status).toBe(201);

    const made = await call(url, 'POST', '/api/challenges', ann, { friendId, preset: 'duel-classic' });
    expect(made.status).toBe(201);
    const [laptop] = await endpoint.waitFor('/challenge/laptop', 1);
    const [phone] = await endpoint.waitFor('/challenge/phone', 1);
    const tag = `challenge-${made.json.id as string}`;
    expect(readPush(laptop!, laptopKeys)).toMatchObject({
      kind: 'challenge',
      title: 'Ann fordert dich zum Duell heraus',
      url: '/',
      tag,
    });
    expect(readPush(phone!, phoneKeys)).toMatchObject({
      kind: 'challenge',
      title: 'Ann challenges you to a duel',
      url: '/',
      tag,
    });
    // The room's link is not in it: the seat is taken by accepting, on the home page.
    expect(JSON.stringify(readPush(phone!, phoneKeys))).not.toContain(made.json.roomId as string);
    await server.app.push.idle();
  });
});
