import { describe, expect, it } from 'vitest';
import type { RotationRow, RotationView } from '@mm/rules/families/rotation';
import { codeLeaks, play, refused, score, seatTable, snap, tokenLeaks, viewOf } from '../test-support/table';
import { useServer } from '../test-support/server';

type Code = number[];

/** docs/rules.md §2 play 5, copied from the rulebook rather than from the rules package. */
const CODEMAKER_TABLE: Record<3 | 4 | 5, { rows: number[]; failed: number }> = {
  3: { rows: [5, 6, 7, 8, 9, 10, 14, 18, 22, 26, 30, 34], failed: 40 },
  4: { rows: [5, 6, 7, 8, 9, 10, 13, 16, 19, 22, 25, 28], failed: 30 },
  5: { rows: [5, 6, 7, 8, 9, 10, 12, 14, 16, 18, 20, 22], failed: 25 },
};

/** Deterministic wrong guesses: a small LCG over the palette, never the secret. */
function wrongGuesses(secret: Code, colours: number, count: number, seed: number): Code[] {
  let x = seed;
  const guesses: Code[] = [];
  while (guesses.length < count) {
    const g = secret.map(() => {
      x = (x * 1103515245 + 12345) % 2147483648;
      return Math.floor((x / 2147483648) * colours);
    });
    // every few rows, a permutation of the secret: many whites, some blacks
    const shifted = [...secret.slice(1), secret[0]!];
    for (const probe of guesses.length % 3 === 2 ? [shifted, g] : [g]) {
      if (probe.some((v, i) => v !== secret[i])) {
        guesses.push(probe);
        break;
      }
    }
  }
  return guesses;
}

interface RoundPlan {
  secret: Code;
  /** the row (from 1) on which the code is broken, or null when every row fails */
  brokenOn: number | null;
  /** the wrong rows before the break, when the test wants them exact (else generated) */
  wrong?: Code[];
}

interface MatchPlan {
  players: 3 | 4 | 5;
  options: Record<string, unknown>;
  pegs: number;
  colours: number;
  guesses: number;
  rounds: RoundPlan[];
  /** the final totals, when the test wants them stated */
  totals?: number[];
}

/**
 * Plays a whole rotation match as planned and checks, after every action, what every
 * socket is shown: the turn order, the guesser's points at once, the codemaker's from the
 * table at the end of the round, the shared board, and the totals and winners at the end.
 */
async function playRotation(url: string, plan: MatchPlan): Promise<{ roomId: string; totals: number[] }> {
  const { players, pegs, guesses: limit } = plan;
  expect(plan.rounds).toHaveLength(players);
  const table = await seatTable(url, { family: 'rotation', options: plan.options }, players);
  const { seats, watcher, everyone } = table;
  const totals = Array.from({ length: players }, () => 0);
  const reveals: { secret: Code; seq: number; codemaker: number }[] = [];
  let seq = 0;

  for (const [r, round] of plan.rounds.entries()) {
    const codemaker = r;
    const maker = seats[codemaker]!;
    const breakers = Array.from({ length: players - 1 }, (_, k) => (codemaker + 1 + k) % players);
    expect(snap(watcher).status.toAct).toEqual([codemaker]);
    expect(viewOf<RotationView>(watcher).rounds[r]).toMatchObject({ number: r + 1, codemaker, secretSet: false, rows: [] });

    // Nobody guesses before the secret, and only the round's codemaker sets it.
    expect(await refused(seats[breakers[0]!]!, { type: 'guess', code: round.secret })).toBe('WRONG_PHASE');
    expect(await refused(seats[breakers[0]!]!, { type: 'setSecret', code: round.secret })).toBe('NOT_YOUR_TURN');
    seq = await play(maker, { type: 'setSecret', code: round.secret }, everyone);
    expect(viewOf<RotationView>(maker).rounds[r]!.secret).toEqual(round.secret);
    for (const p of everyone.filter((p) => p !== maker)) {
      expect(viewOf<RotationView>(p).rounds[r]).toMatchObject({ secretSet: true, secret: null });
    }
    // The codemaker does not guess; a breaker out of turn is refused.
    expect(await refused(maker, { type: 'guess', code: round.secret })).toBe('NOT_YOUR_TURN');
    expect(await refused(seats[breakers[1]!]!, { type: 'guess', code: round.secret })).toBe('NOT_YOUR_TURN');

    const rowCount = round.brokenOn ?? limit;
    const script = round.wrong ? [...round.wrong] : wrongGuesses(round.secret, plan.colours, rowCount, 7919 * (r + 1) + players);
    if (round.brokenOn !== null) script[round.brokenOn - 1] = round.secret;
    const line = CODEMAKER_TABLE[players];
    const makerPoints = round.brokenOn === null ? line.failed : line.rows[round.brokenOn - 1]!;
    const rows: RotationRow[] = [];
    const gained = Array.from({ length: players }, () => 0);

    for (const [i, guess] of script.entries()) {
      const guesser = breakers[i % breakers.length]!;
      const before = viewOf<RotationView>(watcher);
      expect(before.rounds[r]!.guesser).toBe(guesser);
      expect(snap(watcher).status.toAct).toEqual([guesser]);
      expect(before.rounds[r]!.codemakerPoints).toBeNull();

      seq = await play(seats[guesser]!, { type: 'guess', code: guess }, everyone);
      const s = score(round.secret, guess);
      const points = s.black === pegs ? 10 : 2 * s.black + s.white;
      rows.push({ seat: guesser, guess, score: s, points });
      totals[guesser]! += points;
      gained[guesser]! += points;

      const last = i === script.length - 1;
      if (last) {
        totals[codemaker]! += makerPoints;
        gained[codemaker]! += makerPoints;
        reveals.push({ secret: round.secret, seq, codemaker });
      }
      // Every socket, seats and spectator alike, sees the same board with who placed each row,
      // and the guesser's points in the running totals at once.
      for (const p of everyone) {
        const view = viewOf<RotationView>(p);
        expect(view.rounds[r]!.rows).toEqual(rows);
        expect(view.rounds[r]!.gained).toEqual(gained);
        expect(snap(p).status.scores).toEqual(totals);
        expect(view.scores).toEqual(totals);
        expect(snap(p).last).toEqual({ seq, seat: guesser, type: 'guess' });
      }
    }

    // The round's end: outcome, the codemaker's points from the table, the secret shown to all.
    for (const p of everyone) {
      expect(viewOf<RotationView>(p).rounds[r]).toMatchObject({
        outcome: round.brokenOn === null ? 'failed' : 'broken',
        codemakerPoints: makerPoints,
        secret: round.secret,
        guesser: null,
      });
    }
    if (r < players - 1) expect(viewOf<RotationView>(watcher).rounds).toHaveLength(r + 2);
  }

  // The match: N rounds, the totals, and the highest total wins (ties share the win).
  if (plan.totals) expect(totals).toEqual(plan.totals);
  const best = Math.max(...totals);
  const winners = totals.flatMap((t, seat) => (t === best ? [seat] : []));
  for (const p of everyone) {
    const view = viewOf<RotationView>(p);
    expect(view.finished).toBe(true);
    expect(view.rounds).toHaveLength(players);
    expect(snap(p).status).toEqual({
      finished: true,
      toAct: [],
      owes: [],
      may: [],
      scores: totals,
      winners: winners.length === players ? [] : winners,
      draw: winners.length === players,
    });
  }
  expect(seq).toBe(players + plan.rounds.reduce((n, round) => n + (round.brokenOn ?? limit), 0));
  expect(await refused(seats[1]!, { type: 'guess', code: plan.rounds[0]!.secret })).toBe('MATCH_FINISHED');

  // Hidden information: no codebreaker and no spectator received a round's secret before
  // that round ended; the codemaker's own socket did (so the scan can find it); and no
  // socket ever received another seat's token.
  for (const { secret, seq: revealSeq, codemaker } of reveals) {
    for (const [i, p] of everyone.entries()) {
      if (i === codemaker) expect(codeLeaks(p, secret, revealSeq).length).toBeGreaterThan(0);
      else expect(codeLeaks(p, secret, revealSeq), `socket ${i}, secret ${secret.join('')}`).toEqual([]);
    }
    expect(codeLeaks(watcher, secret)).not.toEqual([]); // revealed in the end
  }
  expect(tokenLeaks(table)).toEqual([]);
  table.close();
  return { roomId: table.roomId, totals };
}

const threePlayers: MatchPlan = {
  players: 3,
  options: { players: 3 },
  pegs: 4,
  colours: 6,
  guesses: 12,
  rounds: [
    { secret: [0, 1, 2, 3], brokenOn: 4 },
    { secret: [5, 4, 3, 2], brokenOn: null },
    { secret: [1, 3, 5, 0], brokenOn: 1 },
  ],
};

const fourPlayers: MatchPlan = {
  players: 4,
  options: { players: 4, repeats: true },
  pegs: 4,
  colours: 6,
  guesses: 12,
  rounds: [
    { secret: [2, 2, 5, 1], brokenOn: 7 },
    { secret: [0, 3, 3, 3], brokenOn: 12 },
    { secret: [4, 0, 1, 5], brokenOn: null },
    { secret: [5, 5, 5, 5], brokenOn: 2 },
  ],
};

const fivePlayers: MatchPlan = {
  players: 5,
  options: { players: 5, pegs: 5, colours: 8, guesses: 8 },
  pegs: 5,
  colours: 8,
  guesses: 8,
  rounds: [
    { secret: [7, 6, 5, 4, 3], brokenOn: 1 },
    { secret: [0, 2, 4, 6, 1], brokenOn: null },
    { secret: [3, 1, 7, 0, 5], brokenOn: 6 },
    { secret: [6, 0, 2, 3, 4], brokenOn: 8 },
    { secret: [1, 7, 3, 2, 6], brokenOn: null },
  ],
};

/** Every code broken on row 1 by the seat after its maker: 10 + 5 each, everyone shares the win, which is a draw. */
const allEqual: MatchPlan = {
  players: 3,
  options: { players: 3 },
  pegs: 4,
  colours: 6,
  guesses: 12,
  rounds: [
    { secret: [0, 1, 2, 3], brokenOn: 1 },
    { secret: [5, 4, 3, 2], brokenOn: 1 },
    { secret: [1, 3, 5, 0], brokenOn: 1 },
  ],
  totals: [15, 15, 15],
};

/**
 * Seats 1 and 2 share the win on 17: round 3 opens with a blank row (seat 0) and a single
 * black (seat 1, 2 points) before seat 0 breaks on row 3 (the codemaker's 7).
 */
const sharedWin: MatchPlan = {
  ...allEqual,
  rounds: [
    { secret: [0, 1, 2, 3], brokenOn: 1 },
    { secret: [5, 4, 3, 2], brokenOn: 1 },
    {
      secret: [1, 3, 5, 0],
      brokenOn: 3,
      wrong: [
        [2, 2, 4, 4],
        [1, 2, 2, 2],
      ],
    },
  ],
  totals: [15, 17, 17],
};

describe('full rotation matches', () => {
  const server = useServer('postgres');

  it('plays 3 rounds at a 3-player table (broken on row 4, failed, broken on row 1)', async () => {
    await playRotation(server.url, threePlayers);
  });

  it('ends in a draw when every seat has the same total', async () => {
    await playRotation(server.url, allEqual);
  });

  it('lets two seats share the win on equal top totals', async () => {
    await playRotation(server.url, sharedWin);
  });

  it('plays 5 rounds at a 5-player table with 5 pegs and 8 rows (the codemaker table cut at row 8)', async () => {
    await playRotation(server.url, fivePlayers);
  });
});

describe('a full rotation match on the postgres database', () => {
  const server = useServer('postgres');

  it('plays 4 rounds at a 4-player table with repeats (broken on rows 7 and 12, failed, broken on row 2) and stores the result', async () => {
    const { roomId, totals } = await playRotation(server.url, fourPlayers);
    const match = await server.app.db.prisma.match.findFirst({ where: { roomId } });
    expect(match?.finishedAt).not.toBeNull();
    expect(match?.result).toMatchObject({ scores: totals, draw: false });
    const actions = await server.app.db.prisma.action.count({ where: { matchId: match!.id } });
    expect(actions).toBe(4 + 7 + 12 + 12 + 2);
  });
});
