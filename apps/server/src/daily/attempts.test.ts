import { describe, expect, it } from 'vitest';
import { LOGIC_DATABASES } from '../test-support/databases';
import {
  PROTOCOL_VERSION,
  type DailyAttempt,
  type DailyMeReply,
  type DailySummaryReply,
  type MatchListReply,
  type StatsReply,
} from '@mm/protocol';
import { DAILY_RULES, allCodes, inconsistentRow, revealTime, scoreGuess, type Code } from '@mm/rules';
import type { RaceView } from '@mm/rules/families/race';
import { call } from '../test-support/api';
import { finish, newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsCode, containsText } from '../test-support/scan';
import { useServer } from '../test-support/server';
import { dailyCode, dailySalt } from './derive';

const SECRET = 'daily-attempt-test-secret-0123456789';
/** 2026-11-26 11:00 UTC: puzzles 25 (UTC−12), 26 and 27 (UTC+14) are somebody's today. */
const START = new Date('2026-11-26T11:00:00Z');
const DAY_MS = 86_400_000;
const CODES = allCodes({ pegs: 4, colours: 6, repeats: true, blanks: false });

/** A wrong guess that shares no colour with `code`, so no scan can mistake it for the code. */
const missOf = (code: Code, row: number): Code => {
  const free = [0, 1, 2, 3, 4, 5].filter((c) => !code.includes(c));
  return [0, 1, 2, 3].map((i) => free[(row + i) % free.length]!);
};

/** The app on `kind`, with its daily clock in the test's hands and its log lines kept. */
function dailyServer(kind: 'embedded' | 'postgres') {
  const clock = { now: START };
  const logs: string[] = [];
  const server = useServer(
    kind,
    { dailySecret: SECRET, logLevel: 'debug', linkTriesPerMinute: 1000 },
    { now: () => clock.now, logStream: { write: (line) => void logs.push(line) } },
  );
  return { server, clock, logs };
}

async function start(url: string, device: string, n: number, hard = false): Promise<DailyAttempt> {
  const r = await call(url, 'POST', '/api/daily/attempt', device, { n, hard });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  return r.json as DailyAttempt;
}

/** Plays `guesses` in the device's attempt at `n` (made if need be); returns the attempt as it then stands. */
async function play(url: string, device: string, n: number, guesses: Code[], hard = false): Promise<DailyAttempt> {
  const attempt = await start(url, device, n, hard);
  const p = await Player.connect(url, { deviceToken: device });
  expect(await p.join(attempt.roomId, attempt.seatToken)).toMatchObject({ ok: true, seat: 0 });
  for (const code of guesses) expect(await p.act({ type: 'guess', code })).toMatchObject({ ok: true });
  p.close();
  return (await call(url, 'GET', `/api/daily/attempt?n=${n}`, device)).json.attempt as DailyAttempt;
}

async function linkDevices(url: string, first: string, second: string): Promise<void> {
  const code = (await call(url, 'POST', '/api/me/link-codes', first)).json.code as string;
  expect((await call(url, 'POST', '/api/link', second, { code })).status).toBe(200);
}

describe.each(LOGIC_DATABASES)('the Code of the day on the %s database', (kind) => {
  const { server, clock, logs } = dailyServer(kind);

  it('gives a player one attempt on every device, plays it in a sealed room, and leaks nothing before its end', async () => {
    clock.now = START;
    const code = dailyCode(SECRET, 26);
    const salt = dailySalt(SECRET, 26);
    const [phone, laptop, stranger] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const bodies: unknown[] = [];
    const get = async (path: string, device: string | null) => {
      const r = await call(server.url, 'GET', path, device);
      bodies.push(r.json);
      return r;
    };

    const attempt = await start(server.url, phone, 26);
    bodies.push(attempt);
    expect(attempt).toMatchObject({ n: 26, date: '2026-11-26', seat: 0, hard: false, status: 'playing', guesses: 0 });
    // The laptop joins the phone's player: it gets the very same attempt, whatever it asks for.
    await linkDevices(server.url, phone, laptop);
    const again = await start(server.url, laptop, 26, true);
    bodies.push(again);
    expect(again).toEqual(attempt);
    expect((await get('/api/daily/attempt?n=26', laptop)).json).toEqual({ attempt });
    expect(await server.app.db.prisma.dailyAttempt.count()).toBe(1);
    expect((await get('/api/daily/26/summary', phone)).json.error.code).toBe('DAILY_NOT_FINISHED');

    const onPhone = await Player.connect(server.url, { deviceToken: phone });
    const onLaptop = await Player.connect(server.url, { deviceToken: laptop });
    const watcher = await Player.connect(server.url, { deviceToken: stranger });
    expect(await onPhone.join(attempt.roomId, attempt.seatToken)).toMatchObject({ ok: true, seat: 0 });
    expect(await onLaptop.join(attempt.roomId)).toMatchObject({ ok: true, seat: 0 });
    // Nobody else watches it being played, takes the seat, or acts with its token.
    expect(await watcher.join(attempt.roomId)).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
    expect(
      await watcher.send('room:join', { roomId: attempt.roomId, protocol: PROTOCOL_VERSION, claim: { seat: 0, name: 'Eve' } }),
    ).toMatchObject({
      ok: false,
      code: 'SEAT_TAKEN',
    });
    expect(
      await Player.connect(server.url, { deviceToken: stranger }).then((p) => p.join(attempt.roomId, attempt.seatToken)),
    ).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(await watcher.send('room:settings', { spectators: true })).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });

    for (const row of [0, 1]) expect(await onPhone.act({ type: 'guess', code: missOf(code, row) })).toMatchObject({ ok: true });
    await onLaptop.waitForSeq(2);
    expect((await get('/api/daily/attempt?n=26', phone)).json.attempt).toMatchObject({ status: 'playing', guesses: 2 });
    expect(await onLaptop.send('seat:leave', {})).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
    // Played alone: no reaction from the seat, none from anyone else (nobody may watch it).
    expect(await onLaptop.send('room:react', { preset: 'clap' })).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
    expect(await watcher.send('room:react', { preset: 'clap' })).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });
    expect(await onPhone.send('match:rematch', { accept: true })).toMatchObject({ ok: false, code: 'ROOM_SEALED' });

    // Everything the player's devices are answered about it before the end: no code, no salt, no secret.
    const me = (await get('/api/daily/me', laptop)).json as DailyMeReply;
    expect(me.attempts).toEqual([{ n: 26, hard: false, status: 'playing', guesses: 2 }]);
    const history = (await get('/api/matches?player=me', phone)).json as MatchListReply;
    const entry = history.matches.find((m) => m.roomId === attempt.roomId)!;
    expect(entry).toMatchObject({ family: 'race', result: null });
    expect((await get(`/api/matches/${entry.id}`, phone)).json.error.code).toBe('SPECTATING_OFF');
    expect((await get(`/api/matches/${entry.id}`, stranger)).status).toBe(404);
    expect((await get(`/api/rooms/${attempt.roomId}`, stranger)).status).toBe(404);
    expect((await get(`/api/rooms/${attempt.roomId}`, null)).status).toBe(404);
    expect((await get(`/api/rooms/${attempt.roomId}`, laptop)).json).toMatchObject({ id: attempt.roomId, daily: 26 });
    const payloads = [...bodies, ...[onPhone, onLaptop, watcher].flatMap((p) => p.received.map((r) => r.payload))];
    expect(payloads.length).toBeGreaterThan(10);
    for (const payload of payloads) {
      expect(containsCode(payload, code), JSON.stringify(payload)).toBe(false);
      expect(containsText(payload, salt)).toBe(false);
      expect(containsText(payload, SECRET)).toBe(false);
    }

    // The code broken on row 3: the attempt follows its match, and only now is the day's summary open.
    expect(await onPhone.act({ type: 'guess', code })).toMatchObject({ ok: true, seq: 3 });
    const end = await onLaptop.waitForSeq(3);
    expect((end.snapshot.view as RaceView).code).toEqual(code);
    expect((await call(server.url, 'GET', '/api/daily/attempt?n=26', phone)).json.attempt).toMatchObject({
      status: 'won',
      guesses: 3,
    });
    expect(await onPhone.send('match:rematch', { accept: true })).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
    const summary = (await call(server.url, 'GET', '/api/daily/26/summary', laptop)).json as DailySummaryReply;
    expect(summary).toEqual({ n: 26, played: 1, distribution: [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0], friends: [] });
    expect((await call(server.url, 'GET', '/api/daily/me', phone)).json.stats).toMatchObject({ played: 1, currentStreak: 1 });

    // The replay: the player's own until the day has ended everywhere, public after; marked with its puzzle's number.
    expect((await call(server.url, 'GET', `/api/matches/${entry.id}`, laptop)).json).toMatchObject({ finished: true, daily: 26 });
    expect((await call(server.url, 'GET', `/api/matches/${entry.id}`, stranger)).status).toBe(404);
    expect((await call(server.url, 'GET', `/api/matches/${entry.id}`, null)).status).toBe(404);
    clock.now = revealTime(26);
    expect((await call(server.url, 'GET', `/api/matches/${entry.id}`, null)).json).toMatchObject({
      finished: true,
      daily: 26,
      view: { code },
    });

    // Never in a log line: the secret, a salt, a code.
    const logged = logs.join('');
    expect(logged).toContain('request');
    expect(logged).not.toContain(SECRET);
    expect(logged).not.toContain(salt);
    expect(logged).not.toContain(JSON.stringify(code));
    for (const p of [onPhone, onLaptop, watcher]) p.close();
  }, 120_000);

  it('refuses a puzzle that is nobody’s today, and bad requests, changing nothing', async () => {
    clock.now = START;
    const device = newDeviceToken();
    for (const n of [24, 28]) {
      const r = await call(server.url, 'POST', '/api/daily/attempt', device, { n, hard: false });
      expect(r).toMatchObject({ status: 409, json: { error: { code: 'NOT_PLAYABLE' } } });
    }
    for (const body of [{ n: 0, hard: false }, { n: 26 }, { n: 26.5, hard: false }, { n: 26, hard: false, extra: 1 }])
      expect((await call(server.url, 'POST', '/api/daily/attempt', device, body)).status).toBe(400);
    expect((await call(server.url, 'POST', '/api/daily/attempt', null, { n: 26, hard: false })).status).toBe(400);
    expect((await call(server.url, 'GET', '/api/daily/attempt?n=x', device)).status).toBe(400);
    expect((await call(server.url, 'GET', '/api/daily/attempt?n=28', device)).json).toEqual({ attempt: null });
    expect((await call(server.url, 'GET', '/api/daily/26/summary', device)).status).toBe(403);
    expect((await call(server.url, 'GET', '/api/daily/me', device)).json.attempts).toEqual([]);
  });
});

describe('the Code of the day, counted', () => {
  const { server, clock } = dailyServer('postgres');

  it('refuses in hard mode a guess that contradicts an earlier row', async () => {
    clock.now = START;
    const code = dailyCode(SECRET, 27);
    const device = newDeviceToken();
    const first = missOf(code, 0);
    const attempt = await play(server.url, device, 27, [first], true);
    expect(attempt).toMatchObject({ hard: true, guesses: 1 });
    const rows = [{ guess: first, score: scoreGuess(code, first) }];
    const contradicts = CODES.find((c) => inconsistentRow(c, rows) !== null)!;
    const p = await Player.connect(server.url, { deviceToken: device });
    await p.join(attempt.roomId, attempt.seatToken);
    expect(await p.act({ type: 'guess', code: contradicts })).toMatchObject({ ok: false, code: 'INCONSISTENT_GUESS' });
    expect(await p.act({ type: 'guess', code })).toMatchObject({ ok: true });
    p.close();
  });

  it("counts the day's results, and shows the friends met at a table who have finished", async () => {
    clock.now = START;
    const n = 25;
    const code = dailyCode(SECRET, n);
    const [ann, bob, cy] = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    // Ann and Bob shared a race; Cy never met Ann.
    const table = await seatRoom(server.url, { family: 'race', options: { players: 2 } }, [ann, bob], { names: ['Ann', 'Bob'] });
    table.close();
    expect(
      (
        await play(
          server.url,
          bob,
          n,
          Array.from({ length: 10 }, (_, i) => missOf(code, i)),
        )
      ).status,
    ).toBe('lost');
    expect((await play(server.url, cy, n, [code])).status).toBe('won');
    expect((await call(server.url, 'GET', `/api/daily/${n}/summary`, ann)).status).toBe(403);
    expect((await play(server.url, ann, n, [missOf(code, 0), code])).status).toBe('won');
    const summary = (await call(server.url, 'GET', `/api/daily/${n}/summary`, ann)).json as DailySummaryReply;
    expect(summary).toEqual({
      n,
      played: 3,
      distribution: [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 1],
      friends: [{ name: 'Bob', status: 'lost', guesses: 10, hard: false }],
    });
    expect((await call(server.url, 'GET', `/api/daily/${n}/summary`, bob)).json.friends).toEqual([
      { name: 'Ann', status: 'won', guesses: 2, hard: false },
    ]);
  });

  it('closes an attempt at its puzzle’s reveal: no move is taken after it, and one still open counts as unfinished, never won', async () => {
    clock.now = START;
    const n = 26;
    const device = newDeviceToken();
    // Opened before the reveal, no guess made: once the code is public, it must not be won in one row.
    const attempt = await start(server.url, device, n);
    const p = await Player.connect(server.url, { deviceToken: device });
    expect(await p.join(attempt.roomId, attempt.seatToken)).toMatchObject({ ok: true, seat: 0 });
    clock.now = revealTime(n);
    expect(await p.act({ type: 'guess', code: dailyCode(SECRET, n) })).toMatchObject({ ok: false, code: 'DAILY_CLOSED' });
    expect(await p.send('seat:rename', { name: 'Ann' })).toMatchObject({ ok: false, code: 'DAILY_CLOSED' });
    p.close();
    expect((await call(server.url, 'GET', `/api/daily/attempt?n=${n}`, device)).json.attempt).toMatchObject({
      status: 'unfinished',
      guesses: 0,
    });
    const me = (await call(server.url, 'GET', '/api/daily/me', device)).json as DailyMeReply;
    expect(me.attempts).toEqual([{ n, hard: false, status: 'unfinished', guesses: 0 }]);
    expect(me.stats).toMatchObject({ played: 1, winPercent: 0, lost: 1, currentStreak: 0, longestStreak: 0 });
    const history = (await call(server.url, 'GET', '/api/matches?player=me', device)).json as MatchListReply;
    expect(history.matches).toMatchObject([{ roomId: attempt.roomId, daily: n, result: null, yourTurn: false }]);
    // Public now that the code is, to anyone, though it never ended.
    expect((await call(server.url, 'GET', `/api/matches/${history.matches[0]!.id}`, null)).json).toMatchObject({
      finished: false,
      daily: n,
    });
    // The day's results count it with the losses; the replay of its match is public now, and unfinished.
    const summary = (await call(server.url, 'GET', `/api/daily/${n}/summary`, device)).json as DailySummaryReply;
    expect(summary.played).toBeGreaterThan(0);
    expect(summary.distribution[DAILY_RULES.maxGuesses]).toBeGreaterThan(0);
  });

  it('merges two players’ attempts when their devices are linked, keeping the joined player’s own at a shared puzzle', async () => {
    clock.now = START;
    const [phone, tablet] = [newDeviceToken(), newDeviceToken()];
    const kept = await play(server.url, phone, 26, [dailyCode(SECRET, 26)]);
    await play(server.url, tablet, 26, []);
    await play(server.url, tablet, 27, [dailyCode(SECRET, 27)]);
    await linkDevices(server.url, phone, tablet);
    expect((await call(server.url, 'GET', '/api/daily/me', tablet)).json.attempts).toEqual([
      { n: 27, hard: false, status: 'won', guesses: 1 },
      { n: 26, hard: false, status: 'won', guesses: 1 },
    ]);
    expect((await call(server.url, 'GET', '/api/daily/attempt?n=26', tablet)).json.attempt).toEqual(kept);
  });

  it('keeps the earlier attempt when a merge brings two at one puzzle: a loss is never swapped for a win', async () => {
    clock.now = START;
    const n = 27;
    const code = dailyCode(SECRET, n);
    const [loser, fresh] = [newDeviceToken(), newDeviceToken()];
    const lost = await play(
      server.url,
      loser,
      n,
      Array.from({ length: 10 }, (_, i) => missOf(code, i)),
    );
    expect(lost.status).toBe('lost');
    // Having seen the code, the loser wins it on a fresh player, then redeems that player's link code.
    const won = await play(server.url, fresh, n, [code]);
    expect(won.status).toBe('won');
    await linkDevices(server.url, fresh, loser);
    for (const device of [loser, fresh]) {
      const me = (await call(server.url, 'GET', '/api/daily/me', device)).json as DailyMeReply;
      expect(me.attempts).toEqual([{ n, hard: false, status: 'lost', guesses: 10 }]);
      expect(me.stats).toMatchObject({ played: 1, winPercent: 0, lost: 1, currentStreak: 0 });
      expect((await call(server.url, 'GET', `/api/daily/attempt?n=${n}`, device)).json.attempt).toEqual(lost);
    }
    // The later attempt's match is still the player's, in the history and the export, its room still sealed.
    const history = (await call(server.url, 'GET', '/api/matches?player=me', fresh)).json as MatchListReply;
    expect(history.matches.map((m) => [m.roomId, m.daily])).toEqual(
      expect.arrayContaining([
        [lost.roomId, n],
        [won.roomId, n],
      ]),
    );
    const exported = (await call(server.url, 'GET', '/api/me/export', loser)).json as { matches: { roomId: string }[] };
    expect(exported.matches.map((m) => m.roomId).sort()).toEqual([lost.roomId, won.roomId].sort());
    const p = await Player.connect(server.url, { deviceToken: newDeviceToken() });
    expect(await p.join(won.roomId)).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
    p.close();
  });

  it('marks the Code of the day in the history and counts it apart from races, asking the room, not its shape', async () => {
    clock.now = START;
    const device = newDeviceToken();
    const attempt = await play(server.url, device, 26, [dailyCode(SECRET, 26)]);
    // A one-seat race of the player's own looks like a daily attempt, and is a race.
    const table = await seatRoom(server.url, { family: 'race', options: { players: 1 } }, [device]);
    await finish(server.app, 'race', table, { players: 1 });
    table.close();
    const stats = (await call(server.url, 'GET', '/api/me/stats', device)).json as StatsReply;
    expect(stats.families.map((f) => [f.family, f.played, f.won])).toEqual([['race', 1, 1]]);
    expect(stats.matches).toBe(1);
    const history = (await call(server.url, 'GET', '/api/matches?player=me', device)).json as MatchListReply;
    expect(history.matches.map((m) => [m.roomId, m.daily])).toEqual(
      expect.arrayContaining([
        [attempt.roomId, 26],
        [table.roomId, undefined],
      ]),
    );
    const p = await Player.connect(server.url, { deviceToken: device });
    expect(await p.join(attempt.roomId)).toMatchObject({ ok: true, room: { daily: 26 } });
    const race = await p.join(table.roomId);
    expect(race).toMatchObject({ ok: true, room: { family: 'race' } });
    expect(race).not.toHaveProperty('room.daily');
    p.close();
  });

  it('keeps streaks across puzzle numbers as the days go by', async () => {
    const device = newDeviceToken();
    const stats = async () => ((await call(server.url, 'GET', '/api/daily/me', device)).json as DailyMeReply).stats;
    const day = (i: number) => (clock.now = new Date(START.getTime() + i * DAY_MS));
    const win = (n: number) => play(server.url, device, n, [dailyCode(SECRET, n)]);
    const lose = (n: number) =>
      play(
        server.url,
        device,
        n,
        Array.from({ length: 10 }, (_, i) => missOf(dailyCode(SECRET, n), i)),
      );

    day(0);
    await win(26);
    expect(await stats()).toMatchObject({ played: 1, currentStreak: 1, longestStreak: 1 });
    day(1);
    await win(27);
    expect(await stats()).toMatchObject({ played: 2, currentStreak: 2, longestStreak: 2 });
    day(2);
    await lose(28);
    expect(await stats()).toMatchObject({ played: 3, currentStreak: 0, longestStreak: 2, lost: 1 });
    day(3);
    await win(29);
    day(4);
    await win(30);
    expect(await stats()).toMatchObject({ played: 5, currentStreak: 2, winPercent: 80 });
    // Puzzle 31 not played: the streak holds while 31 is still somebody's today, and ends after.
    day(6);
    expect(await stats()).toMatchObject({ currentStreak: 2, longestStreak: 2 });
    day(7);
    expect(await stats()).toMatchObject({ currentStreak: 0, longestStreak: 2 });
    expect(((await call(server.url, 'GET', '/api/daily/me', device)).json as DailyMeReply).attempts.map((a) => a.n)).toEqual([
      30, 29, 28, 27, 26,
    ]);
  }, 120_000);
});
