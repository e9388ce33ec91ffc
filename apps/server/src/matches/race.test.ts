import { describe, expect, it } from 'vitest';
import { LOGIC_DATABASES } from '../test-support/databases';
import { race, raceCode, raceOptionsSchema, type RaceView } from '@mm/rules/families/race';
import { botAction, botRandomness } from '../bots/play';
import { botSeatSeed } from '../security/tokens';
import { hiddenLeaks, storedLog } from '../test-support/bots';
import { createRoomAs, currentSeed } from '../test-support/finish';
import { Player as Socket, startWhenReady } from '../test-support/player';
import type { Player } from '../test-support/player';
import { containsCode } from '../test-support/scan';
import { useServer } from '../test-support/server';
import { score, seatTable, snap, snapshotOf, viewOf } from '../test-support/table';

type Code = (number | null)[];

const OPTIONS = { players: 8, pegs: 5, colours: 8, guesses: 8 };
/** How many wrong guesses each seat makes before breaking the code; null: it never does, and runs out of rows. */
const WRONG_FIRST = [1, 3, 0, 2, null, 1, 4, null] as const;

/**
 * Seat `seat`'s wrong guess on row `row`: it starts with the seat's number twice, so no other
 * seat's guess (nor any list of seats, which never repeats one) can be taken for it by the scan.
 */
function wrongGuess(seat: number, row: number, code: Code): Code {
  const guess = [seat, seat, row % 8, (seat + row) % 8, 7 - ((row * 3) % 8)];
  return JSON.stringify(guess) === JSON.stringify(code) ? [seat, seat, (row + 1) % 8, (seat + row) % 8, 7] : guess;
}

/** The seq of each payload: snapshots carry one, `match:act` acks the seq accepted. */
function seqOf(payload: unknown): number | undefined {
  const snapshot = snapshotOf(payload);
  if (snapshot) return snapshot.seq;
  const seq = (payload as { seq?: unknown } | null)?.seq;
  return typeof seq === 'number' ? seq : undefined;
}

/** The ranking of docs/rules.md worked out from the stored log alone: seat → place. */
function placesFromLog(log: { seat: number; code: Code }[], code: Code, players: number, guesses: number): number[] {
  const used = Array.from({ length: players }, () => 0);
  const breakers: number[] = [];
  for (const entry of log) {
    used[entry.seat]!++;
    if (JSON.stringify(entry.code) === JSON.stringify(code)) breakers.push(entry.seat);
  }
  const [first, ...others] = breakers;
  const ranked = [first!, ...[...others].sort((a, b) => used[a]! - used[b]! || others.indexOf(a) - others.indexOf(b))];
  return used.map((n, seat) => (ranked.includes(seat) ? ranked.indexOf(seat) + 1 : (expect(n).toBe(guesses), ranked.length + 1)));
}

describe.each(LOGIC_DATABASES)('a race of eight sockets on the %s database', (kind) => {
  const server = useServer(kind);

  it('everyone guesses at once, sees the others’ pegs and never their colours, to a ranked end', async () => {
    const table = await seatTable(server.url, { family: 'race', options: OPTIONS }, 8);
    const code = raceCode(raceOptionsSchema.parse(OPTIONS), await currentSeed(server.app, table.roomId));
    const plans = WRONG_FIRST.map((wrong, seat) => {
      const misses = Array.from({ length: wrong ?? OPTIONS.guesses }, (_, row) => wrongGuess(seat, row, code));
      return wrong === null ? misses : [...misses, code];
    });
    // The deal is committed to before anyone plays: a hash, no seed.
    expect(snap(table.watcher).commitments).toEqual([{ kind: 'deal', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(snap(table.watcher).status.owes).toEqual(plans.map((_, seat) => ({ seat, kind: 'guess' })));

    // Every seat plays its own plan at the same time as the others: one guess, its ack, the next.
    await Promise.all(
      table.seats.map(async (p, seat) => {
        for (const guess of plans[seat]!) {
          const reply = await p.act({ type: 'guess', code: guess });
          expect(reply.ok, JSON.stringify(reply)).toBe(true);
        }
        // Done: a seat that broke the code or has no row left owes nothing and may not guess again.
        const again = await p.act({ type: 'guess', code: wrongGuess(seat, 9, code) });
        expect(again).toMatchObject({ ok: false, code: expect.stringMatching(/WRONG_PHASE|MATCH_FINISHED/) });
      }),
    );
    const end = plans.reduce((n, plan) => n + plan.length, 0);
    await Promise.all(table.everyone.map((p) => p.waitForSeq(end)));

    // The ranking, against the order the server accepted the guesses in (its log).
    const stored = await server.app.db.prisma.action.findMany({
      where: { match: { roomId: table.roomId } },
      orderBy: { seq: 'asc' },
    });
    expect(stored).toHaveLength(end);
    const log = stored.map((a) => ({ seat: a.seat, code: (a.payload as { code: Code }).code }));
    const places = placesFromLog(log, code, 8, OPTIONS.guesses);
    const final = viewOf<RaceView>(table.watcher);
    expect(final.boards.map((b) => b.place)).toEqual(places);
    expect(final.code).toEqual(code);
    const firstBreak = log.find((e) => JSON.stringify(e.code) === JSON.stringify(code))!;
    expect(snap(table.watcher).status).toMatchObject({ finished: true, winners: [firstBreak.seat], draw: false });
    expect(places[4]).toBe(7);
    expect(places[7]).toBe(7);

    // After the end every socket sees every board in full, each row scored as the rules say.
    for (const p of table.everyone) {
      const view = viewOf<RaceView>(p);
      for (const board of view.boards) {
        expect(board.shown).toBe('code');
        expect(board.rows).toEqual(plans[board.seat]!.map((guess) => ({ guess, score: score(code, guess) })));
      }
    }

    // Before the end: no socket ever received another seat's colours, nor the code before it broke it itself.
    const brokeAt = (seat: number): number => {
      const i = log.findIndex((e) => e.seat === seat && JSON.stringify(e.code) === JSON.stringify(code));
      return i < 0 ? end : i + 1;
    };
    const sockets: [number | null, Player][] = [...table.seats.map((p, s): [number, Player] => [s, p]), [null, table.watcher]];
    for (const [seat, p] of sockets) {
      let pegsSeen = 0;
      for (const { event, payload } of p.received) {
        const seq = seqOf(payload);
        if (seq !== undefined && seq >= end) continue;
        for (const [other, plan] of plans.entries()) {
          if (other === seat) continue;
          for (const guess of plan.filter((g) => g !== code))
            expect(containsCode(payload, guess), `${String(seat)} got seat ${other}'s ${JSON.stringify(guess)} in ${event}`).toBe(
              false,
            );
        }
        if (seat === null || seq === undefined || seq < brokeAt(seat))
          expect(containsCode(payload, code), `${String(seat)} got the code in ${event} at ${String(seq)}`).toBe(false);
        const view = snapshotOf(payload)?.view as RaceView | undefined;
        if (!view) continue;
        expect(view.code).toBeNull();
        // a socket is a spectator until it has claimed its seat
        expect([seat, null]).toContain(view.viewer);
        for (const board of view.boards) {
          expect(board.shown).toBe(board.seat === view.viewer ? 'code' : 'pegs');
          if (board.seat !== seat) pegsSeen += board.rows.length;
        }
      }
      // The others' pegs did arrive as they were played.
      expect(pegsSeen).toBeGreaterThan(0);
    }
    table.close();
  }, 120_000);
});

describe('a race against bots', () => {
  const server = useServer('postgres', { botDelayMs: 0 });

  it('a person races two easy bots at once: everyone finishes, nothing hidden leaks', async () => {
    const created = await createRoomAs(server.url, {
      family: 'race',
      options: { players: 3 },
      bots: [1, 2],
      botStrength: 'easy',
    });
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    const person = await Socket.connect(server.url);
    const watcher = await Socket.connect(server.url);
    expect((await watcher.join(roomId)).ok).toBe(true);
    expect((await person.join(roomId)).ok).toBe(true);
    expect((await person.claim(0, 'Ada')).ok).toBe(true);
    await startWhenReady([person], [person, watcher]);
    const code = raceCode(raceOptionsSchema.parse({ players: 3 }), await currentSeed(server.app, roomId));
    // The bots race on while the person takes two rows, the second of them the code.
    await person.waitFor((u) => u.snapshot.seq >= 1, 30_000);
    expect((await person.act({ type: 'guess', code: [5, 5, 4, 4] })).ok).toBe(true);
    expect((await person.act({ type: 'guess', code })).ok).toBe(true);
    const over = await watcher.waitFor((u) => u.snapshot.status.finished, 60_000);
    const view = over.snapshot.view as RaceView;
    expect(view.boards.every((b) => b.broken || b.out)).toBe(true);
    expect(view.boards[1]!.used + view.boards[2]!.used).toBeGreaterThan(0);
    expect(hiddenLeaks(person, 0)).toEqual([]);
    expect(hiddenLeaks(watcher, null)).toEqual([]);
    person.close();
    watcher.close();
  }, 120_000);
  it('two medium bots race alone: each move follows from the match’s seed and the bot’s seat, so the match replays exactly', async () => {
    const created = await createRoomAs(server.url, {
      family: 'race',
      options: { players: 2 },
      bots: [0, 1],
      botStrength: 'medium',
    });
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    const watcher = await Socket.connect(server.url);
    expect((await watcher.join(roomId)).ok).toBe(true);
    await watcher.waitFor((u) => u.snapshot.status.finished, 60_000);
    const seed = await currentSeed(server.app, roomId);
    const log = await storedLog(server.app, roomId);
    let state = race.setup(raceOptionsSchema.parse({ players: 2 }), seed);
    for (const a of log) {
      // Each bot decided from its own view of the state before its move, with nothing fresh: the seed, its seat, its rows.
      const random = botRandomness(botSeatSeed(seed, a.seat), 'no secret in a race');
      expect(a.payload).toEqual(botAction(race, race.view(state, a.seat), a.seat, random, 'medium'));
      const next = race.apply(state, a.seat, a.payload);
      if (!next.ok) throw new Error(next.error.message);
      state = next.state;
    }
    expect(log.filter((a) => a.seat === 0).length).toBeGreaterThan(0);
    expect(log.filter((a) => a.seat === 1).length).toBeGreaterThan(0);
    watcher.close();
  }, 120_000);
});
