import { puzzleNumberOf } from '@mm/rules';
import type { GroupInviteReply, GroupPageReply, GroupsReply } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { dailyCode } from '../daily/derive';
import { call } from '../test-support/api';
import { LOGIC_DATABASES } from '../test-support/databases';
import { finish, newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsCode, containsText } from '../test-support/scan';
import { useServer } from '../test-support/server';
import { hashToken } from '../security/tokens';
import { publicPersonId } from './store';

type Url = string;
const SECRET = 'groups-test-daily-secret-0123456789';

const named = async (url: Url, name: string): Promise<string> => {
  const device = newDeviceToken();
  expect((await call(url, 'PUT', '/api/me/name', device, { name })).status).toBe(200);
  return device;
};
const makeGroup = async (url: Url, device: string, name: string, timeZone = 'Europe/Paris'): Promise<GroupInviteReply> => {
  const r = await call(url, 'POST', '/api/groups', device, { name, timeZone });
  expect(r.status, JSON.stringify(r.json)).toBe(201);
  return r.json as GroupInviteReply;
};
const join = async (url: Url, device: string, token: string): Promise<void> => {
  const r = await call(url, 'POST', '/api/groups/join', device, { token });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
};
const pageOf = async (url: Url, device: string, id: string): Promise<GroupPageReply> => {
  const r = await call(url, 'GET', `/api/groups/${id}`, device);
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as GroupPageReply;
};
const refusal = async (url: Url, method: string, path: string, device: string | null, body?: unknown) => {
  const r = await call(url, method, path, device, body);
  return [r.status, r.json?.error?.code] as const;
};
const names = (people: readonly { name: string }[]): string[] => people.map((p) => p.name);

async function link(url: Url, device: string, to: string): Promise<void> {
  const code = (await call(url, 'POST', '/api/me/link-codes', to)).json.code as string;
  expect((await call(url, 'POST', '/api/link', device, { code })).status).toBe(200);
}

describe.each(LOGIC_DATABASES)('groups on %s', (kind) => {
  const server = useServer(kind, { linkTriesPerMinute: 1000, dailySecret: SECRET });
  const playerOf = async (device: string): Promise<string> =>
    (await server.app.db.prisma.device.findUniqueOrThrow({ where: { id: hashToken(device) } })).playerId;
  const personOf = async (device: string): Promise<string> => publicPersonId(await playerOf(device));
  const duel = async (a: string, b: string, seatNames: [string, string]): Promise<string> => {
    const t = await seatRoom(server.url, { family: 'duel' }, [a, b], { names: seatNames });
    try {
      await finish(server.app, 'duel', t);
    } finally {
      t.close();
    }
    return t.roomId;
  };

  it('makes a group, lets people join by its link, and shows them each other in the league', async () => {
    const [ann, bob] = [await named(server.url, 'Ann'), await named(server.url, 'Bob')];
    const { id, token } = await makeGroup(server.url, ann, 'Tuesday club');
    expect((await call(server.url, 'GET', '/api/groups', ann)).json).toEqual({
      groups: [{ id, name: 'Tuesday club', members: 1, maker: true }],
    } satisfies GroupsReply);

    expect((await call(server.url, 'POST', '/api/groups/preview', null, { token })).json).toEqual({
      name: 'Tuesday club',
      members: 1,
      member: false,
    });
    await join(server.url, bob, token);
    await join(server.url, bob, token); // again: nothing changes
    expect((await call(server.url, 'POST', '/api/groups/preview', bob, { token })).json).toMatchObject({
      members: 2,
      member: true,
    });

    await duel(ann, bob, ['Ann', 'Bob']);
    const page = await pageOf(server.url, bob, id);
    expect(page).toMatchObject({ id, name: 'Tuesday club', timeZone: 'Europe/Paris', token, you: await personOf(bob) });
    expect(names(page.members).sort()).toEqual(['Ann', 'Bob']);
    expect(page.members.find((m) => m.name === 'Ann')!.maker).toBe(true);
    // One duel between members, drawn (each broke the other's code): 1 point each, in all and in the duel's line.
    expect(page.members.map((m) => m.week.points)).toEqual([1, 1]);
    for (const m of page.members) {
      expect(m.week).toMatchObject({ drawn: 1, played: 1, families: [{ family: 'duel', points: 1, drawn: 1 }] });
      expect(m.ratings).toMatchObject([{ family: 'duel', games: 1 }]);
    }
    expect(page.matches).toHaveLength(1);
    expect(page.matches[0]!.players).toEqual([
      { name: 'Ann', member: await personOf(ann), outcome: 'draw' },
      { name: 'Bob', member: await personOf(bob), outcome: 'draw' },
    ]);
    expect(new Date(page.week.start).getTime()).toBeLessThanOrEqual(Date.now());
    expect(new Date(page.week.end).getTime()).toBeGreaterThan(Date.now());
  });

  it('refuses bad bodies with typed errors and makes nothing', async () => {
    const cy = await named(server.url, 'Cy');
    for (const body of [
      { name: 'G', timeZone: 'Mars/Olympus' },
      { name: '', timeZone: 'UTC' },
      { name: 'G' },
      { name: 'G', timeZone: 'UTC', x: 1 },
    ])
      expect(await refusal(server.url, 'POST', '/api/groups', cy, body)).toEqual([400, 'BAD_REQUEST']);
    expect((await call(server.url, 'GET', '/api/groups', cy)).json).toEqual({ groups: [] });
    expect(await refusal(server.url, 'POST', '/api/groups/join', cy, { token: 'x'.repeat(22) })).toEqual([
      404,
      'GROUP_INVITE_INVALID',
    ]);
    expect(await refusal(server.url, 'POST', '/api/groups/preview', null, { token: 'short' })).toEqual([400, 'BAD_REQUEST']);
    expect(await refusal(server.url, 'GET', '/api/groups/not-a-group-id', cy)).toEqual([404, 'NO_SUCH_GROUP']);
    // A device never seen reads no groups and does not become a player for it.
    const stranger = newDeviceToken();
    expect((await call(server.url, 'GET', '/api/groups', stranger)).json).toEqual({ groups: [] });
    expect(await server.app.db.prisma.device.count({ where: { id: hashToken(stranger) } })).toBe(0);
  });

  it('shows a group to its members only; only the maker removes others or makes a new link', async () => {
    const [dee, eve, fay] = [await named(server.url, 'Dee'), await named(server.url, 'Eve'), await named(server.url, 'Fay')];
    const { id, token } = await makeGroup(server.url, dee, 'Chess-free');
    await join(server.url, eve, token);
    const [deeId, eveId] = [await personOf(dee), await personOf(eve)];

    expect(await refusal(server.url, 'GET', `/api/groups/${id}`, fay)).toEqual([404, 'NO_SUCH_GROUP']);
    expect(await refusal(server.url, 'DELETE', `/api/groups/${id}/members/${eveId}`, fay)).toEqual([404, 'NO_SUCH_GROUP']);
    expect(await refusal(server.url, 'DELETE', `/api/groups/${id}/members/${deeId}`, eve)).toEqual([403, 'NOT_GROUP_MAKER']);
    expect(await refusal(server.url, 'POST', `/api/groups/${id}/invite`, eve)).toEqual([403, 'NOT_GROUP_MAKER']);
    expect(await refusal(server.url, 'DELETE', `/api/groups/${id}/members/${'x'.repeat(22)}`, dee)).toEqual([
      404,
      'NOT_A_MEMBER',
    ]);
    expect(names((await pageOf(server.url, dee, id)).members).sort()).toEqual(['Dee', 'Eve']);

    // A new link: the old one no longer works, the new one does.
    const rotated = await call(server.url, 'POST', `/api/groups/${id}/invite`, dee);
    expect(rotated.status).toBe(200);
    const fresh = (rotated.json as GroupInviteReply).token;
    expect(fresh).not.toBe(token);
    expect(await refusal(server.url, 'POST', '/api/groups/join', fay, { token })).toEqual([404, 'GROUP_INVITE_INVALID']);
    await join(server.url, fay, fresh);

    // The maker removes Fay; Eve leaves by herself.
    expect((await call(server.url, 'DELETE', `/api/groups/${id}/members/${await personOf(fay)}`, dee)).status).toBe(204);
    expect(await refusal(server.url, 'GET', `/api/groups/${id}`, fay)).toEqual([404, 'NO_SUCH_GROUP']);
    expect((await call(server.url, 'DELETE', `/api/groups/${id}/members/${eveId}`, eve)).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/groups', eve)).json).toEqual({ groups: [] });
    // The last one leaving ends the group.
    expect((await call(server.url, 'DELETE', `/api/groups/${id}/members/${deeId}`, dee)).status).toBe(204);
    expect(await server.app.db.prisma.group.count({ where: { id } })).toBe(0);
  });

  it('hands a group to its longest-standing member when its maker leaves or deletes themselves', async () => {
    const [gus, hal, ida] = [await named(server.url, 'Gus'), await named(server.url, 'Hal'), await named(server.url, 'Ida')];
    const { id, token } = await makeGroup(server.url, gus, 'Lunch');
    await join(server.url, hal, token);
    await join(server.url, ida, token);
    await duel(gus, hal, ['Gus', 'Hal']);
    await duel(ida, hal, ['Ida', 'Hal']);
    expect((await pageOf(server.url, ida, id)).matches).toHaveLength(2);

    expect((await call(server.url, 'DELETE', '/api/me', gus, { confirm: 'DELETE' })).status).toBe(204);
    const page = await pageOf(server.url, ida, id);
    expect(page.members.map((m) => [m.name, m.maker]).sort()).toEqual([
      ['Hal', true],
      ['Ida', false],
    ]);
    // Their match is no longer one among members (it stays in Hal's history, under "Deleted player").
    expect(page.matches.map((m) => names(m.players))).toEqual([['Ida', 'Hal']]);
    expect(page.members.map((m) => m.week.points)).toEqual([1, 1]);
    expect((await call(server.url, 'GET', '/api/groups', hal)).json.groups).toMatchObject([{ id, maker: true, members: 2 }]);
    // Hal, maker now, may remove Ida; leaving, he hands the group to her first.
    expect((await call(server.url, 'DELETE', `/api/groups/${id}/members/${await personOf(hal)}`, hal)).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/groups', ida)).json.groups).toMatchObject([{ id, maker: true, members: 1 }]);
  });

  it('moves memberships on a merge, without a second row for a group both players were in', async () => {
    const [jo, kit, lu] = [await named(server.url, 'Jo'), await named(server.url, 'Kit'), await named(server.url, 'Lu')];
    const both = await makeGroup(server.url, lu, 'Both');
    await join(server.url, jo, both.token);
    await join(server.url, kit, both.token);
    const josOwn = await makeGroup(server.url, jo, 'Jo’s own');

    await link(server.url, jo, kit); // Jo's device joins Kit's player: Jo's player is merged into it

    const kitPlayer = await playerOf(kit);
    expect(await server.app.db.prisma.groupMember.count({ where: { groupId: both.id } })).toBe(2);
    const mine = ((await call(server.url, 'GET', '/api/groups', kit)).json as GroupsReply).groups;
    expect(mine.map((g) => [g.name, g.maker])).toEqual([
      ['Both', false],
      ['Jo’s own', true],
    ]);
    expect(await server.app.db.prisma.group.findUniqueOrThrow({ where: { id: josOwn.id } })).toMatchObject({
      makerId: kitPlayer,
    });
  });

  it('makes a group from a table for someone who finished a match there, and for nobody else', async () => {
    const [mo, ned, oli] = [await named(server.url, 'Mo'), await named(server.url, 'Ned'), await named(server.url, 'Oli')];
    const roomId = await duel(mo, ned, ['Mo', 'Ned']);
    const body = { name: 'Mo and Ned', timeZone: 'America/New_York' };
    expect(await refusal(server.url, 'POST', `/api/rooms/${roomId}/group`, oli, body)).toEqual([403, 'NOT_AT_TABLE']);
    expect(await refusal(server.url, 'POST', `/api/rooms/${'r'.repeat(16)}/group`, mo, body)).toEqual([404, 'ROOM_NOT_FOUND']);
    const made = await call(server.url, 'POST', `/api/rooms/${roomId}/group`, mo, body);
    expect(made.status).toBe(201);
    const { id, token } = made.json as GroupInviteReply;
    // Nobody is put in it unasked: the table gets the link.
    expect(names((await pageOf(server.url, mo, id)).members)).toEqual(['Mo']);
    await join(server.url, ned, token);
    const page = await pageOf(server.url, ned, id);
    expect(page.members.map((m) => m.week.played)).toEqual([1, 1]);
  });

  it('lists a member’s Code of the day only once their attempt is over, and never the code', async () => {
    const [pia, quy] = [await named(server.url, 'Pia'), await named(server.url, 'Quy')];
    const { id, token } = await makeGroup(server.url, pia, 'Daily', 'UTC');
    await join(server.url, quy, token);
    const n = puzzleNumberOf(new Date().toISOString().slice(0, 10));
    const code = dailyCode(SECRET, n);
    const miss = [0, 1, 2, 3, 4, 5].filter((c) => !code.includes(c));
    const wrong = [0, 1, 2, 3].map((i) => miss[i % miss.length]!);

    const play = async (device: string, guesses: number[][]): Promise<string> => {
      const attempt = (await call(server.url, 'POST', '/api/daily/attempt', device, { n, hard: false })).json;
      const p = await Player.connect(server.url, { deviceToken: device });
      expect(await p.join(attempt.roomId, attempt.seatToken)).toMatchObject({ ok: true });
      for (const guess of guesses) expect(await p.act({ type: 'guess', code: guess })).toMatchObject({ ok: true });
      p.close();
      return attempt.roomId as string;
    };
    const piaRoom = await play(pia, [wrong, code]);
    const quyRoom = await play(quy, [wrong]);

    for (const viewer of [pia, quy]) {
      const page = await pageOf(server.url, viewer, id);
      expect(page.daily.today).toBe(n);
      expect(page.daily.week.at(-1)).toBe(n);
      expect(page.daily.members).toEqual([
        { id: await personOf(pia), name: 'Pia', streak: 1, results: [{ n, status: 'won', guesses: 2 }] },
        { id: await personOf(quy), name: 'Quy', streak: 0, results: [] },
      ]);
      expect(containsCode(page, code)).toBe(false);
      for (const room of [piaRoom, quyRoom]) expect(containsText(page, room)).toBe(false);
      // A Code of the day is played alone: it is no match of the league.
      expect(page.matches).toEqual([]);
    }
  });
});

describe('groups on the embedded database', () => {
  const server = useServer('embedded', { linkTriesPerMinute: 1000 });

  it('stores a group, its members and its league as on PostgreSQL', async () => {
    const [ray, sue] = [await named(server.url, 'Ray'), await named(server.url, 'Sue')];
    const { id, token } = await makeGroup(server.url, ray, 'Embedded', 'Asia/Kolkata');
    await join(server.url, sue, token);
    const t = await seatRoom(server.url, { family: 'duel' }, [ray, sue], { names: ['Ray', 'Sue'] });
    await finish(server.app, 'duel', t);
    t.close();
    const page = await pageOf(server.url, sue, id);
    expect(page.members.map((m) => [m.name, m.week.played])).toEqual([
      ['Ray', 1],
      ['Sue', 1],
    ]);
    expect(page.matches).toHaveLength(1);
    expect((await call(server.url, 'DELETE', '/api/me', ray, { confirm: 'DELETE' })).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/groups', sue)).json.groups).toMatchObject([{ id, maker: true, members: 1 }]);
  });
});
