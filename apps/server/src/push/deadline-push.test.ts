import { describe, expect, it } from 'vitest';
import { newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { browserKeys } from '../test-support/push-endpoint';
import { usePushServer } from '../test-support/push-server';
import { createRoom } from '../test-support/server';

describe('the push before a long turn timer runs out', () => {
  // One second of the timer lasts 1 ms: an hour (the shortest timer that warns) lasts 3.6 s, warned 0.36 s before.
  const server = usePushServer({ secondMs: 1 });

  it('goes once to the hidden seat that owes the move, in its language', async () => {
    const { app, url } = server;
    const device = newDeviceToken();
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
    expect((await server.subscribeAt(device, '/d', keys, { lang: 'de' })).status).toBe(201);
    expect(await maker.send('presence', { visible: false })).toEqual({ ok: true });

    // The codemaker never sets a secret: the server does when the hour is up.
    await maker.waitFor((u) => u.snapshot.last?.type === 'timeout', 30_000);
    await app.push.idle();
    const warnings = server.payloadsAt('/d', keys).filter((p) => p.kind === 'deadline');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ title: '⏱ Deine Zeit läuft ab', url: `/r/${roomId}` });
    maker.close();
  }, 60_000);
});
