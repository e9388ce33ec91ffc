import { describe, expect, it } from 'vitest';
import { playableNumbers } from '@mm/rules';
import { call } from '../test-support/api';
import { newDeviceToken } from '../test-support/finish';
import { createRoom, useServer } from '../test-support/server';
import { READ_BURST } from './routes';

describe('room creation limits', () => {
  const server = useServer('postgres', { roomCreateBurst: 3 });

  it('refuses a burst of rooms from one address with a typed 429', async () => {
    // Sent together: one after the other, on a busy machine, they could outlast the 3 s window.
    const replies = await Promise.all(Array.from({ length: 5 }, () => createRoom(server.url, { family: 'duel' })));
    expect(replies.map((r) => r.status).sort()).toEqual([201, 201, 201, 429, 429]);
    for (const r of replies.filter((r) => r.status === 429)) expect(r.json.error.code).toBe('RATE_LIMITED');
  });

  it('refuses a flood of reads from one address with a typed 429, and serves health checks regardless', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < READ_BURST + 40; i++) statuses.push((await fetch(`${server.url}/api/rooms/AAAAAAAAAAAAAAAA`)).status);
    expect(statuses.slice(0, READ_BURST / 2).every((s) => s === 404)).toBe(true);
    expect(statuses).toContain(429);
    const limited = await fetch(`${server.url}/api/matches/AAAAAAAAAAAAAAAA`);
    if (limited.status === 429) expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
  });
});

describe('one creation bound per address', () => {
  const server = useServer('postgres', { roomCreateBurst: 4 });

  it('counts rooms, daily attempts and new players together, whatever device token each request names', async () => {
    const { max: n } = playableNumbers(new Date());
    const attempt = () => call(server.url, 'POST', '/api/daily/attempt', newDeviceToken(), { n, hard: false });
    const newPlayer = () => call(server.url, 'GET', '/api/me', newDeviceToken());
    // Sent together: one after the other, on a busy machine, they could outlast the 4 s window.
    const replies = await Promise.all([
      attempt(),
      attempt(),
      newPlayer(),
      newPlayer(),
      attempt(),
      newPlayer(),
      createRoom(server.url, { family: 'duel' }),
    ]);
    expect(replies.filter((r) => r.status === 429)).toHaveLength(3);
    for (const r of replies.filter((r) => r.status === 429)) expect(r.json.error.code).toBe('RATE_LIMITED');
    // Only what was let through was made: four players at most, and no room or attempt past the bound.
    const { prisma } = server.app.db;
    const made = (await prisma.player.count()) + (await prisma.room.count({ where: { daily: null } }));
    expect(made).toBeLessThanOrEqual(4);
    expect(await prisma.dailyAttempt.count()).toBe(await prisma.room.count({ where: { daily: { not: null } } }));
  });
});

describe('room creation bodies', () => {
  // Limits are counted before the body is read: this address must still be within them.
  const server = useServer('postgres');

  it('refuses a body that is not JSON, or too large, with a typed error', async () => {
    const notJson = await fetch(`${server.url}/api/rooms`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"family":',
    });
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
