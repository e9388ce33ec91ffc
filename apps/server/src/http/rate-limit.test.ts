import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { createRoom, startServer } from '../test-support/server';

describe('room creation limits', () => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    ({ app, url } = await startServer(db, { roomCreateBurst: 3 }));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('refuses a burst of rooms from one address with a typed 429', async () => {
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await createRoom(url, { family: 'duel' }));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
    expect(replies[4]!.json.error.code).toBe('RATE_LIMITED');
  });

  it('refuses a body that is not JSON, or too large, with a typed error', async () => {
    const notJson = await fetch(`${url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"family":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    const huge = await fetch(`${url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ family: 'duel', options: {}, pad: 'x'.repeat(40_000) }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
