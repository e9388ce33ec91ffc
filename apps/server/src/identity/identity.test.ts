import { DEVICE_PROBATION_MS, DEVICE_TOKEN_HEADER, type DeviceInfo, type LinkCodeListReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../security/tokens';
import { LINK_PREFIX_ALARM } from './store';
import { LOGIC_DATABASES } from '../test-support/databases';
import { call, matches, me } from '../test-support/api';
import { newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServer } from '../test-support/server';
import { until } from '../test-support/until';

const newCode = async (url: string, device: string): Promise<string> => {
  const r = await call(url, 'POST', '/api/me/link-codes', device);
  expect(r.status).toBe(201);
  return r.json.code as string;
};
/** Another code with the same first two characters (a guess aimed at `code`). */
const wrongCodeLike = (code: string, i: number): string => `${code.slice(0, 2)}${'ABCDEF'[i % 6]!.repeat(5)}${i % 10}`;

describe.each(LOGIC_DATABASES)('one player, every device, on %s', (kind) => {
  const server = useServer(kind, { linkTriesPerMinute: 1000 });

  it('a linked device sees the player’s history and plays their running seat; the other seat sees the move', async () => {
    const [ann, bob, annPhone] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    try {
      const code = await newCode(server.url, ann);
      expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{8}$/);
      // Typed sloppily: lower case, a dash, an O for a zero.
      const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4)}`.replace(/0/g, 'o');
      expect(await call(server.url, 'POST', '/api/link/preview', null, { code: typed })).toEqual({
        status: 200,
        json: { name: 'Ann' },
      });
      expect(await call(server.url, 'POST', '/api/link', annPhone, { code: typed })).toEqual({
        status: 200,
        json: { name: 'Ann', merged: true },
      });
      // Single use.
      expect((await call(server.url, 'POST', '/api/link', newDeviceToken(), { code })).json.error.code).toBe('LINK_CODE_INVALID');

      const list = await matches(server.url, annPhone);
      expect(list.matches).toHaveLength(1);
      expect(list.matches[0]!.roomId).toBe(t.roomId);
      expect(list.matches[0]!.players).toEqual([
        { seat: 0, name: 'Ann', you: true, person: true },
        { seat: 1, name: 'Bob', you: false, person: true },
      ]);
      expect((await me(server.url, annPhone)).devices.map((d) => d.current)).toEqual([true, false]);

      // The phone holds Ann's seat without her seat token, beside her first tab.
      const phone = await Player.connect(server.url, { deviceToken: annPhone });
      const joined = await phone.join(t.roomId);
      expect(joined).toMatchObject({ ok: true, seat: 0 });
      const reply = await phone.act({ type: 'setSecret', code: [0, 1, 2, 3] });
      expect(reply).toMatchObject({ ok: true, seq: 1 });
      await t.players[1]!.waitForSeq(1);
      await t.players[0]!.waitForSeq(1);
      phone.close();
    } finally {
      t.close();
    }
  });

  it('merges the joining device’s own matches and seats into the player; two seats at one table stay two', async () => {
    const [ann, ben, cy] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    // Ann and Ben (not yet one person) sat at the same table; Ben also plays Cy elsewhere.
    const both = await seatRoom(server.url, { family: 'duel' }, [ann, ben], { names: ['Ann', 'Ben'] });
    const bens = await seatRoom(server.url, { family: 'duel' }, [ben, cy], { names: ['Ben', 'Cy'] });
    try {
      const code = await newCode(server.url, ann);
      expect((await call(server.url, 'POST', '/api/link', ben, { code })).json).toEqual({ name: 'Ann', merged: true });
      const list = await matches(server.url, ann);
      expect(list.matches.map((m) => m.roomId).sort()).toEqual([both.roomId, bens.roomId].sort());
      const shared = list.matches.find((m) => m.roomId === both.roomId)!;
      expect(shared.players.map((p) => p.you)).toEqual([true, true]);
      // Ben's device and Ann's see one list.
      expect((await matches(server.url, ben)).matches.map((m) => m.id).sort()).toEqual(list.matches.map((m) => m.id).sort());
      // Each seat token still names its own seat; Ann's device now holds Ben's seat against Cy.
      const annTab = await Player.connect(server.url, { deviceToken: ann });
      expect(await annTab.join(both.roomId, both.players[1]!.seatToken)).toMatchObject({ ok: true, seat: 1 });
      expect(await annTab.join(both.roomId, both.players[0]!.seatToken)).toMatchObject({ ok: true, seat: 0 });
      expect(await annTab.join(bens.roomId)).toMatchObject({ ok: true, seat: 0 });
      expect(both.players[0]!.seatToken).not.toBe(both.players[1]!.seatToken);
      annTab.close();
      // Idempotent: linking again with a new code changes nothing.
      const again = await newCode(server.url, ann);
      expect((await call(server.url, 'POST', '/api/link', ben, { code: again })).json).toEqual({ name: 'Ann', merged: false });
      expect((await matches(server.url, ann)).matches).toHaveLength(2);
    } finally {
      both.close();
      bens.close();
    }
  });

  it('never lets a seat token act for another player', async () => {
    const [ann, bob, eve] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, [ann, bob]);
    try {
      const thief = await Player.connect(server.url, { deviceToken: eve });
      expect(await thief.join(t.roomId, t.players[0]!.seatToken)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
      expect(await thief.join(t.roomId)).toMatchObject({ ok: true, seat: null });
      thief.close();
    } finally {
      t.close();
    }
  });

  it('wrong tries aimed at a code never kill it: they count against the address trying only', async () => {
    const ann = newDeviceToken();
    const code = await newCode(server.url, ann);
    for (let i = 0; i < 8; i++) {
      const wrong = wrongCodeLike(code, i);
      if (wrong === code) continue;
      const r = await call(server.url, 'POST', '/api/link/preview', null, { code: wrong });
      expect(r).toMatchObject({ status: 404, json: { error: { code: 'LINK_CODE_INVALID' } } });
    }
    const r = await call(server.url, 'POST', '/api/link', newDeviceToken(), { code });
    expect(r).toMatchObject({ status: 200, json: { name: '', merged: true } });
  });

  it('refuses malformed codes and calls without a device', async () => {
    expect((await call(server.url, 'POST', '/api/link/preview', null, { code: 'nope' })).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/link', null, { code: 'ABCDEFGH' })).status).toBe(400);
    expect((await call(server.url, 'GET', '/api/me', null)).status).toBe(400);
    expect((await call(server.url, 'PUT', '/api/me/name', newDeviceToken(), { name: '' })).status).toBe(400);
  });

  it('exports the player, their devices and their matches from every device', async () => {
    const [ann, phone, bob] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    try {
      await call(server.url, 'POST', '/api/link', phone, { code: await newCode(server.url, ann) });
      const r = await call(server.url, 'GET', '/api/me/export', phone);
      expect(r.status).toBe(200);
      expect(r.json.player.name).toBe('Ann');
      expect(r.json.devices).toHaveLength(2);
      expect(r.json.matches).toHaveLength(1);
      expect(r.json.matches[0]).toMatchObject({ roomId: t.roomId, finished: false });
      // Nothing of a seat's own: no token, no device of anyone.
      const text = JSON.stringify(r.json);
      for (const secret of [t.players[0]!.seatToken!, t.players[1]!.seatToken!, ann, phone, bob])
        expect(text).not.toContain(secret);
    } finally {
      t.close();
    }
  });

  it('keeps one name across devices', async () => {
    const [ann, phone] = [newDeviceToken(), newDeviceToken()];
    const code = await newCode(server.url, ann);
    await call(server.url, 'POST', '/api/link', phone, { code });
    expect((await call(server.url, 'PUT', '/api/me/name', phone, { name: 'Ann B.' })).json.name).toBe('Ann B.');
    expect((await me(server.url, ann)).name).toBe('Ann B.');
  });

  it('removes a device at once: its socket hears why, its seat tokens no longer act, it starts afresh', async () => {
    const [ann, bob, annPhone] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    try {
      await call(server.url, 'POST', '/api/link', annPhone, { code: await newCode(server.url, ann) });
      const phone = await Player.connect(server.url, { deviceToken: annPhone });
      expect(await phone.join(t.roomId, t.players[0]!.seatToken)).toMatchObject({ ok: true, seat: 0 });
      const listed = await me(server.url, ann);
      const phoneId = listed.devices.find((d) => !d.current)!.id;
      // Someone else's device id (or a made-up one) is not found.
      expect((await call(server.url, 'DELETE', `/api/me/devices/${phoneId}`, bob)).status).toBe(404);
      expect((await call(server.url, 'DELETE', `/api/me/devices/${phoneId}`, ann)).status).toBe(204);
      await until('the removed device to hear it', async () =>
        phone.received.some((r) => r.event === 'server:error' && (r.payload as { code: string }).code === 'DEVICE_REMOVED'),
      );
      await until('the removed device to be disconnected', async () => !phone.socket.connected);
      phone.close();

      const again = await Player.connect(server.url, { deviceToken: annPhone });
      expect(await again.join(t.roomId, t.players[0]!.seatToken)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
      expect(await again.join(t.roomId)).toMatchObject({ ok: true, seat: null });
      again.close();
      expect((await me(server.url, annPhone)).devices).toHaveLength(1);
      expect((await me(server.url, annPhone)).name).toBe('');
      expect((await matches(server.url, annPhone)).matches).toEqual([]);
      expect((await me(server.url, ann)).devices).toHaveLength(1);
    } finally {
      t.close();
    }
  });
  /** Ann's first device and a phone linked to her just now; the phone's id in Ann's listing. */
  const annAndPhone = async (): Promise<{ ann: string; phone: string; phoneId: string; annId: string }> => {
    const [ann, phone] = [newDeviceToken(), newDeviceToken()];
    await call(server.url, 'PUT', '/api/me/name', ann, { name: 'Ann' });
    // Ann's device joined her a day and a minute ago; the phone joins now.
    await server.app.db.prisma.device.update({
      where: { id: hashToken(ann) },
      data: { joinedAt: new Date(Date.now() - DEVICE_PROBATION_MS - 60_000) },
    });
    expect((await call(server.url, 'POST', '/api/link', phone, { code: await newCode(server.url, ann) })).status).toBe(200);
    const listed = (await me(server.url, ann)).devices;
    return { ann, phone, phoneId: listed.find((d) => !d.current)!.id, annId: listed.find((d) => d.current)!.id };
  };

  it('removing a device kills the link codes it made, and the device is told who removed it', async () => {
    const { ann, phone, phoneId } = await annAndPhone();
    const phoneCode = await newCode(server.url, phone);
    const annCode = await newCode(server.url, ann);
    expect(
      (
        await call(server.url, 'PUT', `/api/me/devices/${(await me(server.url, ann)).devices[0]!.id}/name`, ann, {
          name: 'Ann’s laptop',
        })
      ).json.devices[0],
    ).toMatchObject({ name: 'Ann’s laptop', current: true });
    expect((await call(server.url, 'DELETE', `/api/me/devices/${phoneId}`, ann)).status).toBe(204);
    // Redeeming the removed phone's code does not bring its holder back; Ann's own code still works.
    const back = await call(server.url, 'POST', '/api/link', phone, { code: phoneCode });
    expect(back).toMatchObject({ status: 404, json: { error: { code: 'LINK_CODE_INVALID' } } });
    expect((await me(server.url, ann)).devices).toHaveLength(1);
    const removed = await me(server.url, phone);
    expect(removed.removed).toEqual({ at: expect.any(String), by: 'Ann’s laptop' });
    expect(removed.name).toBe('');
    // Joining a player again ends the notice.
    expect((await call(server.url, 'POST', '/api/link', phone, { code: annCode })).status).toBe(200);
    expect((await me(server.url, phone)).removed).toBeNull();
  });

  it('a device linked less than a day ago cannot remove an older one; the older one can remove it', async () => {
    // A device with none older than it is held back from nothing, new as it is.
    expect((await me(server.url, newDeviceToken())).newUntil).toBeNull();
    const { ann, phone, phoneId, annId } = await annAndPhone();
    const asPhone = await me(server.url, phone);
    expect(asPhone.newUntil).not.toBeNull();
    expect(asPhone.devices.find((d) => d.id === annId)).toMatchObject({ current: false, mayRemove: false });
    const r = await call(server.url, 'DELETE', `/api/me/devices/${annId}`, phone);
    expect(r).toMatchObject({ status: 403, json: { error: { code: 'DEVICE_TOO_NEW' } } });
    expect((await me(server.url, ann)).devices).toHaveLength(2);
    const asAnn = await me(server.url, ann);
    expect(asAnn.newUntil).toBeNull();
    expect(asAnn.devices.find((d) => d.id === phoneId)).toMatchObject({ mayRemove: true });
    // A day on, the phone is no longer new.
    await server.app.db.prisma.device.update({
      where: { id: hashToken(phone) },
      data: { joinedAt: new Date(Date.now() - DEVICE_PROBATION_MS - 1000) },
    });
    expect((await call(server.url, 'DELETE', `/api/me/devices/${annId}`, phone)).status).toBe(204);
    expect((await me(server.url, ann)).removed).toMatchObject({ by: expect.stringMatching(/./) });
  });

  it('lists the pending link codes with the device that made each, and cancels one', async () => {
    const { ann, phone, phoneId, annId } = await annAndPhone();
    const annCode = await call(server.url, 'POST', '/api/me/link-codes', ann);
    const phoneCode = await call(server.url, 'POST', '/api/me/link-codes', phone);
    const res = await fetch(`${server.url}/api/me/link-codes`, { headers: { [DEVICE_TOKEN_HEADER]: ann } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { codes } = (await res.json()) as LinkCodeListReply;
    expect(codes.map((c) => [c.id, c.device])).toEqual([
      [phoneCode.json.id, phoneId],
      [annCode.json.id, annId],
    ]);
    // Nothing of the codes themselves.
    expect(JSON.stringify(codes)).not.toContain(annCode.json.code);
    expect((await call(server.url, 'DELETE', `/api/me/link-codes/${phoneCode.json.id}`, newDeviceToken())).status).toBe(404);
    expect((await call(server.url, 'DELETE', `/api/me/link-codes/${phoneCode.json.id}`, ann)).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/me/link-codes', phone)).json.codes).toHaveLength(1);
    const dead = await call(server.url, 'POST', '/api/link', newDeviceToken(), { code: phoneCode.json.code });
    expect(dead).toMatchObject({ status: 404, json: { error: { code: 'LINK_CODE_INVALID' } } });
  });

  it('renames only the player’s own devices, with a valid name', async () => {
    const { ann, phoneId } = await annAndPhone();
    const renamed = await call(server.url, 'PUT', `/api/me/devices/${phoneId}/name`, ann, { name: 'Blue phone' });
    expect(renamed.json.devices.find((d: DeviceInfo) => d.id === phoneId)).toMatchObject({ name: 'Blue phone' });
    expect((await call(server.url, 'PUT', `/api/me/devices/${phoneId}/name`, newDeviceToken(), { name: 'Mine' })).status).toBe(
      404,
    );
    expect((await call(server.url, 'PUT', `/api/me/devices/${phoneId}/name`, ann, { name: '' })).status).toBe(400);
    const reset = await call(server.url, 'PUT', `/api/me/devices/${phoneId}/name`, ann, { name: null });
    expect(reset.json.devices.find((d: DeviceInfo) => d.id === phoneId)).toMatchObject({ name: null });
  });
});

describe('link codes that expire and tries that are limited', () => {
  const expiring = useServer('postgres', { linkCodeTtlMs: 0, linkTriesPerMinute: 3 });

  it('refuses an expired code with a clear message', async () => {
    const code = await newCode(expiring.url, newDeviceToken());
    const r = await call(expiring.url, 'POST', '/api/link', newDeviceToken(), { code });
    expect(r.status).toBe(410);
    expect(r.json.error).toEqual({
      code: 'LINK_CODE_EXPIRED',
      message: 'This code has expired (codes last ten minutes): make a new one on your other device.',
    });
  });

  it('limits the tries of one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push((await call(expiring.url, 'POST', '/api/link/preview', null, { code: `ZZ${i}AAAAA` })).status);
    expect(codes).toContain(429);
  });
});

describe('wrong link codes, counted per address', () => {
  const logs: string[] = [];
  const server = useServer(
    'postgres',
    { linkTriesPerMinute: 1000, linkWrongTriesPerHour: 3, trustProxy: '1', logLevel: 'warn' },
    { logStream: { write: (line) => void logs.push(line) } },
  );
  const tryCode = async (address: string, code: string): Promise<Response> =>
    fetch(`${server.url}/api/link/preview`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify({ code }),
    });

  it('refuses an address past its wrong tries, even with a right code; other addresses still link', async () => {
    const code = await newCode(server.url, newDeviceToken());
    for (let i = 0; i < 3; i++) expect((await tryCode('203.0.113.9', wrongCodeLike(code, i))).status).toBe(404);
    const refused = await tryCode('203.0.113.9', code);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect((await tryCode('203.0.113.10', code)).status).toBe(200);
  });

  it('many wrong tries aimed at one prefix from many addresses raise an alarm in the log, and kill nothing', async () => {
    const code = await newCode(server.url, newDeviceToken());
    for (let i = 0, tried = 0; tried < LINK_PREFIX_ALARM; i++) {
      const wrong = `${code.slice(0, 2)}${String(i).padStart(6, 'Z')}`;
      if (wrong === code) continue;
      tried++;
      expect((await tryCode(`198.51.100.${tried}`, wrong)).status).toBe(404);
    }
    const alarms = logs.map((line) => JSON.parse(line) as { msg: string; prefix?: string; failures?: number });
    expect(alarms.filter((l) => l.msg.startsWith('many wrong link codes'))).toEqual([
      expect.objectContaining({ prefix: code.slice(0, 2), failures: LINK_PREFIX_ALARM }),
    ]);
    expect((await tryCode('198.51.100.200', code)).status).toBe(200);
  });
});
