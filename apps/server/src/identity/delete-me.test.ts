import type { StatsReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { LOGIC_DATABASES } from '../test-support/databases';
import { call, matches, me } from '../test-support/api';
import { hashToken } from '../security/tokens';
import { finish, newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsText } from '../test-support/scan';
import { useServer } from '../test-support/server';
import { until } from '../test-support/until';

async function link(url: string, device: string, to: string): Promise<void> {
  const code = (await call(url, 'POST', '/api/me/link-codes', to)).json.code as string;
  expect((await call(url, 'POST', '/api/link', device, { code })).status).toBe(200);
}
const heard = (p: Player, code: string): boolean =>
  p.received.some((r) => r.event === 'server:error' && (r.payload as { code: string }).code === code);

describe.each(LOGIC_DATABASES)('"Delete me" on %s', (kind) => {
  const server = useServer(kind, { linkTriesPerMinute: 1000 });

  it('asks for the typed confirmation and changes nothing without it', async () => {
    const ann = newDeviceToken();
    await call(server.url, 'PUT', '/api/me/name', ann, { name: 'Ann' });
    for (const body of [undefined, {}, { confirm: 'yes' }, { confirm: 'DELETE', also: 1 }]) {
      const r = await call(server.url, 'DELETE', '/api/me', ann, body);
      expect(r.status).toBe(400);
      expect(r.json.error.code).toBe('BAD_REQUEST');
    }
    expect((await call(server.url, 'DELETE', '/api/me', null, { confirm: 'DELETE' })).status).toBe(400);
    expect((await me(server.url, ann)).name).toBe('Ann');
  });

  it('removes the player on every device; others keep playable matches and see "Deleted player"', async () => {
    const [ann, annPhone, bob, cy] = [newDeviceToken(), newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const withBots = { family: 'duel' as const, takeOverAfterSec: 60 };
    // Ann made this room and sits in it; takeovers are allowed, so a bot takes her running seat.
    const a = await seatRoom(server.url, withBots, [ann, bob], { names: ['Ann', 'Bob'], creator: ann });
    // No takeovers here: her seat is freed, the match waits for someone to sit.
    const b = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    const c = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    try {
      await finish(server.app, 'duel', c);
      await a.players[0]!.act({ type: 'setSecret', code: [0, 1, 2, 3] });
      await a.players[1]!.waitForSeq(1);
      await link(server.url, annPhone, ann);
      const phone = await Player.connect(server.url, { deviceToken: annPhone });
      expect(await phone.join(b.roomId)).toMatchObject({ ok: true, seat: 0 });
      const hashes = [hashToken(ann), hashToken(annPhone)];
      const { prisma } = server.app.db;
      await prisma.pushSubscription.create({
        data: { endpoint: `https://push.example/${annPhone}`, deviceId: hashes[1]!, p256dh: 'k', auth: 'a', lang: 'en' },
      });

      expect((await call(server.url, 'DELETE', '/api/me', annPhone, { confirm: 'delete' })).status).toBe(204);

      // Every socket of every device of hers hears why, then is closed.
      for (const p of [a.players[0]!, b.players[0]!, c.players[0]!, phone]) {
        await until('a socket of the deleted player to hear it', async () => heard(p, 'PLAYER_DELETED'));
        await until('a socket of the deleted player to be closed', async () => !p.socket.connected);
      }
      // Room a: a bot of its own plays her seat and the match goes on for Bob.
      const bobA = a.players[1]!;
      const seen = await bobA.waitFor((u) => u.room.seats[0]!.bot);
      expect(seen.room.seats[0]).toMatchObject({ name: 'Bot A', bot: true, takenOver: false });
      expect((await bobA.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
      expect((await bobA.act({ type: 'setSecret', code: [5, 4, 3, 2] })).ok).toBe(true);
      await bobA.waitFor((u) => u.snapshot.seq >= 4);
      // Room b: her seat is free; Cy may sit and play on.
      await b.players[1]!.waitFor((u) => u.room.seats[0]!.name === null);
      const cyTab = await Player.connect(server.url, { deviceToken: cy });
      expect(await cyTab.join(b.roomId)).toMatchObject({ ok: true, seat: null });
      expect(await cyTab.claim(0, 'Cy')).toMatchObject({ ok: true });
      cyTab.close();

      // Bob's history names her with the empty marker the client shows as "Deleted player".
      const list = await matches(server.url, bob);
      expect(list.matches).toHaveLength(3);
      const finished = list.matches.find((m) => m.roomId === c.roomId)!;
      expect(finished.players).toEqual([
        { seat: 0, name: '', you: false, person: false },
        { seat: 1, name: 'Bob', you: true, person: true },
      ]);
      const replay = await call(server.url, 'GET', `/api/matches/${finished.id}`, null);
      expect(replay.json.players[0]).toEqual({ seat: 0, name: '' });

      // Nothing of hers is left: no device, seat, history line, subscription or room she made.
      for (const where of [{ deviceId: { in: hashes } }]) {
        expect(await prisma.seat.count({ where })).toBe(0);
        expect(await prisma.matchPlayer.count({ where })).toBe(0);
        expect(await prisma.pushSubscription.count({ where })).toBe(0);
      }
      expect(await prisma.device.count({ where: { id: { in: hashes } } })).toBe(0);
      expect(await prisma.matchPlayer.count({ where: { name: 'Ann' } })).toBe(0);
      expect(await prisma.room.count({ where: { id: a.roomId, creatorPlayerId: { not: null } } })).toBe(0);
    } finally {
      a.close();
      b.close();
      c.close();
    }
  });

  it('leaves no token of the deleted player usable: device, seat or creator', async () => {
    const [ann, bob] = [newDeviceToken(), newDeviceToken()];
    const a = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'], creator: ann });
    try {
      const seatToken = a.players[0]!.seatToken!;
      expect((await call(server.url, 'DELETE', '/api/me', ann, { confirm: 'DELETE' })).status).toBe(204);
      await until('her socket to be closed', async () => !a.players[0]!.socket.connected);

      // The old device token is a stranger now: a new player with nothing, no seat, no creator's rights.
      const again = await Player.connect(server.url, { deviceToken: ann });
      expect(await again.join(a.roomId, seatToken)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
      expect(await again.join(a.roomId)).toMatchObject({ ok: true, seat: null });
      expect(await again.send('room:settings', { spectators: false })).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
      expect(await again.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: false });
      again.close();
      // A seat token alone (no device) does not sit either.
      const bare = await Player.connect(server.url);
      expect(await bare.join(a.roomId, seatToken)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
      bare.close();
      expect(await me(server.url, ann)).toMatchObject({ name: '', lang: null, devices: [{ current: true }] });
      expect((await matches(server.url, ann)).matches).toEqual([]);
      // Nothing Bob was ever sent carries her tokens.
      for (const secret of [ann, hashToken(ann), seatToken]) expect(containsText(a.players[1]!.received, secret)).toBe(false);
    } finally {
      a.close();
    }
  });

  it('keeps the language on the player: chosen on one device, read by the others', async () => {
    const [ann, phone] = [newDeviceToken(), newDeviceToken()];
    await link(server.url, phone, ann);
    expect((await me(server.url, phone)).lang).toBeNull();
    expect((await call(server.url, 'PUT', '/api/me/lang', phone, { lang: 'fr' })).json.lang).toBe('fr');
    expect((await me(server.url, ann)).lang).toBe('fr');
    expect((await call(server.url, 'PUT', '/api/me/lang', ann, { lang: 'xx' })).status).toBe(400);
    expect((await me(server.url, ann)).lang).toBe('fr');
  });

  it('counts the player’s finished matches per family', async () => {
    const [ann, bob] = [newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, [ann, bob], { names: ['Ann', 'Bob'] });
    try {
      await finish(server.app, 'duel', t);
      await until('the match to be recorded as finished', async () =>
        (await matches(server.url, ann)).matches.every((m) => m.result !== null),
      );
      const stats = (await call(server.url, 'GET', '/api/me/stats', ann)).json as StatsReply;
      expect(stats.matches).toBe(1);
      // finish(): Ann (seat 0) breaks Bob's code at her second guess.
      expect(stats.families).toEqual([
        expect.objectContaining({
          family: 'duel',
          played: 1,
          ranks: [],
          breaks: [{ pegs: 4, codes: 1, average: 2, best: 2, histogram: [0, 1] }],
        }),
      ]);
      expect((await call(server.url, 'GET', '/api/me/stats', null)).status).toBe(400);
    } finally {
      t.close();
    }
  });
});
