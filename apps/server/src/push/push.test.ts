import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { freshDatabase } from '../test-support/databases';
import { newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { browserKeys, verifyVapid } from '../test-support/push-endpoint';
import { PUSH_SUBJECT, readPush, usePushServer } from '../test-support/push-server';
import { createRoom } from '../test-support/server';
import { generateVapidKeys } from './sender';

describe('Web Push', () => {
  const server = usePushServer({ pushSubscribeLimit: 1000 });

  it('GET /api/push/key gives the VAPID public key, made once and kept in the database', async () => {
    const { app, url } = server;
    const { publicKey } = (await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string };
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const row = await app.db.prisma.pushKey.findUniqueOrThrow({ where: { id: 'vapid' } });
    expect(row.publicKey).toBe(publicKey);
  });

  it('refuses endpoints that are not https on a known push service (no request forgery)', async () => {
    const { app, url } = server;
    const keys = browserKeys();
    const device = newDeviceToken();
    const refused = [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1:1/push',
      'https://localhost/push',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'file:///etc/passwd',
      'https://2130706433%2enotify%2ewindows%2ecom/x',
      'https://localhost%2e.push.apple.com/x',
      'https:fcm.googleapis.com/y',
      'https://2130706433.notify.windows.com/x',
    ];
    for (const e of refused) {
      const res = await server.subscribe(device, { endpoint: e, keys: { p256dh: keys.p256dh, auth: keys.auth } });
      expect(res.status, e).toBe(400);
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('BAD_REQUEST');
      expect(body.error.message.length).toBeGreaterThan(10);
    }
    // a bad body, or no device token: a clear 400 too
    expect(
      (
        await server.subscribe(device, {
          endpoint: 'https://fcm.googleapis.com/fcm/send/x',
          keys: { p256dh: 'short', auth: keys.auth },
        })
      ).status,
    ).toBe(400);
    const noToken = await fetch(`${url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: keys.p256dh, auth: keys.auth } }),
    });
    expect(noToken.status).toBe(400);
    expect(await app.db.prisma.pushSubscription.count()).toBe(0);
    // the browsers' own services pass
    for (const e of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
    ]) {
      expect(
        (await server.subscribe(device, { endpoint: e, keys: { p256dh: keys.p256dh, auth: keys.auth }, expirationTime: null }))
          .status,
        e,
      ).toBe(201);
    }
  });

  it('keeps a handful of subscriptions per device, and DELETE forgets one', async () => {
    const { app, url, endpoint } = server;
    const keys = browserKeys();
    const device = newDeviceToken();
    for (let i = 0; i < 7; i++) {
      expect((await server.subscribeAt(device, `/many/${i}`, keys)).status).toBe(201);
    }
    const rows = await app.db.prisma.pushSubscription.findMany({
      where: { endpoint: { startsWith: `${endpoint.origin}/many/` } },
    });
    expect(rows).toHaveLength(5);
    const kept = rows[0]!.endpoint;
    const del = await fetch(`${url}/api/push/subscriptions`, {
      method: 'DELETE',
      headers: { 'content-type': 'application/json', 'x-device-token': device },
      body: JSON.stringify({ endpoint: kept }),
    });
    expect(del.status).toBe(204);
    expect(await app.db.prisma.pushSubscription.findUnique({ where: { endpoint: kept } })).toBeNull();
  });

  it('pushes "your turn" once to a hidden seat, encrypted and VAPID-signed, in its language; a 410 deletes the subscription', async () => {
    const { app, url, endpoint } = server;
    const makerDevice = newDeviceToken();
    const breakerDevice = newDeviceToken();
    const roomId = (await createRoom(url, { family: 'duel', options: {} })).json.id as string;
    const maker = await Player.connect(url, { deviceToken: makerDevice });
    const breaker = await Player.connect(url, { deviceToken: breakerDevice });
    await maker.join(roomId);
    await breaker.join(roomId);
    expect((await maker.claim(0, 'Maker')).ok).toBe(true);
    expect((await breaker.claim(1, 'Breaker')).ok).toBe(true);

    const keys = browserKeys();
    expect((await server.subscribeAt(breakerDevice, '/b', keys, { lang: 'fr' })).status).toBe(201);
    expect((await server.subscribeAt(breakerDevice, '/b/gone', keys, { lang: 'fr' })).status).toBe(201);
    // The breaker's page goes to the background (phone locked): its seat has no visible page now.
    expect(await breaker.send('presence', { visible: false })).toEqual({ ok: true });
    await app.push.idle();
    expect(endpoint.received.filter((r) => r.path.startsWith('/b'))).toHaveLength(0); // nothing owed yet

    const t0 = performance.now();
    expect((await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    const [push] = await endpoint.waitFor('/b', 1);
    console.log(`push delay (turn committed → push received at the endpoint): ${(push!.at - t0).toFixed(1)} ms`);

    expect(push!.headers['content-encoding']).toBe('aes128gcm');
    expect(push!.headers['urgency']).toBe('high');
    const { key, claims } = verifyVapid(push!.headers['authorization'] as string);
    const { publicKey } = (await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string };
    expect(key).toBe(publicKey);
    expect(claims.aud).toBe(endpoint.origin);
    expect(claims.sub).toBe(PUSH_SUBJECT);
    expect(claims.exp * 1000).toBeGreaterThan(Date.now());
    const payload = readPush(push!, keys);
    expect(payload).toMatchObject({ kind: 'turn', url: `/r/${roomId}`, tag: `room-${roomId}` });
    expect(payload.title).toBe('● À vous de jouer');
    // No secret, token or other seat's data in it: only the room's public link and a fixed text.
    expect(JSON.stringify(payload)).not.toContain('0,1,2,3');

    // The push service said 410 for the other endpoint: that subscription is gone.
    await endpoint.waitFor('/b/gone', 1);
    await app.push.idle();
    expect(await app.db.prisma.pushSubscription.findUnique({ where: { endpoint: `${endpoint.origin}/b/gone` } })).toBeNull();
    expect(await app.db.prisma.pushSubscription.findUnique({ where: { endpoint: `${endpoint.origin}/b` } })).not.toBeNull();

    // One push per turn: the page coming back and leaving again, or the maker's page going, sends nothing more.
    await breaker.send('presence', { visible: true });
    await breaker.send('presence', { visible: false });
    await maker.send('presence', { visible: false });
    await app.push.idle();
    expect(endpoint.received.filter((r) => r.path === '/b')).toHaveLength(1);

    // A visible maker gets nothing; the hidden breaker learns that the match it plays has ended.
    await maker.send('presence', { visible: true });
    expect((await breaker.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    expect((await breaker.act({ type: 'setSecret', code: [3, 2, 1, 0] })).ok).toBe(true);
    expect((await maker.act({ type: 'guess', code: [3, 2, 1, 0] })).ok).toBe(true);
    const all = await endpoint.waitFor('/b', 2);
    await app.push.idle();
    expect(endpoint.received.filter((r) => r.path === '/b')).toHaveLength(2);
    expect(readPush(all[1]!, keys).kind).toBe('finished');

    // The maker wants a rematch: the breaker, still away, is asked for its vote, once.
    expect(await maker.send('match:rematch', { accept: true })).toMatchObject({ ok: true, started: false });
    const three = await endpoint.waitFor('/b', 3);
    expect(readPush(three[2]!, keys)).toMatchObject({
      kind: 'rematch',
      title: 'Revanche ?',
    });
    await maker.send('match:rematch', { accept: false });
    await maker.send('match:rematch', { accept: true });
    await app.push.idle();
    expect(endpoint.received.filter((r) => r.path === '/b')).toHaveLength(3);
    maker.close();
    breaker.close();
  });

  it('pushes a turn to every device of the player that is not showing the room, once each', async () => {
    const { app, url, endpoint } = server;
    const makerDevice = newDeviceToken();
    const [phone, tablet, laptop] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const roomId = (await createRoom(url, { family: 'duel', options: {} })).json.id as string;
    const maker = await Player.connect(url, { deviceToken: makerDevice });
    const onPhone = await Player.connect(url, { deviceToken: phone });
    await maker.join(roomId);
    await onPhone.join(roomId);
    expect((await maker.claim(0, 'Maker')).ok).toBe(true);
    expect((await onPhone.claim(1, 'Breaker')).ok).toBe(true);
    // The tablet and the laptop join the breaker's player.
    for (const device of [tablet, laptop]) {
      const code = (
        (await (await fetch(`${url}/api/me/link-codes`, { method: 'POST', headers: { 'x-device-token': phone } })).json()) as {
          code: string;
        }
      ).code;
      const linked = await fetch(`${url}/api/link`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-device-token': device },
        body: JSON.stringify({ code }),
      });
      expect(linked.status).toBe(200);
    }
    const keys = browserKeys();
    for (const [device, path] of [
      [phone, '/player/phone'],
      [tablet, '/player/tablet'],
      [laptop, '/player/laptop'],
    ] as const) {
      expect((await server.subscribeAt(device, path, keys)).status).toBe(201);
    }
    // The phone shows the room; the tablet holds the seat too, in a hidden page; the laptop has no page.
    const onTablet = await Player.connect(url, { deviceToken: tablet });
    expect(await onTablet.join(roomId)).toMatchObject({ ok: true, seat: 1 });
    expect(await onTablet.send('presence', { visible: false })).toEqual({ ok: true });

    expect((await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    await endpoint.waitFor('/player/tablet', 1);
    await endpoint.waitFor('/player/laptop', 1);
    await app.push.idle();
    const got = endpoint.received
      .filter((r) => r.path.startsWith('/player/'))
      .map((r) => r.path)
      .sort();
    expect(got).toEqual(['/player/laptop', '/player/tablet']);
    maker.close();
    onPhone.close();
    onTablet.close();
  });

  it('pushes when the seat has no socket at all, and never for a seat whose page is visible', async () => {
    const { app, url, endpoint } = server;
    const makerDevice = newDeviceToken();
    const breakerDevice = newDeviceToken();
    const roomId = (await createRoom(url, { family: 'duel', options: {} })).json.id as string;
    const maker = await Player.connect(url, { deviceToken: makerDevice });
    const breaker = await Player.connect(url, { deviceToken: breakerDevice });
    await maker.join(roomId);
    await breaker.join(roomId);
    await maker.claim(0, 'Maker');
    await breaker.claim(1, 'Breaker');
    const keys = browserKeys();
    expect((await server.subscribeAt(makerDevice, '/m2', keys)).status).toBe(201);
    expect((await server.subscribeAt(breakerDevice, '/b2', keys, { lang: 'de' })).status).toBe(201);
    // the maker's turn (the secret) while its page is open and visible: no push
    await app.push.idle();
    // the breaker closes its page; the maker sets the secret: the breaker's turn, nobody there
    breaker.close();
    await maker.waitFor((u) => u.room.seats[1]?.connected === false);
    expect((await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    const [push] = await endpoint.waitFor('/b2', 1);
    expect(readPush(push!, keys)).toMatchObject({
      kind: 'turn',
      title: '● Du bist dran',
    });
    await app.push.idle();
    expect(endpoint.received.filter((r) => r.path === '/m2')).toHaveLength(0);
    maker.close();
  });
});

describe('the VAPID key of a deployment', () => {
  it('is made once: two processes starting together on one PostgreSQL sign with the same key', async () => {
    const db = await freshDatabase('postgres');
    try {
      const start = () => buildApp({ ...db.config, port: 0, host: '127.0.0.1', logLevel: 'silent' });
      const apps = await Promise.all([start(), start()]);
      const keys = await Promise.all(
        apps.map(async (a) => {
          const url = await a.listen();
          return ((await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string }).publicKey;
        }),
      );
      expect(keys[0]).toBe(keys[1]);
      expect(await apps[0]!.db.prisma.pushKey.count()).toBe(1);
      await Promise.all(apps.map((a) => a.close()));
      // and after a restart, the same key again (subscriptions made with it stay valid)
      const again = await start();
      const url = await again.listen();
      expect(((await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string }).publicKey).toBe(keys[0]);
      await again.close();
    } finally {
      await db.drop();
    }
  });

  it('comes from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY when they are set, and nothing is stored', async () => {
    const db = await freshDatabase('postgres');
    try {
      const pair = generateVapidKeys();
      const a = await buildApp({
        ...db.config,
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
        vapidPublicKey: pair.publicKey,
        vapidPrivateKey: pair.privateKey,
      });
      const url = await a.listen();
      expect(((await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string }).publicKey).toBe(pair.publicKey);
      expect(await a.db.prisma.pushKey.count()).toBe(0);
      await a.close();
    } finally {
      await db.drop();
    }
  });
});
