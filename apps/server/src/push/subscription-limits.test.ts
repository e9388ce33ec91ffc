import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER } from '@mm/protocol';
import { browserKeys } from '../test-support/push-endpoint';
import { useServer } from '../test-support/server';
import { MAX_SUBSCRIPTIONS_PER_DEVICE } from './store';

const token = (): string => randomBytes(32).toString('base64url');
const LIMIT = 30;

describe('push subscriptions are bounded', () => {
  const server = useServer('postgres', { pushSubscribeLimit: LIMIT });
  const keys = browserKeys();
  const subscribe = (device: string, endpoint = `https://fcm.googleapis.com/fcm/send/${token()}`) =>
    server.app.http.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { [DEVICE_TOKEN_HEADER]: device, 'content-type': 'application/json' },
      payload: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });

  it('keeps a device to its newest subscriptions, the oldest replaced', async () => {
    const device = token();
    const endpoints = Array.from(
      { length: MAX_SUBSCRIPTIONS_PER_DEVICE + 2 },
      () => `https://fcm.googleapis.com/fcm/send/${token()}`,
    );
    for (const e of endpoints) expect((await subscribe(device, e)).statusCode).toBe(201);
    const rows = await server.app.db.prisma.pushSubscription.findMany({ select: { endpoint: true } });
    expect(rows.map((r) => r.endpoint).sort()).toEqual(endpoints.slice(2).sort());
  });

  it('refuses 3,000 fresh devices from one address past the limit, in the uniform body, and stores no more', async () => {
    const statuses = new Map<number, number>();
    let refusal = '';
    for (let i = 0; i < 3000; i++) {
      const res = await subscribe(token());
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      if (res.statusCode === 429) refusal = res.body;
    }
    // the first test spent some of this address's window
    expect(statuses.get(201) ?? 0).toBeLessThanOrEqual(LIMIT - (MAX_SUBSCRIPTIONS_PER_DEVICE + 2));
    expect(statuses.get(429)).toBeGreaterThanOrEqual(3000 - LIMIT);
    expect(JSON.parse(refusal)).toMatchObject({ error: { code: 'RATE_LIMITED' } });
    expect(await server.app.db.prisma.pushSubscription.count()).toBeLessThanOrEqual(LIMIT);
    // another address is not held back by this one
    const other = await server.app.http.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      remoteAddress: '203.0.113.9',
      headers: { [DEVICE_TOKEN_HEADER]: token(), 'content-type': 'application/json' },
      payload: { endpoint: `https://fcm.googleapis.com/fcm/send/${token()}`, keys: { p256dh: keys.p256dh, auth: keys.auth } },
    });
    expect(other.statusCode).toBe(201);
  }, 120_000);
});
