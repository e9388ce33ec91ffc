import type { FriendsReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { call, type ApiReply } from '../test-support/api';
import { LOGIC_DATABASES } from '../test-support/databases';
import { finish, newDeviceToken, seatRoom } from '../test-support/finish';
import { containsText } from '../test-support/scan';
import { useServer } from '../test-support/server';
import { hashToken } from '../security/tokens';
import { publicPersonId } from './store';

type Url = string;
const friendsOf = async (url: Url, device: string): Promise<FriendsReply> =>
  (await call(url, 'GET', '/api/friends', device)).json as FriendsReply;
const named = async (url: Url, name: string): Promise<string> => {
  const device = newDeviceToken();
  expect((await call(url, 'PUT', '/api/me/name', device, { name })).status).toBe(200);
  return device;
};
const names = (people: readonly { name: string }[]): string[] => people.map((p) => p.name);
async function link(url: Url, device: string, to: string): Promise<void> {
  const code = (await call(url, 'POST', '/api/me/link-codes', to)).json.code as string;
  expect((await call(url, 'POST', '/api/link', device, { code })).status).toBe(200);
}

describe.each(LOGIC_DATABASES)('friends on %s', (kind) => {
  const server = useServer(kind, { linkTriesPerMinute: 1000 });
  const playerOf = async (device: string): Promise<string> =>
    (await server.app.db.prisma.device.findUniqueOrThrow({ where: { id: hashToken(device) } })).playerId;
  /** A duel of `a` and `b` played to its end. */
  const duel = async (a: string, b: string, seatNames: [string, string]): Promise<void> => {
    const t = await seatRoom(server.url, { family: 'duel' }, [a, b], { names: seatNames });
    try {
      await finish(server.app, 'duel', t);
    } finally {
      t.close();
    }
  };
  const idOf = async (asker: string, name: string): Promise<string> => {
    const person = (await friendsOf(server.url, asker)).playedWith.find((p) => p.name === name);
    if (!person) throw new Error(`${name} is not among the people played with`);
    return person.id;
  };

  it('makes friends of two who finished a match, once both agree', async () => {
    const [ann, bob] = [await named(server.url, 'Ann'), await named(server.url, 'Bob')];
    await duel(ann, bob, ['Ann', 'Bob']);

    const mine = await friendsOf(server.url, ann);
    expect(mine.playedWith).toMatchObject([{ name: 'Bob', matches: 1, relation: 'none' }]);
    const bobId = mine.playedWith[0]!.id;
    expect((await call(server.url, 'PUT', `/api/friends/${bobId}`, ann)).json).toEqual({ relation: 'asked' });
    // Asked only: not friends yet, on either side.
    expect((await friendsOf(server.url, ann)).friends).toEqual([]);
    expect(names((await friendsOf(server.url, ann)).asked)).toEqual(['Bob']);
    const bobs = await friendsOf(server.url, bob);
    expect(names(bobs.asking)).toEqual(['Ann']);
    expect(bobs.playedWith).toMatchObject([{ name: 'Ann', relation: 'asking' }]);
    expect(bobs.friends).toEqual([]);

    expect((await call(server.url, 'PUT', `/api/friends/${bobs.asking[0]!.id}`, bob)).json).toEqual({ relation: 'friend' });
    for (const [device, other] of [
      [ann, 'Bob'],
      [bob, 'Ann'],
    ] as const) {
      const now = await friendsOf(server.url, device);
      expect(names(now.friends)).toEqual([other]);
      expect(now.asking).toEqual([]);
      expect(now.asked).toEqual([]);
      expect(now.playedWith[0]).toMatchObject({ name: other, relation: 'friend' });
    }
    // Asking again changes nothing.
    expect((await call(server.url, 'PUT', `/api/friends/${bobId}`, ann)).json).toEqual({ relation: 'friend' });
  });

  it('refuses a request to someone never played with, with a typed error, and changes nothing', async () => {
    const [cy, dee] = [await named(server.url, 'Cy'), await named(server.url, 'Dee')];
    // Dee sat with Cy in a match that is not over: not someone played with yet.
    const t = await seatRoom(server.url, { family: 'duel' }, [cy, dee], { names: ['Cy', 'Dee'] });
    t.close();
    const deeId = publicPersonId(await playerOf(dee));
    for (const id of [deeId, publicPersonId(await playerOf(cy)), 'x'.repeat(22), 'not an id!']) {
      const r = await call(server.url, 'PUT', `/api/friends/${encodeURIComponent(id)}`, cy);
      expect(r.status).toBe(404);
      expect(r.json.error.code).toBe('NOT_PLAYED_WITH');
    }
    expect((await call(server.url, 'PUT', `/api/friends/${deeId}`, null)).status).toBe(400);
    expect((await call(server.url, 'DELETE', `/api/friends/${deeId}`, cy)).json.error.code).toBe('NOT_A_FRIEND');
    expect(await friendsOf(server.url, dee)).toMatchObject({ asking: [], friends: [], playedWith: [] });
    expect(await server.app.db.prisma.friendship.count({ where: { OR: [{ lowId: deeId }, { highId: deeId }] } })).toBe(0);
    // A device never seen reads an empty listing and is refused a request, and neither makes it a player.
    const stranger = newDeviceToken();
    expect(await friendsOf(server.url, stranger)).toEqual({ friends: [], asking: [], asked: [], playedWith: [], invites: [] });
    expect((await call(server.url, 'PUT', `/api/friends/${deeId}`, stranger)).json.error.code).toBe('NOT_PLAYED_WITH');
    expect(await server.app.db.prisma.device.count({ where: { id: hashToken(stranger) } })).toBe(0);
  });

  it('makes friends through an invitation link, once, before it expires, never with oneself', async () => {
    const [eve, fay, gus] = [await named(server.url, 'Eve'), await named(server.url, 'Fay'), await named(server.url, 'Gus')];
    const made = await call(server.url, 'POST', '/api/friends/invites', eve);
    expect(made.status).toBe(201);
    const { token, id } = made.json as { token: string; id: string };
    expect((await friendsOf(server.url, eve)).invites.map((i) => i.id)).toEqual([id]);

    expect((await call(server.url, 'POST', '/api/friends/invites/preview', null, { token })).json).toEqual({ name: 'Eve' });
    const own = await call(server.url, 'POST', '/api/friends/invites/accept', eve, { token });
    expect([own.status, own.json.error.code]).toEqual([409, 'OWN_FRIEND_INVITE']);
    for (const body of [{}, { token: 'short' }, { token, more: 1 }]) {
      const r = await call(server.url, 'POST', '/api/friends/invites/accept', fay, body);
      expect([r.status, r.json.error.code]).toEqual([400, 'BAD_REQUEST']);
    }
    expect((await friendsOf(server.url, fay)).friends).toEqual([]);

    const accepted = await call(server.url, 'POST', '/api/friends/invites/accept', fay, { token });
    expect(accepted.json).toEqual({ friend: { id: expect.any(String), name: 'Eve' } });
    expect(names((await friendsOf(server.url, eve)).friends)).toEqual(['Fay']);
    expect(names((await friendsOf(server.url, fay)).friends)).toEqual(['Eve']);
    expect((await friendsOf(server.url, eve)).invites).toEqual([]);
    const eveId = (accepted.json as { friend: { id: string } }).friend.id;
    expect((await call(server.url, 'PUT', `/api/friends/${eveId}`, fay)).json).toEqual({ relation: 'friend' });
    // Single use.
    const again = await call(server.url, 'POST', '/api/friends/invites/accept', gus, { token });
    expect([again.status, again.json.error.code]).toEqual([404, 'FRIEND_INVITE_INVALID']);
    expect((await friendsOf(server.url, gus)).friends).toEqual([]);

    // Expired: refused, and says so.
    const late = (await call(server.url, 'POST', '/api/friends/invites', eve)).json as { token: string };
    await server.app.db.prisma.friendInvite.updateMany({
      where: { usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1) },
    });
    for (const path of ['/api/friends/invites/preview', '/api/friends/invites/accept']) {
      const r = await call(server.url, 'POST', path, gus, { token: late.token });
      expect([r.status, r.json.error.code]).toEqual([410, 'FRIEND_INVITE_EXPIRED']);
    }
    expect((await friendsOf(server.url, gus)).friends).toEqual([]);

    // Revoked: gone at once.
    const revocable = (await call(server.url, 'POST', '/api/friends/invites', eve)).json as { token: string; id: string };
    expect((await call(server.url, 'DELETE', `/api/friends/invites/${revocable.id}`, gus)).json.error.code).toBe(
      'NO_SUCH_FRIEND_INVITE',
    );
    expect((await call(server.url, 'DELETE', `/api/friends/invites/${revocable.id}`, eve)).status).toBe(204);
    const revoked = await call(server.url, 'POST', '/api/friends/invites/accept', gus, { token: revocable.token });
    expect(revoked.json.error.code).toBe('FRIEND_INVITE_INVALID');
    expect((await call(server.url, 'DELETE', `/api/friends/invites/${revocable.id}`, eve)).status).toBe(404);

    // Met only by the link: once no longer friends, Fay may not ask Eve again (a new link may).
    expect((await call(server.url, 'DELETE', `/api/friends/${eveId}`, fay)).status).toBe(204);
    const refused = await call(server.url, 'PUT', `/api/friends/${eveId}`, fay);
    expect([refused.status, refused.json.error.code]).toEqual([404, 'NOT_PLAYED_WITH']);
    expect((await friendsOf(server.url, eve)).friends).toEqual([]);
  });

  it('removes a friend on both sides, and declines a request', async () => {
    const [hal, ida, jo] = [await named(server.url, 'Hal'), await named(server.url, 'Ida'), await named(server.url, 'Jo')];
    await duel(hal, ida, ['Hal', 'Ida']);
    await duel(hal, jo, ['Hal', 'Jo']);
    // Newest first.
    expect(names((await friendsOf(server.url, hal)).playedWith)).toEqual(['Jo', 'Ida']);
    await call(server.url, 'PUT', `/api/friends/${await idOf(hal, 'Ida')}`, hal);
    await call(server.url, 'PUT', `/api/friends/${await idOf(ida, 'Hal')}`, ida);
    expect(names((await friendsOf(server.url, ida)).friends)).toEqual(['Hal']);

    expect((await call(server.url, 'DELETE', `/api/friends/${await idOf(ida, 'Hal')}`, ida)).status).toBe(204);
    expect((await friendsOf(server.url, ida)).friends).toEqual([]);
    expect((await friendsOf(server.url, hal)).friends).toEqual([]);
    expect((await call(server.url, 'DELETE', `/api/friends/${await idOf(ida, 'Hal')}`, ida)).json.error.code).toBe(
      'NOT_A_FRIEND',
    );

    // Jo declines Hal's request: it goes from both lists; Hal may ask again later.
    await call(server.url, 'PUT', `/api/friends/${await idOf(hal, 'Jo')}`, hal);
    expect((await call(server.url, 'DELETE', `/api/friends/${(await friendsOf(server.url, jo)).asking[0]!.id}`, jo)).status).toBe(
      204,
    );
    expect((await friendsOf(server.url, hal)).asked).toEqual([]);
    expect((await friendsOf(server.url, jo)).playedWith[0]).toMatchObject({ name: 'Hal', relation: 'none' });
  });

  it('"Delete me" takes a player out of everyone\'s friends and requests; their matches stay', async () => {
    const [kim, lou, max] = [await named(server.url, 'Kim'), await named(server.url, 'Lou'), await named(server.url, 'Max')];
    await duel(kim, lou, ['Kim', 'Lou']);
    await duel(kim, max, ['Kim', 'Max']);
    await call(server.url, 'PUT', `/api/friends/${await idOf(kim, 'Lou')}`, kim);
    await call(server.url, 'PUT', `/api/friends/${await idOf(lou, 'Kim')}`, lou);
    await call(server.url, 'PUT', `/api/friends/${await idOf(kim, 'Max')}`, kim);
    await call(server.url, 'POST', '/api/friends/invites', kim);
    const kimId = await playerOf(kim);

    expect((await call(server.url, 'DELETE', '/api/me', kim, { confirm: 'DELETE' })).status).toBe(204);

    expect(await friendsOf(server.url, lou)).toMatchObject({ friends: [], asking: [], playedWith: [] });
    expect(await friendsOf(server.url, max)).toMatchObject({ friends: [], asking: [], playedWith: [] });
    const { prisma } = server.app.db;
    expect(await prisma.friendship.count({ where: { OR: [{ lowId: kimId }, { highId: kimId }] } })).toBe(0);
    expect(await prisma.friendInvite.count({ where: { playerId: kimId } })).toBe(0);
    // Lou's history still holds the match, under "Deleted player" (an empty name).
    const history = (await call(server.url, 'GET', '/api/matches?player=me', lou)).json as {
      matches: { players: { name: string }[] }[];
    };
    expect(history.matches[0]!.players.map((p) => p.name)).toEqual(['', 'Lou']);
  });

  it('merges friendships when two players become one: no self-friendship, duplicates collapse', async () => {
    const [nia, oz] = [await named(server.url, 'Nia'), await named(server.url, 'Oz')];
    const [pam, quin] = [await named(server.url, 'Pam'), await named(server.url, 'Quin')];
    // Nia and Oz (the same person's two players) are friends of each other and of Pam; Oz asked Quin,
    // and Quin asked Nia: once one player, they agreed both ways.
    const invite = async (from: string, to: string): Promise<void> => {
      const { token } = (await call(server.url, 'POST', '/api/friends/invites', from)).json as { token: string };
      expect((await call(server.url, 'POST', '/api/friends/invites/accept', to, { token })).status).toBe(200);
    };
    await invite(nia, oz);
    await invite(nia, pam);
    await invite(oz, pam);
    await duel(oz, quin, ['Oz', 'Quin']);
    await duel(nia, quin, ['Nia', 'Quin']);
    await call(server.url, 'PUT', `/api/friends/${await idOf(oz, 'Quin')}`, oz);
    await call(server.url, 'PUT', `/api/friends/${await idOf(quin, 'Nia')}`, quin);

    await link(server.url, oz, nia);

    const merged = await friendsOf(server.url, oz);
    expect(names(merged.friends)).toEqual(['Pam', 'Quin']);
    expect(merged.asking).toEqual([]);
    expect(merged.asked).toEqual([]);
    expect(names((await friendsOf(server.url, pam)).friends)).toEqual(['Nia']);
    expect(names((await friendsOf(server.url, quin)).friends)).toEqual(['Nia']);
    const niaId = await playerOf(nia);
    const rows = await server.app.db.prisma.friendship.findMany({ where: { OR: [{ lowId: niaId }, { highId: niaId }] } });
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.lowId !== r.highId)).toBe(true);
  });

  it('shows nobody more of a person than their name and the matches finished together', async () => {
    const [rue, sam, tad] = [await named(server.url, 'Rue'), await named(server.url, 'Sam'), await named(server.url, 'Tad')];
    await call(server.url, 'PUT', '/api/me/lang', rue, { lang: 'de' });
    await duel(rue, sam, ['Rue', 'Sam']);
    await call(server.url, 'PUT', `/api/friends/${await idOf(sam, 'Rue')}`, sam);
    const { token } = (await call(server.url, 'POST', '/api/friends/invites', rue)).json as { token: string };
    const rueId = await playerOf(rue);
    const rueDevice = await server.app.db.prisma.device.findUniqueOrThrow({ where: { id: hashToken(rue) } });

    const seen: ApiReply[] = [];
    const as = async (method: string, path: string, device: string | null, body?: unknown): Promise<ApiReply> => {
      const r = await call(server.url, method, path, device, body);
      seen.push(r);
      return r;
    };
    // Sam asked (not a friend), Tad holds the invitation, then a friend of Rue's: every answer they get.
    await as('GET', '/api/friends', sam);
    await as('POST', '/api/friends/invites/preview', tad, { token });
    await as('PUT', `/api/friends/${publicPersonId(rueId)}`, tad);
    await as('POST', '/api/friends/invites/accept', tad, { token });
    await as('GET', '/api/friends', tad);
    await as('DELETE', `/api/friends/${publicPersonId(rueId)}`, tad);
    await as('GET', '/api/friends', tad);

    const secrets = [rue, hashToken(rue), rueId, rueDevice.userAgent ?? 'no user agent', 'de', token];
    for (const r of seen)
      for (const secret of secrets)
        expect(containsText(r.json, `"${secret}"`), `${secret} in ${JSON.stringify(r.json)}`).toBe(false);
    for (const r of seen) expect(containsText(r.json, rueId)).toBe(false);
    // What they were told of Rue: the name, and with Sam the match they finished.
    expect((await friendsOf(server.url, sam)).playedWith).toEqual([
      { id: publicPersonId(rueId), name: 'Rue', lastPlayedAt: expect.any(String), matches: 1, relation: 'asked' },
    ]);
  });
});

describe('friend invitations per address', () => {
  const server = useServer('postgres', { roomCreateBurst: 4 });

  it('draws on the one creation bound of an address, and a refused one makes nothing', async () => {
    const uma = newDeviceToken();
    const answers: number[] = [];
    for (let i = 0; i < 6; i++) answers.push((await call(server.url, 'POST', '/api/friends/invites', uma)).status);
    expect(answers.filter((s) => s === 201).length).toBeGreaterThan(0);
    expect(answers.at(-1)).toBe(429);
    const refused = await call(server.url, 'POST', '/api/friends/invites', uma);
    expect(refused.json.error.code).toBe('RATE_LIMITED');
    expect(await server.app.db.prisma.friendInvite.count()).toBe(answers.filter((s) => s === 201).length);
    // A room from that address is refused too: one bound for everything made for nothing.
    expect((await call(server.url, 'POST', '/api/rooms', null, { family: 'duel' })).status).toBe(429);
  });
});
