import { playableNumbers } from '@mm/rules';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { call } from '../test-support/api';
import { newDeviceToken } from '../test-support/finish';
import { useServer } from '../test-support/server';

describe('the principal of a request', () => {
  const server = useServer('postgres');
  afterEach(() => vi.restoreAllMocks());

  /** Every way the store maps a device to its player, counted from now on. */
  const countLookUps = (): (() => number) => {
    const { store } = server.app;
    const spies = [vi.spyOn(store, 'playerOfDevice'), vi.spyOn(store, 'seeDevice'), vi.spyOn(store, 'ensurePlayer')];
    return () => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  };

  it("looks the device's player up once per request, whatever the route then does for the player", async () => {
    const device = newDeviceToken();
    const { max: n } = playableNumbers(new Date());
    expect((await call(server.url, 'PUT', '/api/me/name', device, { name: 'Ann' })).status).toBe(200);
    expect((await call(server.url, 'POST', '/api/daily/attempt', device, { n, hard: false })).status).toBe(200);
    const requests: [string, string, unknown?][] = [
      ['GET', '/api/me'],
      ['PUT', '/api/me/name', { name: 'Ann B' }],
      ['PUT', '/api/me/lang', { lang: 'fr' }],
      ['GET', '/api/me/stats'],
      ['GET', '/api/me/export'],
      ['GET', '/api/me/link-codes'],
      ['POST', '/api/me/link-codes'],
      ['GET', '/api/matches?player=me'],
      ['GET', `/api/daily/attempt?n=${n}`],
      ['POST', '/api/daily/attempt', { n, hard: false }],
      ['GET', '/api/daily/me'],
      ['GET', '/api/daily/reminder'],
      ['PUT', '/api/daily/reminder', { hour: null, utcOffsetMinutes: 0 }],
    ];
    for (const [method, path, body] of requests) {
      const lookUps = countLookUps();
      const reply = await call(server.url, method, path, device, body);
      expect(reply.status, `${method} ${path}`).toBeLessThan(300);
      expect(lookUps(), `${method} ${path}`).toBe(1);
      vi.restoreAllMocks();
    }
  });

  it('looks nothing up for a request that names no device, and refuses one that must with a typed 400', async () => {
    const lookUps = countLookUps();
    expect((await call(server.url, 'GET', '/api/rooms/AAAAAAAAAAAAAAAA', null)).status).toBe(404);
    expect(lookUps()).toBe(0);
    for (const path of ['/api/me', '/api/me/stats', '/api/daily/me']) {
      const reply = await call(server.url, 'GET', path, null);
      expect(reply.status).toBe(400);
      expect(reply.json.error.code).toBe('BAD_REQUEST');
    }
    expect(lookUps()).toBe(0);
  });

  it('makes no player for a device that only reads, and makes it once for one that acts', async () => {
    const device = newDeviceToken();
    expect((await call(server.url, 'GET', '/api/me/stats', device)).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/daily/me', device)).status).toBe(200);
    const { prisma } = server.app.db;
    const players = await prisma.player.count();
    expect((await call(server.url, 'GET', '/api/me', device)).status).toBe(200);
    expect(await prisma.player.count()).toBe(players + 1);
    expect((await call(server.url, 'GET', '/api/me', device)).status).toBe(200);
    expect(await prisma.player.count()).toBe(players + 1);
  });
});
