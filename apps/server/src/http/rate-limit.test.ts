import { describe, expect, it } from 'vitest';
import { createRoom, useServer } from '../test-support/server';

describe('room creation limits', () => {
  const server = useServer('postgres', { roomCreateBurst: 3 });

  it('refuses a burst of rooms from one address with a typed 429', async () => {
    const replies = [];
    for (let i = 0; i < 5; i++) replies.push(await createRoom(server.url, { family: 'duel' }));
    expect(replies.map((r) => r.status)).toEqual([201, 201, 201, 429, 429]);
    expect(replies[4]!.json.error.code).toBe('RATE_LIMITED');
  });

  it('refuses a body that is not JSON, or too large, with a typed error', async () => {
    const notJson = await fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"family":' });
    expect(notJson.status).toBe(400);
    expect(((await notJson.json()) as { error: { code: string } }).error.code).toBe('BAD_REQUEST');
    const huge = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ family: 'duel', options: {}, pad: 'x'.repeat(40_000) }),
    });
    expect(huge.status).toBe(413);
    expect(((await huge.json()) as { error: { code: string } }).error.code).toBe('PAYLOAD_TOO_LARGE');
  });
});
