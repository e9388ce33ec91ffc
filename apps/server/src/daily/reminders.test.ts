import { Agent } from 'node:https';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema, type DailyAttempt } from '@mm/protocol';
import type { App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { call } from '../test-support/api';
import { newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { browserKeys, decryptPush, selfSignedCert, startPushEndpoint } from '../test-support/push-endpoint';
import { startServer } from '../test-support/server';
import { dailyCode } from './derive';

const SECRET = 'daily-reminder-test-secret-0123456789';

describe('the daily reminder', () => {
  const tls = selfSignedCert();
  let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
  let db: TestDatabase;
  let app: App;
  let url: string;
  // 2026-11-26 17:10 UTC: 18:10 in UTC+1 (puzzle 26 there), 03:10 on the 27th in UTC+10 (puzzle 27).
  let now = new Date('2026-11-26T17:10:00Z');

  beforeAll(async () => {
    endpoint = await startPushEndpoint(tls);
    db = await freshDatabase('postgres');
    ({ app, url } = await startServer(
      db,
      { dailySecret: SECRET, pushAllowedOrigins: endpoint.origin, vapidSubject: 'mailto:ops@example.org' },
      { now: () => now, pushAgent: new Agent({ ca: tls.cert }) },
    ));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await endpoint?.close();
  });

  /** A device with a push subscription of its own (path `/<name>` on the test's push service), and its reminders received. */
  async function subscribed(name: string, lang: 'en' | 'fr' | 'de') {
    const device = newDeviceToken();
    const keys = browserKeys();
    const sub = await call(url, 'POST', '/api/push/subscriptions', device, {
      endpoint: `${endpoint.origin}/${name}`,
      keys: { p256dh: keys.p256dh, auth: keys.auth },
      lang,
    });
    expect(sub.status).toBe(201);
    const received = () =>
      endpoint.received
        .filter((r) => r.path === `/${name}`)
        .map((r) => pushPayloadSchema.parse(JSON.parse(decryptPush(r.body, keys))))
        // the room's own pushes (a turn owed while no page shows it) are not the reminder's
        .filter((push) => push.kind === 'daily');
    return { device, received };
  }

  it('is off until chosen, and refuses an hour or offset out of range', async () => {
    const device = newDeviceToken();
    expect((await call(url, 'GET', '/api/daily/reminder', device)).json).toEqual({ hour: null, utcOffsetMinutes: 0 });
    for (const body of [{ hour: 24, utcOffsetMinutes: 0 }, { hour: 8, utcOffsetMinutes: 15 * 60 }, { hour: 8 }])
      expect((await call(url, 'PUT', '/api/daily/reminder', device, body)).status).toBe(400);
    expect((await call(url, 'PUT', '/api/daily/reminder', device, { hour: 8, utcOffsetMinutes: 120 })).json).toEqual({
      hour: 8,
      utcOffsetMinutes: 120,
    });
    expect((await call(url, 'GET', '/api/daily/reminder', device)).json).toEqual({ hour: 8, utcOffsetMinutes: 120 });
    expect((await call(url, 'PUT', '/api/daily/reminder', device, { hour: null, utcOffsetMinutes: 120 })).json).toMatchObject({
      hour: null,
    });
  });

  it('pushes once a day at the chosen local hour, and not once the day’s attempt has ended', async () => {
    now = new Date('2026-11-26T17:10:00Z');
    const ann = await subscribed('ann', 'fr'); // UTC+1, 18 h: due now, puzzle 26
    const ben = await subscribed('ben', 'en'); // UTC+10, 3 h: due now, puzzle 27, already won
    const cy = await subscribed('cy', 'de'); // UTC+1, 19 h: not yet
    await call(url, 'PUT', '/api/daily/reminder', ann.device, { hour: 18, utcOffsetMinutes: 60 });
    await call(url, 'PUT', '/api/daily/reminder', ben.device, { hour: 3, utcOffsetMinutes: 600 });
    await call(url, 'PUT', '/api/daily/reminder', cy.device, { hour: 19, utcOffsetMinutes: 60 });
    const attempt = (await call(url, 'POST', '/api/daily/attempt', ben.device, { n: 27, hard: false })).json as DailyAttempt;
    const p = await Player.connect(url, { deviceToken: ben.device });
    await p.join(attempt.roomId, attempt.seatToken);
    expect(await p.act({ type: 'guess', code: dailyCode(SECRET, 27) })).toMatchObject({ ok: true });
    p.close();

    await app.reminders.tick();
    now = new Date('2026-11-26T17:40:00Z');
    await app.reminders.tick();
    expect(ann.received()).toEqual([
      {
        kind: 'daily',
        title: 'Code du jour n° 26',
        body: 'Le code du jour vous attend : dix essais pour le casser.',
        url: '/daily',
        tag: 'daily-26',
      },
    ]);
    expect(ben.received()).toEqual([]);
    expect(cy.received()).toEqual([]);
    now = new Date('2026-11-26T18:05:00Z');
    await app.reminders.tick();
    expect(cy.received().map((r) => r.title)).toEqual(['Code des Tages Nr. 26']);
    // The next day, at the hour again: puzzle 27's reminder.
    now = new Date('2026-11-27T17:05:00Z');
    await app.reminders.tick();
    expect(ann.received().map((r) => r.tag)).toEqual(['daily-26', 'daily-27']);
  });
});
