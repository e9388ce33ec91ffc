import { DEVICE_TOKEN_HEADER, passkeyBlocker, type MatchListReply, type PasskeyListReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator, type CeremonyOptions } from '../test-support/authenticator';
import { freshDatabase, LOGIC_DATABASES } from '../test-support/databases';
import { newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsText } from '../test-support/scan';
import { hashToken } from '../security/tokens';
import { startServer, useServer } from '../test-support/server';
import { call, type ApiReply as Reply } from '../test-support/api';

const options = async (url: string, path: string, device: string | null): Promise<CeremonyOptions> => {
  const r = await call(url, 'POST', path, device);
  expect(r.status).toBe(200);
  return r.json.options as CeremonyOptions;
};
const listOf = async (url: string, device: string): Promise<PasskeyListReply> =>
  (await call(url, 'GET', '/api/me/passkeys', device)).json as PasskeyListReply;
const matchesOf = async (url: string, device: string): Promise<MatchListReply> =>
  (await call(url, 'GET', '/api/matches?player=me', device)).json as MatchListReply;

/** `device` adds a passkey held by `auth`. */
async function addPasskey(url: string, device: string, auth: SoftAuthenticator): Promise<Reply> {
  const response = auth.register(await options(url, '/api/me/passkeys/options', device));
  return call(url, 'POST', '/api/me/passkeys', device, { response });
}

describe.each(LOGIC_DATABASES)('passkeys on %s', (kind) => {
  const server = useServer(kind, { linkTriesPerMinute: 1000 });
  const origin = (): string => new URL(server.url.replace('127.0.0.1', 'localhost')).origin;

  it('a passkey made on one phone signs a fresh device in: it sees the matches and plays the running seat', async () => {
    const [ann, bob, annLaptop] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    try {
      expect((await call(server.url, 'GET', '/api/passkeys', null)).json).toEqual({
        available: true,
        reason: null,
        rpId: 'localhost',
      });
      const phone = new SoftAuthenticator(origin());
      const registration = await options(server.url, '/api/me/passkeys/options', ann);
      expect(registration).toMatchObject({
        rp: { id: 'localhost' },
        user: { name: 'Ann' },
        attestation: 'none',
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      const added = await call(server.url, 'POST', '/api/me/passkeys', ann, { response: phone.register(registration) });
      expect(added.status).toBe(201);
      expect(added.json).toMatchObject({ label: expect.any(String), lastUsedAt: null });
      expect((await listOf(server.url, ann)).passkeys).toEqual([added.json]);
      const listing = await fetch(`${server.url}/api/me/passkeys`, { headers: { [DEVICE_TOKEN_HEADER]: ann } });
      expect(listing.headers.get('cache-control')).toBe('no-store');
      // Its id is of the listing only: no reply names the credential, a device token or its hash.
      const secrets = [phone.credentials[0]!.id.toString('base64url'), ann, hashToken(ann), annLaptop, hashToken(annLaptop)];
      const leaks = (payload: unknown): string[] => secrets.filter((s) => containsText(payload, s));
      expect(leaks(added.json)).toEqual([]);

      const signIn = await options(server.url, '/api/passkeys/sign-in/options', null);
      expect(signIn).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
      expect(signIn).not.toHaveProperty('allowCredentials.0');
      const reply = await call(server.url, 'POST', '/api/passkeys/sign-in', annLaptop, { response: phone.assert(signIn) });
      expect(reply).toEqual({ status: 200, json: { name: 'Ann', merged: true } });
      expect(leaks(await listOf(server.url, annLaptop))).toEqual([]);

      const list = await matchesOf(server.url, annLaptop);
      expect(list.matches.map((m) => m.roomId)).toEqual([t.roomId]);
      const [listed] = (await listOf(server.url, annLaptop)).passkeys;
      expect(listed!.lastUsedAt).not.toBeNull();
      const laptop = await Player.connect(server.url, { deviceToken: annLaptop });
      expect(await laptop.join(t.roomId)).toMatchObject({ ok: true, seat: 0 });
      expect(await laptop.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: true, seq: 1 });
      await t.players[1]!.waitForSeq(1);
      laptop.close();

      // Signing in again changes nothing: the device is the player's already.
      const again = await call(server.url, 'POST', '/api/passkeys/sign-in', annLaptop, {
        response: phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null)),
      });
      expect(again.json).toEqual({ name: 'Ann', merged: false });
      expect((await matchesOf(server.url, annLaptop)).matches).toHaveLength(1);
    } finally {
      t.close();
    }
  });

  it('refuses a signature counter that does not go up, and changes nothing', async () => {
    const [ann, eve] = [newDeviceToken(), newDeviceToken()];
    const phone = new SoftAuthenticator(origin());
    expect((await addPasskey(server.url, ann, phone)).status).toBe(201);
    const first = phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null), { counter: 7 });
    expect((await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: first })).status).toBe(200);
    for (const counter of [7, 3]) {
      const cloned = phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null), { counter });
      const r = await call(server.url, 'POST', '/api/passkeys/sign-in', eve, { response: cloned });
      expect(r).toMatchObject({ status: 400, json: { error: { code: 'PASSKEY_REFUSED' } } });
    }
    // Eve's device is still a player of its own, with no passkey.
    expect((await call(server.url, 'GET', '/api/me', eve)).json.devices).toHaveLength(1);
    expect((await listOf(server.url, eve)).passkeys).toEqual([]);
    const next = phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null), { counter: 8 });
    expect((await call(server.url, 'POST', '/api/passkeys/sign-in', eve, { response: next })).status).toBe(200);
  });

  it('uses a challenge once, of its own kind, and not after it expired', async () => {
    const ann = newDeviceToken();
    const phone = new SoftAuthenticator(origin());
    expect((await addPasskey(server.url, ann, phone)).status).toBe(201);
    const answer = phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null));
    expect((await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: answer })).status).toBe(200);
    const replayed = await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: answer });
    expect(replayed).toMatchObject({ status: 400, json: { error: { code: 'PASSKEY_CHALLENGE_INVALID' } } });

    // A registration's challenge does not sign anyone in.
    const registration = await options(server.url, '/api/me/passkeys/options', ann);
    const wrongKind = phone.assert({ challenge: registration.challenge, rpId: 'localhost' });
    expect(
      (await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: wrongKind })).json.error.code,
    ).toBe('PASSKEY_CHALLENGE_INVALID');

    const late = await options(server.url, '/api/passkeys/sign-in/options', null);
    await server.app.db.prisma.passkeyChallenge.updateMany({
      where: { challenge: late.challenge },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const expired = await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: phone.assert(late) });
    expect(expired).toMatchObject({ status: 400, json: { error: { code: 'PASSKEY_CHALLENGE_INVALID' } } });
  });

  it('refuses an answer without user verification or from another origin, and a body that is not one', async () => {
    const ann = newDeviceToken();
    const phone = new SoftAuthenticator(origin());
    const noUv = phone.register(await options(server.url, '/api/me/passkeys/options', ann), { userVerified: false });
    expect((await call(server.url, 'POST', '/api/me/passkeys', ann, { response: noUv })).json.error.code).toBe('PASSKEY_REFUSED');
    const phishing = phone.register(await options(server.url, '/api/me/passkeys/options', ann), {
      origin: 'https://evil.example',
    });
    expect((await call(server.url, 'POST', '/api/me/passkeys', ann, { response: phishing })).json.error.code).toBe(
      'PASSKEY_REFUSED',
    );
    expect((await listOf(server.url, ann)).passkeys).toEqual([]);

    expect((await addPasskey(server.url, ann, phone)).status).toBe(201);
    const unverified = phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null), { userVerified: false });
    expect(
      (await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: unverified })).json.error.code,
    ).toBe('PASSKEY_REFUSED');
    const bad = await call(server.url, 'POST', '/api/passkeys/sign-in', newDeviceToken(), { response: { id: 'x' } });
    expect(bad).toMatchObject({ status: 400, json: { error: { code: 'BAD_REQUEST' } } });
    const noDevice = await call(server.url, 'POST', '/api/me/passkeys/options', null);
    expect(noDevice).toMatchObject({ status: 400, json: { error: { code: 'BAD_REQUEST' } } });
  });

  it('refuses a user handle that is not the one the passkey was made for (WebAuthn §7.2 step 6), or none', async () => {
    const [ann, bob, eve] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const [annKey, bobKey] = [new SoftAuthenticator(origin()), new SoftAuthenticator(origin())];
    expect((await addPasskey(server.url, ann, annKey)).status).toBe(201);
    expect((await addPasskey(server.url, bob, bobKey)).status).toBe(201);
    const bobsHandle = bobKey.credentials[0]!.userHandle;
    for (const userHandle of [bobsHandle, undefined]) {
      const answer = annKey.assert(await options(server.url, '/api/passkeys/sign-in/options', null), { userHandle });
      const r = await call(server.url, 'POST', '/api/passkeys/sign-in', eve, { response: answer });
      expect(r, String(userHandle)).toMatchObject({ status: 400, json: { error: { code: 'PASSKEY_REFUSED' } } });
    }
    expect((await call(server.url, 'GET', '/api/me', eve)).json.devices).toHaveLength(1);
    const right = annKey.assert(await options(server.url, '/api/passkeys/sign-in/options', null));
    expect((await call(server.url, 'POST', '/api/passkeys/sign-in', eve, { response: right })).status).toBe(200);
  });

  it('a passkey made on a device goes when that device is removed, unless kept; the list names the device', async () => {
    const [ann, phone, thief] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const code = (await call(server.url, 'POST', '/api/me/link-codes', ann)).json.code as string;
    expect((await call(server.url, 'POST', '/api/link', phone, { code })).status).toBe(200);
    const [annKey, phoneKey] = [new SoftAuthenticator(origin()), new SoftAuthenticator(origin())];
    const annsPasskey = await addPasskey(server.url, ann, annKey);
    const phonesPasskey = await addPasskey(server.url, phone, phoneKey);
    const devices = (await call(server.url, 'GET', '/api/me', ann)).json.devices as { id: string; current: boolean }[];
    const [annId, phoneId] = [devices.find((d) => d.current)!.id, devices.find((d) => !d.current)!.id];
    expect(phonesPasskey.json.device).toBe(phoneId);
    expect((await listOf(server.url, ann)).passkeys.map((p) => [p.id, p.device])).toEqual([
      [phonesPasskey.json.id, phoneId],
      [annsPasskey.json.id, annId],
    ]);

    expect((await call(server.url, 'DELETE', `/api/me/devices/${phoneId}`, ann)).status).toBe(204);
    // The phone's passkey signs nobody back in; Ann's own still does.
    const stale = phoneKey.assert(await options(server.url, '/api/passkeys/sign-in/options', null));
    const r = await call(server.url, 'POST', '/api/passkeys/sign-in', thief, { response: stale });
    expect(r).toMatchObject({ status: 404, json: { error: { code: 'PASSKEY_UNKNOWN' } } });
    expect((await listOf(server.url, ann)).passkeys.map((p) => p.id)).toEqual([annsPasskey.json.id]);

    // Asked to keep it (a synced passkey may be the person's own elsewhere), it stays, naming no device.
    const laptop = newDeviceToken();
    const again = (await call(server.url, 'POST', '/api/me/link-codes', ann)).json.code as string;
    expect((await call(server.url, 'POST', '/api/link', laptop, { code: again })).status).toBe(200);
    const laptopsPasskey = await addPasskey(server.url, laptop, new SoftAuthenticator(origin()));
    const laptopId = ((await call(server.url, 'GET', '/api/me', laptop)).json.devices as { id: string }[])[0]!.id;
    expect((await call(server.url, 'DELETE', `/api/me/devices/${laptopId}`, ann, { keepPasskeys: true })).status).toBe(204);
    const kept = (await listOf(server.url, ann)).passkeys.find((p) => p.id === laptopsPasskey.json.id);
    expect(kept).toMatchObject({ device: null });
    const bad = await call(server.url, 'DELETE', `/api/me/devices/${annId}`, ann, { keepPasskeys: 'yes' });
    expect(bad).toMatchObject({ status: 400, json: { error: { code: 'BAD_REQUEST' } } });
  });

  it('lists and removes only the asking player’s passkeys', async () => {
    const [ann, eve] = [newDeviceToken(), newDeviceToken()];
    const phone = new SoftAuthenticator(origin());
    const added = await addPasskey(server.url, ann, phone);
    expect((await listOf(server.url, eve)).passkeys).toEqual([]);
    const stolen = await call(server.url, 'DELETE', `/api/me/passkeys/${added.json.id}`, eve);
    expect(stolen).toMatchObject({ status: 404, json: { error: { code: 'NO_SUCH_PASSKEY' } } });
    expect((await listOf(server.url, ann)).passkeys).toHaveLength(1);

    expect((await call(server.url, 'DELETE', `/api/me/passkeys/${added.json.id}`, ann)).status).toBe(204);
    expect((await listOf(server.url, ann)).passkeys).toEqual([]);
    const gone = phone.assert(await options(server.url, '/api/passkeys/sign-in/options', null));
    expect((await call(server.url, 'POST', '/api/passkeys/sign-in', eve, { response: gone })).json.error.code).toBe(
      'PASSKEY_UNKNOWN',
    );
  });

  it('keeps a joining device’s passkeys: they follow its player into the one it joins', async () => {
    const [ann, ben] = [newDeviceToken(), newDeviceToken()];
    const [annKey, benKey] = [new SoftAuthenticator(origin()), new SoftAuthenticator(origin())];
    await addPasskey(server.url, ann, annKey);
    await addPasskey(server.url, ben, benKey);
    const r = await call(server.url, 'POST', '/api/passkeys/sign-in', ben, {
      response: annKey.assert(await options(server.url, '/api/passkeys/sign-in/options', null)),
    });
    expect(r.json).toEqual({ name: '', merged: true });
    expect((await listOf(server.url, ann)).passkeys).toHaveLength(2);
    // Ben's own passkey now signs in as the joined player too.
    const fresh = newDeviceToken();
    await call(server.url, 'POST', '/api/passkeys/sign-in', fresh, {
      response: benKey.assert(await options(server.url, '/api/passkeys/sign-in/options', null)),
    });
    expect((await call(server.url, 'GET', '/api/me', fresh)).json.devices).toHaveLength(3);
  });
});

describe('where passkeys cannot work', () => {
  it('an IP address or plain http other than localhost turns them off', () => {
    expect(passkeyBlocker('http://localhost:3000')).toBeNull();
    expect(passkeyBlocker('http://play.localhost')).toBeNull();
    expect(passkeyBlocker('https://play.example.org')).toBeNull();
    expect(passkeyBlocker('http://play.example.org')).toBe('insecure');
    expect(passkeyBlocker('http://127.0.0.1:3000')).toBe('ip-address');
    expect(passkeyBlocker('https://192.168.1.20')).toBe('ip-address');
    expect(passkeyBlocker('https://[::1]:8443')).toBe('ip-address');
    expect(passkeyBlocker('http://0x7f.1')).toBe('ip-address');
  });

  it('the server says so, and every ceremony answers PASSKEYS_UNAVAILABLE', async () => {
    const db = await freshDatabase('postgres');
    const { app, url } = await startServer(db, { publicUrl: 'http://192.168.1.20:3000' });
    try {
      expect((await call(url, 'GET', '/api/passkeys', null)).json).toEqual({
        available: false,
        reason: 'ip-address',
        rpId: null,
      });
      for (const path of [
        '/api/passkeys/sign-in/options',
        '/api/me/passkeys/options',
        '/api/me/passkeys',
        '/api/passkeys/sign-in',
      ]) {
        const r = await call(url, 'POST', path, newDeviceToken(), {});
        expect(r, path).toMatchObject({ status: 409, json: { error: { code: 'PASSKEYS_UNAVAILABLE' } } });
      }
      expect((await call(url, 'GET', '/api/me/passkeys', newDeviceToken())).json).toEqual({ passkeys: [] });
    } finally {
      await app.close();
      await db.drop();
    }
  });
});
