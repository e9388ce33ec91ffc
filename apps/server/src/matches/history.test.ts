import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_TOKEN_HEADER,
  dealPreimage,
  secretOf,
  secretPreimage,
  type FinishedMatchDetail,
  type LiveMatchDetail,
  type MatchListReply,
  type Snapshot,
} from '@mm/protocol';
import { foldLog, getFamily, type FamilyId } from '@mm/rules';
import { createHash } from 'node:crypto';
import type { App } from '../app';
import { freshDatabase, type TestDatabase, LOGIC_DATABASES } from '../test-support/databases';
import { finish, newDeviceToken, seatRoom, step } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsCode } from '../test-support/scan';
import { startServer } from '../test-support/server';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

async function history(url: string, device: string | null, query = 'player=me'): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/api/matches?${query}`, { headers: device ? { [DEVICE_TOKEN_HEADER]: device } : {} });
  return { status: res.status, json: await res.json() };
}

async function detail(url: string, id: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/api/matches/${id}`);
  return { status: res.status, json: await res.json() };
}

/** Every page of a device's history, following nextCursor. */
async function allPages(url: string, device: string, limit: number): Promise<MatchListReply[]> {
  const pages: MatchListReply[] = [];
  let cursor: string | null = null;
  do {
    const r = await history(url, device, `player=me&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
    expect(r.status).toBe(200);
    pages.push(r.json as MatchListReply);
    cursor = (r.json as MatchListReply).nextCursor;
  } while (cursor !== null && pages.length < 20);
  return pages;
}

interface Played {
  family: FamilyId;
  roomId: string;
  matchId: string;
  /** the last snapshot seat 0 held: its status and commitments are what the device saw live */
  final: Snapshot;
}

describe.each(LOGIC_DATABASES)('match history and replay on the %s database', (kind) => {
  let db: TestDatabase;
  let app: App;
  let url: string;
  beforeAll(async () => {
    db = await freshDatabase(kind);
    ({ app, url } = await startServer(db));
  });
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  const me = newDeviceToken();
  const friend = newDeviceToken();
  const played: Played[] = [];

  it('lists exactly the matches of a device, newest first, page by page, and survives a restart', async () => {
    const games: [FamilyId, Record<string, unknown>, number][] = [
      ['duel', {}, 2],
      ['rotation', {}, 3],
      ['parker', {}, 2],
      ['mm44', { seating: '2x1' }, 2],
    ];
    for (const [family, options, seats] of games) {
      // I sit at seat 0, a friend at seat 1, strangers (no device identity) at any other seat.
      const devices = Array.from({ length: seats }, (_, i) => (i === 0 ? me : i === 1 ? friend : undefined));
      const t = await seatRoom(url, { family, options }, devices, { names: ['Me', 'Friend', 'Third'] });
      await finish(app, family, t, options);
      const final = t.players[0]!.latest!.snapshot;
      expect(final.status.finished).toBe(true);
      played.push({ family, roomId: t.roomId, matchId: final.matchId, final });
      t.close();
    }
    // A match of other people only, and one I sit in that has not ended.
    const others = await seatRoom(url, { family: 'duel' }, [friend, newDeviceToken()]);
    await finish(app, 'duel', others);
    others.close();
    const open = await seatRoom(url, { family: 'duel' }, [newDeviceToken(), me], { names: ['Host', 'Me'] });
    await step(open.players[0]!, { type: 'setSecret', code: [1, 2, 3, 4] }, open.everyone);
    const openMatch = open.players[1]!.latest!.snapshot.matchId;
    open.close();

    // Restart on the same database: the history lives there, not in memory.
    await app.close();
    ({ app, url } = await startServer(db));

    const pages = await allPages(url, me, 2);
    expect(pages.map((p) => p.matches.length)).toEqual([2, 2, 1]);
    const listed = pages.flatMap((p) => p.matches);
    expect(listed.map((m) => m.id)).toEqual([openMatch, ...played.map((p) => p.matchId).reverse()]);
    for (const m of listed) {
      const p = played.find((x) => x.matchId === m.id);
      expect(m.url).toBe(`/m/${m.id}`);
      expect(new Date(m.createdAt).getTime()).toBeGreaterThan(Date.now() - 10 * 60_000);
      if (!p) {
        expect(m).toMatchObject({ family: 'duel', result: null, finishedAt: null });
        expect(m.players).toEqual([
          { seat: 0, name: 'Host', you: false, person: true },
          { seat: 1, name: 'Me', you: true, person: true },
        ]);
        continue;
      }
      expect(m.family).toBe(p.family);
      expect(m.roomId).toBe(p.roomId);
      expect(m.players[0]).toEqual({ seat: 0, name: 'Me', you: true, person: true });
      expect(m.players.slice(1).every((x) => !x.you)).toBe(true);
      expect(m.result).toEqual({ winners: p.final.status.winners, draw: p.final.status.draw, scores: p.final.status.scores });
      expect(m.finishedAt).not.toBeNull();
    }
    // One page with room for everything says there is no more.
    expect((await history(url, me, 'player=me&limit=50')).json).toMatchObject({ nextCursor: null });
    expect((await history(url, me, 'player=me&limit=50')).json.matches).toHaveLength(5);

    // Another identity sees none of them; the friend sees only the ones they sat in.
    expect((await history(url, newDeviceToken())).json).toEqual({ matches: [], nextCursor: null });
    const friends = (await history(url, friend, 'player=me&limit=50')).json as MatchListReply;
    expect(friends.matches).toHaveLength(played.length + 1);
    expect(friends.matches.some((m) => m.id === openMatch)).toBe(false);
  });

  it('refuses a history request without a valid device token or with a bad query, with typed errors', async () => {
    for (const [device, query] of [
      [null, 'player=me'],
      ['short', 'player=me'],
      [me, 'player=you'],
      [me, 'player=me&limit=0'],
      [me, 'player=me&limit=500'],
      [me, 'player=me&cursor=%2F%2F'],
      [me, 'player=me&extra=1'],
    ] as const) {
      const r = await history(url, device, query);
      expect(r.status, `${String(device)} ${query}`).toBe(400);
      expect(r.json.error.code).toBe('BAD_REQUEST');
      expect(r.json.error.message.length).toBeGreaterThan(5);
    }
  });

  it('serves the full log of a finished match: folding it with the rules reproduces the result exactly, and the commitments verify', async () => {
    expect(played).toHaveLength(4);
    for (const p of played) {
      const r = await detail(url, p.matchId);
      expect(r.status).toBe(200);
      const d = r.json as FinishedMatchDetail;
      expect(d).toMatchObject({ id: p.matchId, roomId: p.roomId, family: p.family, number: 1, finished: true });
      // no Code of the day: no puzzle number
      expect(d.daily).toBeUndefined();
      const family = getFamily(d.family)!;
      const options = family.optionsSchema.parse(d.options);
      const final = foldLog(
        family,
        options,
        d.seed,
        d.log.map((a) => ({ seat: a.seat, action: family.actionSchema.parse(a.action) })),
      );
      expect(family.status(final)).toEqual(p.final.status);
      expect(d.status).toEqual(p.final.status);
      expect(d.view).toEqual(family.review(final));
      expect(d.log.map((a) => a.seq)).toEqual(d.log.map((_, i) => i + 1));

      // What was committed live is what is published, and every published salt opens its hash.
      expect(d.commitments).toEqual(p.final.commitments);
      const secrets = d.log.filter((a) => secretOf(a.action));
      expect(d.commitments.filter((c) => c.kind === 'secret')).toHaveLength(secrets.length);
      for (const a of secrets) {
        expect(a.salt).toMatch(/^[A-Za-z0-9_-]{32}$/);
        const c = d.commitments.find((x) => x.kind === 'secret' && x.seq === a.seq);
        expect(c).toEqual({
          kind: 'secret',
          seq: a.seq,
          seat: a.seat,
          hash: sha256(secretPreimage(a.salt!, secretOf(a.action)!)),
        });
      }
      for (const a of d.log.filter((x) => !secretOf(x.action))) expect(a.salt).toBeNull();
      const deal = d.commitments.filter((c) => c.kind === 'deal');
      if (p.family === 'mm44') expect(deal).toEqual([{ kind: 'deal', hash: sha256(dealPreimage(d.salt!, d.seed)) }]);
      else expect(deal).toEqual([]);
    }
  });

  it('shows a match still being played only as a spectator sees it, and 404s an unknown one', async () => {
    const t = await seatRoom(url, { family: 'rotation' }, [me, friend, undefined]);
    const watcher = await Player.connect(url);
    await watcher.join(t.roomId);
    const all = [...t.everyone, watcher];
    const secret = [5, 4, 3, 2];
    await step(t.players[0]!, { type: 'setSecret', code: secret }, all);
    await step(t.players[1]!, { type: 'guess', code: [0, 1, 2, 3] }, all);
    const matchId = watcher.latest!.snapshot.matchId;
    const r = await detail(url, matchId);
    expect(r.status).toBe(200);
    const d = r.json as LiveMatchDetail;
    expect(d.finished).toBe(false);
    expect(d.snapshot).toEqual(watcher.latest!.snapshot);
    expect(containsCode(r.json, secret)).toBe(false);
    for (const word of ['seed', 'salt', '"log"']) expect(JSON.stringify(r.json)).not.toContain(word);
    t.close();
    watcher.close();

    expect((await detail(url, 'AAAAAAAAAAAAAAAA')).json).toEqual({
      error: { code: 'MATCH_NOT_FOUND', message: expect.any(String) },
    });
    expect((await detail(url, 'AAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await detail(url, 'not*an*id')).status).toBe(404);
  });
});
