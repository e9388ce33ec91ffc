import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER } from '@mm/protocol';
import { useServer } from '../test-support/server';

const token = (): string => randomBytes(32).toString('base64url');

describe('answers that depend on the device token', () => {
  const server = useServer('postgres');

  const expectPrivate = (res: Response, what: string): void => {
    expect(res.headers.get('cache-control'), what).toBe('no-store');
    expect(res.headers.get('vary')?.toLowerCase(), what).toContain(DEVICE_TOKEN_HEADER);
  };

  it('are never stored, and vary on the token: the match list, push subscriptions, a created room', async () => {
    const device = token();
    const mine = await fetch(`${server.url}/api/matches?player=me`, { headers: { [DEVICE_TOKEN_HEADER]: device } });
    expect(mine.status).toBe(200);
    expectPrivate(mine, 'GET /api/matches');
    // refused ones too: a cache must not keep "no token" for the next device either
    expectPrivate(await fetch(`${server.url}/api/matches?player=me`), 'GET /api/matches without a token');
    for (const method of ['POST', 'DELETE']) {
      const res = await fetch(`${server.url}/api/push/subscriptions`, {
        method,
        headers: { 'content-type': 'application/json', [DEVICE_TOKEN_HEADER]: device },
        body: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x' }),
      });
      expect(res.status, method).toBe(method === 'POST' ? 400 : 204);
      expectPrivate(res, `${method} /api/push/subscriptions`);
    }
    const created = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [DEVICE_TOKEN_HEADER]: device },
      body: JSON.stringify({ family: 'duel' }),
    });
    expect(created.status).toBe(201);
    expectPrivate(created, 'POST /api/rooms');
  });

  it('leave public answers cacheable as before', async () => {
    const res = await fetch(`${server.url}/api/push/key`);
    expect(res.headers.get('cache-control')).not.toBe('no-store');
  });
});
