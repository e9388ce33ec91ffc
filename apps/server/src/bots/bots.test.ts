import { afterEach, describe, expect, it } from 'vitest';
import { LOGIC_DATABASES } from '../test-support/databases';
import type { RoomSummary } from '@mm/protocol';
import { scoreGuess, type Code, type CodeRules, type MatchView } from '@mm/rules';
import type { DuelView } from '@mm/rules/families/duel';
import type { Mm44View } from '@mm/rules/families/mm44';
import type { ParkerView } from '@mm/rules/families/parker';
import type { RotationView } from '@mm/rules/families/rotation';
import { candidatesFor, countConsistent, createSpace, encode, mm44DealsFromView, nextGuess, type Row } from '@mm/solver';
import {
  codeSeenEarly,
  expectBotIds,
  firstSeqWhere,
  hiddenLeaks,
  playPerson,
  publicCodesBeside,
  storedLog,
} from '../test-support/bots';
import { createRoomAs, newDeviceToken } from '../test-support/finish';
import { Player, startWhenReady } from '../test-support/player';
import { useServer } from '../test-support/server';
import { snap, tokenLeaks, viewOf } from '../test-support/table';

const rulesOf = (o: { pegs: number; colours: number; repeats: boolean; blanks?: boolean }): CodeRules => ({
  pegs: o.pegs,
  colours: o.colours,
  repeats: o.repeats,
  blanks: o.blanks ?? false,
});
const guessFrom = (rules: CodeRules, rows: readonly Row[]): Code => nextGuess(createSpace(rules), rows);

/** A room made over HTTP with `body` (bots, hints … included), a person's socket seated at `seat` (null: none), and a watcher. */
async function botRoom(
  url: string,
  body: Record<string, unknown>,
  seat: number | null,
  opts: { creator?: string } = {},
): Promise<{ roomId: string; person: Player | null; watcher: Player; close(): void }> {
  const created = await createRoomAs(url, body, opts.creator);
  if (created.status !== 201) throw new Error(`room not created: ${created.status} ${JSON.stringify(created.json)}`);
  const roomId = created.json.id as string;
  const watcher = await Player.connect(url);
  expect((await watcher.join(roomId)).ok).toBe(true);
  let person: Player | null = null;
  if (seat !== null) {
    person = await Player.connect(url, opts.creator ? { deviceToken: opts.creator } : {});
    expect((await person.join(roomId)).ok).toBe(true);
    expect((await person.claim(seat, 'Ada')).ok).toBe(true);
    await startWhenReady([person], [person, watcher]);
  }
  return { roomId, person, watcher, close: () => [person, watcher].forEach((p) => p?.close()) };
}

/** A duel person: a fixed secret as codemaker, the solver's guesses from its own rows as codebreaker. */
const duelPerson =
  (seat: number, secret: Code) =>
  (v: MatchView): unknown => {
    const view = v as DuelView;
    const round = view.rounds.at(-1)!;
    if (round.codemaker === seat) return { type: 'setSecret', code: secret };
    return {
      type: 'guess',
      code: guessFrom(
        rulesOf(view.options),
        round.rows.map((r) => ({ guess: r.guess, score: r.score! })),
      ),
    };
  };

describe.each(LOGIC_DATABASES)('bots on the %s database', (kind) => {
  const server = useServer(kind, { botDelayMs: 0 });
  afterEach(() => {
    // the rules never refused a bot's move
    expect(server.app.bots.stats.refused).toBe(0);
  });

  it('validates bot seats when a room is made, and summarises bots, hints and takeovers', async () => {
    const post = (body: unknown) => createRoomAs(server.url, body);
    for (const [body, message] of [
      [{ family: 'duel', bots: [2] }, /no seat 2/],
      [{ family: 'rotation', options: { players: 3 }, bots: [3] }, /no seat 3/],
      [{ family: 'mm44', options: { seating: '2x2' }, bots: [2] }, /seats 0 to 1/],
      [{ family: 'duel', bots: [1, 1] }, /listed twice/],
      [{ family: 'duel', bots: [-1] }, /bots/],
      [{ family: 'duel', takeOverAfterSec: 5 }, /takeOverAfterSec/],
      [{ family: 'duel', hints: 'yes' }, /hints/],
    ] as const) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error.code).toBe('BAD_REQUEST');
      expect(res.json.error.message).toMatch(message);
    }
    const plain = await post({ family: 'parker' });
    const summary = (await (await fetch(`${server.url}/api/rooms/${plain.json.id}`)).json()) as RoomSummary;
    expect(summary).toMatchObject({ hints: false, takeOverAfterSec: null });
    expect(summary.seats).toEqual(
      [0, 1].map((index) => ({ index, name: null, connected: false, bot: false, takenOver: false, botStrength: null })),
    );

    const withBots = await post({ family: 'rotation', options: { players: 4 }, bots: [1, 3], hints: true, takeOverAfterSec: 60 });
    expect(withBots.status).toBe(201);
    const s2 = (await (await fetch(`${server.url}/api/rooms/${withBots.json.id}`)).json()) as RoomSummary;
    expect(s2).toMatchObject({ hints: true, takeOverAfterSec: 60 });
    // A bot is always there: its seat counts as connected.
    expect(s2.seats).toEqual([
      { index: 0, name: null, connected: false, bot: false, takenOver: false, botStrength: null },
      { index: 1, name: 'Bot B', connected: true, bot: true, takenOver: false, botStrength: 'strong' },
      { index: 2, name: null, connected: false, bot: false, takenOver: false, botStrength: null },
      { index: 3, name: 'Bot D', connected: true, bot: true, takenOver: false, botStrength: 'strong' },
    ]);
  });

  it('duel: a person against a bot, both roles, to the end; the bot never shows its secret early, and its moves are logged', async () => {
    const mine: Code = [5, 3, 1, 0];
    const t = await botRoom(server.url, { family: 'duel', options: { rounds: 2 }, bots: [1] }, 0);
    const person = t.person!;
    // Seat 0 makes the first code; the bot breaks it, then makes one for the person.
    const end = await playPerson(person, 0, duelPerson(0, mine));
    const view = end.view as DuelView;
    expect(view.finished).toBe(true);
    expect(view.rounds.map((r) => [r.codemaker, r.outcome])).toEqual([
      [0, 'broken'],
      [1, 'broken'],
    ]);
    // Its guesses are the strong ones: the 4×6 no-repeat optimum needs at most 5 (6 with this solver's fallback margin).
    expect(view.rounds[0]!.rows.length).toBeLessThanOrEqual(6);
    const botSecret = view.rounds[1]!.secret!;
    expect(botSecret).toHaveLength(4);
    expect(new Set(botSecret).size).toBe(4); // a legal secret: no repeats in the default duel

    const reveal = firstSeqWhere(person, (v) => (v as DuelView).rounds[1]?.outcome != null);
    expect(hiddenLeaks(person, 0)).toEqual([]);
    expect(hiddenLeaks(t.watcher, null)).toEqual([]);
    const ownCodes = [mine, ...publicCodesBeside(view.rounds, 1)];
    expect(codeSeenEarly(person, botSecret, reveal, ownCodes)).toEqual([]);
    expect(codeSeenEarly(t.watcher, botSecret, reveal, ownCodes)).toEqual([]);

    const ids = await expectBotIds(server.app, t.roomId, [1]);
    expect(ids.bot).toBe(view.rounds[0]!.rows.length + 1); // its guesses, and its secret
    const log = await storedLog(server.app, t.roomId);
    expect(log.find((a) => a.seat === 1 && a.payload.type === 'setSecret')?.payload.code).toEqual(botSecret);
    // The public replay of the finished match shows the bot's moves like anyone's.
    const detail = (await (await fetch(`${server.url}/api/matches/${snap(person).matchId}`)).json()) as any;
    expect(detail.log.filter((a: { seat: number }) => a.seat === 1)).toHaveLength(ids.bot);
    expect(detail.players).toEqual([
      { seat: 0, name: 'Ada' },
      { seat: 1, name: 'Bot B' },
    ]);

    // A rematch needs only the people's votes (a bot always accepts); everyone moves one seat on, the bot too.
    expect(await person.send('match:rematch', { accept: true })).toEqual({ ok: true, started: true });
    const second = await t.watcher.waitFor(
      (u) => u.snapshot.matchNumber === 2 && (u.snapshot.view as DuelView).rounds[0]!.secretSet,
    );
    expect(second.room.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Bot A', true],
      ['Ada', false],
    ]);
    // The bot now makes the first code, at once.
    expect(second.snapshot.last).toMatchObject({ seq: 1, seat: 0, type: 'setSecret' });
    const rejoined = await person.rejoined;
    expect(rejoined).toMatchObject({ ok: true, seat: 1 });
    t.close();
  });

  it('rotation: one person and two bots play every round; three bots play a whole match alone for a watcher', async () => {
    const mine: Code = [0, 2, 4, 5];
    const t = await botRoom(server.url, { family: 'rotation', bots: [1, 2] }, 0);
    const person = t.person!;
    const end = await playPerson(person, 0, (v) => {
      const view = v as RotationView;
      const round = view.rounds.at(-1)!;
      if (round.codemaker === 0) return { type: 'setSecret', code: mine };
      return { type: 'guess', code: guessFrom(rulesOf(view.options), round.rows) };
    });
    const view = end.view as RotationView;
    expect(view.rounds).toHaveLength(3);
    expect(view.rounds.every((r) => r.outcome !== null && r.secret !== null)).toBe(true);
    expect(view.rounds.map((r) => r.codemaker)).toEqual([0, 1, 2]);
    expect(end.status.finished).toBe(true);
    expect(hiddenLeaks(person, 0)).toEqual([]);
    expect(hiddenLeaks(t.watcher, null)).toEqual([]);
    for (const r of [1, 2]) {
      const secret = view.rounds[r]!.secret!;
      const reveal = firstSeqWhere(person, (v) => (v as RotationView).rounds[r]?.outcome != null);
      const own = [mine, ...publicCodesBeside(view.rounds, r)];
      expect(codeSeenEarly(person, secret, reveal, own), `round ${r + 1}`).toEqual([]);
    }
    await expectBotIds(server.app, t.roomId, [1, 2]);
    t.close();

    // Every seat a bot (allowed: a room that plays itself, e.g. to show the game).
    const demo = await botRoom(server.url, { family: 'rotation', bots: [0, 1, 2] }, null);
    const over = await demo.watcher.waitFor((u) => u.snapshot.status.finished, 30_000);
    const dv = over.snapshot.view as RotationView;
    expect(dv.rounds.map((r) => r.outcome !== null)).toEqual([true, true, true]);
    expect(over.room.seats.map((s) => [s.name, s.bot, s.connected])).toEqual([
      ['Bot A', true, true],
      ['Bot B', true, true],
      ['Bot C', true, true],
    ]);
    expect(hiddenLeaks(demo.watcher, null)).toEqual([]);
    const ids = await expectBotIds(server.app, demo.roomId, [0, 1, 2]);
    expect(ids.people).toBe(0);
    demo.close();
  });

  it('parker: a person against a bot to the end; neither secret reaches the other side early', async () => {
    const mine: Code = [2, 2, 5];
    const t = await botRoom(server.url, { family: 'parker', bots: [1] }, 0);
    const person = t.person!;
    const end = await playPerson(person, 0, (v) => {
      const view = v as ParkerView;
      const game = view.games.at(-1)!;
      if (!game.secretSet[0]) return { type: 'setSecret', code: mine };
      return { type: 'guess', code: guessFrom(rulesOf(view.options), game.guesses[0]) };
    });
    const view = end.view as ParkerView;
    const game = view.games[0]!;
    expect(game.outcome).not.toBeNull();
    expect(game.guesses[0].length).toBe(game.guesses[1].length);
    // The bot broke the person's code, or the person broke the bot's: the solver needs at most 5 guesses at 3×6.
    expect(game.brokenAt.some((m) => m !== null)).toBe(true);
    const botSecret = game.secrets[1]!;
    expect(hiddenLeaks(person, 0)).toEqual([]);
    expect(hiddenLeaks(t.watcher, null)).toEqual([]);
    // Public from the moment the person's guess broke it (that guess is the code), or when the game ended.
    const reveal = firstSeqWhere(person, (v) => {
      const g = (v as ParkerView).games[0];
      return g?.outcome != null || g?.brokenAt[0] != null;
    });
    // The person's own secret is always theirs to see (the bot may have drawn the same code: then
    // the scan cannot tell them apart, and the structural scan above is what holds); a guess equal
    // to the bot's secret is the breaking guess, which must not show before the reveal.
    const guesses = [...game.guesses[0], ...game.guesses[1]].map((g) => g.guess).filter((g) => g.join() !== botSecret.join());
    const own = [mine, ...guesses];
    expect(codeSeenEarly(person, botSecret, reveal, own)).toEqual([]);
    await expectBotIds(server.app, t.roomId, [1]);
    t.close();
  });

  it('Master Mind 44 (4x1): one person and three bots; ends with a right call or a draw, no part seen early', async () => {
    const t = await botRoom(server.url, { family: 'mm44', options: { seating: '4x1' }, bots: [1, 2, 3] }, 0);
    const person = t.person!;
    const end = await playPerson(
      person,
      0,
      (v) => {
        const view = v as Mm44View;
        if (view.phase === 'finalCalls') return { type: 'pass' };
        // The person never calls: filler rows of colours and empty holes.
        const k = view.boards[0]!.rows.length;
        return { type: 'row', code: [k % 6, null, (k + 2) % 6, null, (k + 4) % 6] };
      },
      60_000,
    );
    const view = end.view as Mm44View;
    expect(view.finished).toBe(true);
    const right = view.calls.filter((c) => c.correct);
    if (right.length > 0) {
      expect(right).toHaveLength(1);
      expect(end.status.winners).toEqual([right[0]!.seat]);
      expect(right[0]!.code).toEqual(view.code);
    } else {
      expect(end.status.draw).toBe(true);
    }
    // Bots call only what their own view proves, or in the final calls their likeliest code.
    expect(view.calls.filter((c) => !c.correct && c.seat !== 0).length).toBeLessThanOrEqual(3);
    expect(hiddenLeaks(person, 0)).toEqual([]);
    expect(hiddenLeaks(t.watcher, null)).toEqual([]);
    expect(
      tokenLeaks({ roomId: t.roomId, seats: [person], watcher: t.watcher, everyone: [person, t.watcher], close: t.close }),
    ).toEqual([]);
    await expectBotIds(server.app, t.roomId, [1, 2, 3]);
    t.close();
  });

  it('plays each bot at its strength: chosen when the room is made and per seat:bot, public, kept in the database', async () => {
    const bad = await createRoomAs(server.url, { family: 'duel', bots: [1], botStrength: 'genius' });
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BAD_REQUEST');

    const creator = newDeviceToken();
    const t = await botRoom(server.url, { family: 'rotation', bots: [1], botStrength: 'easy' }, 0, { creator });
    const person = t.person!;
    expect(await person.send('seat:bot', { seat: 2, strength: 'medium' })).toEqual({ ok: true });
    expect(await person.send('seat:bot', { seat: 2, strength: 'hard' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    const seated = await t.watcher.waitFor((u) => u.room.seats[2]!.bot);
    expect(seated.room.seats.map((s) => s.botStrength)).toEqual([null, 'easy', 'medium']);
    const stored = await server.app.db.prisma.seat.findMany({ where: { roomId: t.roomId }, orderBy: { index: 'asc' } });
    expect(stored.map((s) => s.bot && s.botStrength)).toEqual([false, 'easy', 'medium']);
    // the weaker bots still play by the rules: a secret from the easy codemaker, guesses from both
    const end = await playPerson(person, 0, (v) => {
      const round = (v as RotationView).rounds.at(-1)!;
      return round.codemaker === 0 ? { type: 'setSecret', code: [0, 1, 2, 3] } : { type: 'guess', code: [0, 1, 2, 3] };
    });
    expect(end.status.finished).toBe(true);
    t.close();
  });

  it('seat:bot: the creator seats a bot in a free seat, which then plays; anyone else gets NOT_CREATOR', async () => {
    const creator = newDeviceToken();
    const t = await botRoom(server.url, { family: 'duel' }, 0, { creator });
    const person = t.person!;
    expect(await t.watcher.send('seat:bot', { seat: 1 })).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
    expect(await person.send('seat:bot', { seat: 0 })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(await person.send('seat:bot', { seat: 2 })).toMatchObject({ ok: false, code: 'NO_SUCH_SEAT' });
    expect(await person.send('seat:bot', { seat: 1 })).toEqual({ ok: true });
    expect(await person.send('seat:bot', { seat: 1 })).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    const seated = await t.watcher.waitFor((u) => u.room.seats[1]!.bot);
    expect(seated.room.seats[1]).toEqual({
      index: 1,
      name: 'Bot B',
      connected: true,
      bot: true,
      takenOver: false,
      botStrength: 'strong',
    });
    // Nobody may claim a bot's seat, nor pass a move off as a bot's.
    const late = await Player.connect(server.url);
    await late.join(t.roomId);
    expect(await late.claim(1, 'Eve')).toMatchObject({ ok: false, code: 'SEAT_TAKEN' });
    expect(
      await person.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { actionId: `bot-${snap(person).matchId}-1-0` }),
    ).toMatchObject({
      ok: false,
      code: 'BAD_REQUEST',
    });
    // The bot plays: the person makes the code, the bot breaks it.
    expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    const broken = await person.waitFor((u) => (u.snapshot.view as DuelView).rounds[0]!.outcome !== null);
    expect((broken.snapshot.view as DuelView).rounds[0]!.outcome).toBe('broken');
    late.close();
    t.close();
  });

  it("match:hint: HINTS_OFF by default; with hints on, the solver move and how many codes remain, from the seat's own view", async () => {
    const off = await botRoom(server.url, { family: 'duel', bots: [0] }, 1);
    expect(await off.person!.send('match:hint', {})).toMatchObject({ ok: false, code: 'HINTS_OFF' });
    off.close();

    const t = await botRoom(server.url, { family: 'duel', bots: [0], hints: true }, 1);
    const person = t.person!;
    expect(await t.watcher.send('match:hint', {})).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    const space = createSpace({ pegs: 4, colours: 6, repeats: false, blanks: false });
    await person.waitFor((u) => (u.snapshot.view as DuelView).rounds[0]!.secretSet);
    const rows: Row[] = [];
    for (let i = 0; i < 8; i++) {
      const hint = await person.send('match:hint', {});
      if (!hint.ok) throw new Error(hint.code);
      expect(hint.possible).toBe(countConsistent(space, rows));
      expect(hint.kind).toBe('guess');
      // A code the rows so far still allow (the bots' strongest probes often are not; a hint always is).
      expect(candidatesFor(space, rows).includes(encode(space, hint.code!)), JSON.stringify(hint.code)).toBe(true);
      if (i === 0) expect(candidatesFor(space, []).includes(encode(space, nextGuess(space, [])))).toBe(false);
      const reply = await person.act({ type: 'guess', code: hint.code });
      if (!reply.ok) throw new Error(reply.code);
      const u = await person.waitForSeq(reply.seq);
      const round = (u.snapshot.view as DuelView).rounds[0]!;
      rows.push({ guess: hint.code!, score: round.rows.at(-1)!.score! });
      if (round.outcome !== null) break;
    }
    const round = viewOf<DuelView>(person).rounds[0]!;
    expect(round.outcome).toBe('broken');
    expect(round.rows.length).toBeLessThanOrEqual(7);
    expect(round.rows.at(-1)!.guess).toEqual(round.secret);
    const secret = round.secret!;
    for (const row of round.rows) expect(row.score).toEqual(scoreGuess(secret, row.guess));
    // Round 2: the person makes the code and the bot breaks it; then the hint has nothing to guess, and the board one code left.
    expect((await person.act({ type: 'setSecret', code: [1, 2, 3, 4] })).ok).toBe(true);
    await person.waitFor((u) => u.snapshot.status.finished);
    const h2 = await person.send('match:hint', {});
    if (!h2.ok) throw new Error(h2.code);
    const r2 = viewOf<DuelView>(person).rounds[1]!;
    expect(r2.outcome).toBe('broken');
    expect(h2.code).toBeNull();
    expect(h2.kind).toBeUndefined();
    expect(h2.possible).toBe(
      countConsistent(
        space,
        r2.rows.map((r) => ({ guess: r.guess, score: r.score! })),
      ),
    );
    t.close();
  });

  it('match:hint in Master Mind 44: a row on its turn, and the deals its own view still allows', async () => {
    const t = await botRoom(server.url, { family: 'mm44', options: { seating: '2x1' }, bots: [1], hints: true }, 0);
    const person = t.person!;
    const u = await person.waitFor((x) => x.snapshot.status.toAct.includes(0));
    const hint = await person.send('match:hint', {});
    if (!hint.ok) throw new Error(hint.code);
    expect(hint.kind === 'row' || hint.kind === 'call').toBe(true);
    expect(hint.code).toHaveLength(5);
    expect(hint.possible).toBe(mm44DealsFromView(u.snapshot.view as Mm44View).count);
    t.close();
  });
});
