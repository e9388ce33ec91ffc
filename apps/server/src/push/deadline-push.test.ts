import { Agent } from 'node:https';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushPayloadSchema } from '@mm/protocol';
import { buildApp, type App } from '../app';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { browserKeys, decryptPush, selfSignedCert, startPushEndpoint } from '../test-support/push-endpoint';
import { createRoom } from '../test-support/server';

const token = (): string => randomBytes(32).toString('base64url');

describe('the push before a long turn timer runs out', () => {
  const tls = selfSignedCert();
  let endpoint: Awaited<ReturnType<typeof startPushEndpoint>>;
  let db: TestDatabase;
  let app: App;
  let url: string;

  beforeAll(async () => {
    endpoint = await startPushEndpoint(tls);
    db = await freshDatabase('postgres');
    // One second of the timer lasts 1 ms: an hour (the shortest timer that warns) lasts 3.6 s, warned 0.36 s before.
    app = await buildApp(
      {
        ...db.config,
        port: 0,
        host: '127.0.0.1',
        logLevel: 'silent',
        secondMs: 1,
        roomCreateBurst: 1000,
        pushAllowedOrigins: endpoint.origin,
        vapidSubject: 'mailto:ops@example.org',
      },
      { pushAgent: new Agent({ ca: tls.cert }) },
    );
    url = await app.listen();
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
    await endpoint?.close();
  });

  it('goes once to the hidden seat that owes the move, in its language', async () => {
    const device = token();
    const roomId = (await createRoom(url, { family: 'duel', turnSeconds: 3600 })).json.id as string;
    const maker = await Player.connect(url, { deviceToken: device });
    await maker.join(roomId);
    expect((await maker.claim(0, 'Maker')).ok).toBe(true);
    // The clock starts once the table is full: the guest sits down and leaves.
    const guest = await Player.connect(url);
    expect((await guest.join(roomId)).ok).toBe(true);
    expect((await guest.claim(1, 'Guest')).ok).toBe(true);
    guest.close();
    const keys = browserKeys();
    const sub = await fetch(`${url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-device-token': device },
      body: JSON.stringify({ endpoint: `${endpoint.origin}/d`, keys: { p256dh: keys.p256dh, auth: keys.auth }, lang: 'de' }),
    });
    expect(sub.status).toBe(201);
    expect(await maker.send('presence', { visible: false })).toEqual({ ok: true });

    // The codemaker never sets a secret: the server does when the hour is up.
    await maker.waitFor((u) => u.snapshot.last?.type === 'timeout', 30_000);
    await app.push.idle();
    const kinds = endpoint.received
      .filter((r) => r.path === '/d')
      .map((r) => pushPayloadSchema.parse(JSON.parse(decryptPush(r.body, keys))));
    const warnings = kinds.filter((p) => p.kind === 'deadline');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ title: '⏱ Deine Zeit läuft ab', url: `/r/${roomId}` });
    maker.close();
  }, 60_000);
});
