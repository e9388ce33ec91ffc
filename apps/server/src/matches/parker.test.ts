import { describe, expect, it } from 'vitest';
import type { ParkerRow, ParkerView } from '@mm/rules/families/parker';
import {
  codeLeaks,
  play,
  refused,
  score,
  seatTable,
  snap,
  snapshotOf,
  tokenLeaks,
  viewOf,
  type Table,
} from '../test-support/table';
import { useServer } from '../test-support/server';

type Code = number[];
type Side = 0 | 1;

const other = (s: Side): Side => (s === 0 ? 1 : 0);

interface GamePlan {
  /** `secrets[s]` is the code seat s makes */
  secrets: [Code, Code];
  /** the order the two seats set their secrets in */
  setOrder: [Side, Side];
  /** `guesses[s]` are seat s's guesses at the other's code, in move order */
  guesses: [Code[], Code[]];
  outcome: 'won' | 'draw';
  winner: Side | null;
}

interface Reveal {
  /** whose secret */
  owner: Side;
  secret: Code;
  /** the first seq at which it may be known to others: the other seat broke it, or the game ended */
  seq: number;
}

/**
 * Plays game `number` (from 1) of a Parker match as planned, checking after every action
 * what both seats and the spectator are shown. Returns when each secret became public.
 */
async function playGame(table: Table, number: number, plan: GamePlan, pegs: number): Promise<Reveal[]> {
  const { seats, watcher, everyone } = table;
  const g = number - 1;
  const first: Side = number % 2 === 1 ? 0 : 1;
  const second = other(first);
  const game = () => viewOf<ParkerView>(watcher).games[g]!;
  expect(game()).toMatchObject({ number, first, secretSet: [false, false], toGuess: null, outcome: null });
  expect(snap(watcher).status.toAct).toEqual([0, 1]);

  // Both secrets at the start, in either order; nobody guesses until both are set.
  const [a, b] = plan.setOrder;
  expect(await refused(seats[first]!, { type: 'guess', code: plan.secrets[second] })).toBe('WRONG_PHASE');
  await play(seats[a]!, { type: 'setSecret', code: plan.secrets[a] }, everyone);
  expect(snap(watcher).status.toAct).toEqual([b]);
  expect(game().secretSet[a]).toBe(true);
  expect(viewOf<ParkerView>(seats[a]!).games[g]!.secrets[a]).toEqual(plan.secrets[a]);
  expect(viewOf<ParkerView>(seats[b]!).games[g]!.secrets).toEqual([null, null]);
  expect(await refused(seats[a]!, { type: 'setSecret', code: plan.secrets[a] })).toBe('WRONG_PHASE');
  expect(await refused(seats[a]!, { type: 'guess', code: plan.secrets[b] })).toBe('WRONG_PHASE');
  await play(seats[b]!, { type: 'setSecret', code: plan.secrets[b] }, everyone);
  for (const s of [0, 1] as const) {
    const own: [Code | null, Code | null] = [null, null];
    own[s] = plan.secrets[s];
    expect(viewOf<ParkerView>(seats[s]!).games[g]!.secrets).toEqual(own);
  }
  expect(game().secrets).toEqual([null, null]);

  // The first mover opens every move number; the other seat waits for it.
  expect(snap(watcher).status.toAct).toEqual([first]);
  expect(await refused(seats[second]!, { type: 'guess', code: plan.secrets[first] })).toBe('NOT_YOUR_TURN');

  const moves = plan.guesses[first].length;
  expect(plan.guesses[second]).toHaveLength(moves);
  const turns: [ParkerRow[], ParkerRow[]] = [[], []];
  const reveals: Reveal[] = [];
  const brokenAt: [number | null, number | null] = [null, null];
  let seq = 0;
  for (let m = 0; m < moves; m++) {
    for (const guesser of [first, second]) {
      expect(game().toGuess).toBe(guesser);
      const guess = plan.guesses[guesser][m]!;
      seq = await play(seats[guesser]!, { type: 'guess', code: guess }, everyone);
      const s = score(plan.secrets[other(guesser)], guess);
      turns[guesser].push({ guess, score: s });
      if (s.black === pegs && brokenAt[guesser] === null) {
        brokenAt[guesser] = m + 1;
        reveals.push({ owner: other(guesser), secret: plan.secrets[other(guesser)], seq });
      }
      const lastOfGame = m === moves - 1 && guesser === second;
      for (const p of everyone) {
        const view = viewOf<ParkerView>(p).games[g]!;
        expect(view.guesses).toEqual(turns);
        expect(view.brokenAt).toEqual(brokenAt);
        expect(view.moves).toBe(guesser === second ? m + 1 : m);
        if (!lastOfGame) expect(view.outcome).toBeNull();
      }
      if (guesser === first && brokenAt[first] !== null) {
        // Broken by the first mover: the game goes on until the other seat has had as many guesses.
        expect(game()).toMatchObject({ outcome: null, toGuess: second, secrets: [null, null] });
        expect(await refused(seats[first]!, { type: 'guess', code: guess })).toBe('NOT_YOUR_TURN');
      }
    }
  }

  // The end of the game: outcome, winner, both secrets shown to everyone.
  for (const p of everyone) {
    expect(viewOf<ParkerView>(p).games[g]).toMatchObject({
      outcome: plan.outcome,
      winner: plan.winner,
      secrets: plan.secrets,
      toGuess: null,
      moves,
    });
  }
  for (const owner of [0, 1] as const) {
    if (!reveals.some((r) => r.owner === owner)) reveals.push({ owner, secret: plan.secrets[owner], seq });
  }
  return reveals;
}

/**
 * Structurally, in every snapshot any socket received: while a game is on, its `secrets`
 * hold at most the socket's own (even after the other seat broke it, until the game ends).
 */
function secretFieldLeaks(table: Table): string[] {
  const leaks: string[] = [];
  for (const [i, p] of table.everyone.entries()) {
    const seat = i < table.seats.length ? i : null;
    for (const { event, payload } of p.received) {
      const view = snapshotOf(payload)?.view;
      if (view?.family !== 'parker') continue;
      for (const game of view.games) {
        if (game.outcome !== null) continue;
        game.secrets.forEach((secret, owner) => {
          if (secret !== null && owner !== seat) leaks.push(`socket ${i}, ${event}: game ${game.number} secret of seat ${owner}`);
        });
      }
    }
  }
  return leaks;
}

/** No seat and no spectator received the other seat's secret before it was broken or the game ended. */
function expectSecretsKept(table: Table, reveals: readonly Reveal[]): void {
  expect(secretFieldLeaks(table)).toEqual([]);
  for (const { owner, secret, seq } of reveals) {
    expect(codeLeaks(table.seats[other(owner)]!, secret, seq), `seat ${other(owner)} got ${secret.join('')}`).toEqual([]);
    expect(codeLeaks(table.watcher, secret, seq), `spectator got ${secret.join('')}`).toEqual([]);
    // The owner's own socket had it all along, so the scan does find a code when it is there.
    expect(codeLeaks(table.seats[owner]!, secret, seq)).not.toEqual([]);
  }
  expect(tokenLeaks(table)).toEqual([]);
}

describe('full Parker matches', () => {
  const server = useServer('postgres');

  it('a single game won by the first mover, after the other seat has had its guess', async () => {
    const table = await seatTable(server.url, { family: 'parker', options: {} }, 2);
    const reveals = await playGame(
      table,
      1,
      {
        secrets: [
          [0, 0, 1],
          [2, 3, 3],
        ],
        setOrder: [1, 0],
        guesses: [
          [
            [1, 2, 3],
            [2, 3, 3],
          ],
          [
            [0, 1, 0],
            [0, 0, 2],
          ],
        ],
        outcome: 'won',
        winner: 0,
      },
      3,
    );
    for (const p of table.everyone) {
      expect(snap(p).status).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [1, 0], winners: [0], draw: false });
      expect(viewOf<ParkerView>(p)).toMatchObject({ finished: true, scores: [1, 0] });
    }
    expect(await refused(table.seats[1]!, { type: 'guess', code: [0, 0, 1] })).toBe('MATCH_FINISHED');
    expectSecretsKept(table, reveals);
    table.close();
  });

  it('a single game drawn when both codes fall in the same move number', async () => {
    const table = await seatTable(server.url, { family: 'parker', options: {} }, 2);
    const reveals = await playGame(
      table,
      1,
      {
        secrets: [
          [4, 4, 4],
          [5, 1, 5],
        ],
        setOrder: [0, 1],
        guesses: [
          [
            [1, 1, 1],
            [5, 5, 1],
            [5, 1, 5],
          ],
          [
            [0, 0, 0],
            [4, 2, 2],
            [4, 4, 4],
          ],
        ],
        outcome: 'draw',
        winner: null,
      },
      3,
    );
    for (const p of table.everyone) {
      expect(snap(p).status).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [0, 0], winners: [], draw: true });
      expect(viewOf<ParkerView>(p).games[0]!.brokenAt).toEqual([3, 3]);
    }
    expectSecretsKept(table, reveals);
    table.close();
  });

  it('a best-of-3 series, seats taking turns to move first, every game played', async () => {
    const table = await seatTable(server.url, { family: 'parker', options: { games: 3, pegs: 4, repeats: false } }, 2);
    const reveals: Reveal[] = [];

    // Game 1, seat 0 first: seat 1 breaks in move 1 right after seat 0 missed, and wins.
    reveals.push(
      ...(await playGame(
        table,
        1,
        {
          secrets: [
            [0, 1, 2, 3],
            [5, 4, 3, 2],
          ],
          setOrder: [0, 1],
          guesses: [[[1, 1, 1, 1]], [[0, 1, 2, 3]]],
          outcome: 'won',
          winner: 1,
        },
        4,
      )),
    );
    expect(snap(table.watcher).status).toMatchObject({ finished: false, scores: [0, 1], toAct: [0, 1] });
    expect(viewOf<ParkerView>(table.watcher).games).toHaveLength(2);

    // Game 2, seat 1 first: nobody breaks in 8 moves, a draw.
    const misses = (base: number): Code[] => Array.from({ length: 8 }, (_, m) => [base, (m + base) % 6, base, (m + 1) % 6]);
    reveals.push(
      ...(await playGame(
        table,
        2,
        {
          secrets: [
            [2, 3, 4, 5],
            [1, 0, 5, 4],
          ],
          setOrder: [1, 0],
          guesses: [misses(0), misses(2)],
          outcome: 'draw',
          winner: null,
        },
        4,
      )),
    );
    expect(snap(table.watcher).status).toMatchObject({ finished: false, scores: [0, 1] });

    // Game 3, seat 0 first again: seat 1 breaks in move 4 and takes the series.
    reveals.push(
      ...(await playGame(
        table,
        3,
        {
          secrets: [
            [3, 5, 1, 0],
            [4, 2, 0, 1],
          ],
          setOrder: [0, 1],
          guesses: [
            [
              [0, 0, 0, 0],
              [1, 1, 1, 1],
              [4, 4, 2, 2],
              [4, 2, 1, 0],
            ],
            [
              [5, 5, 5, 5],
              [3, 3, 3, 3],
              [0, 1, 3, 5],
              [3, 5, 1, 0],
            ],
          ],
          outcome: 'won',
          winner: 1,
        },
        4,
      )),
    );

    for (const p of table.everyone) {
      const view = viewOf<ParkerView>(p);
      expect(view.games.map((g) => g.first)).toEqual([0, 1, 0]);
      expect(view.games.map((g) => g.winner)).toEqual([1, null, 1]);
      expect(view).toMatchObject({ finished: true, scores: [0, 2] });
      expect(snap(p).status).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [0, 2], winners: [1], draw: false });
    }
    expectSecretsKept(table, reveals);
    const match = await server.app.db.prisma.match.findFirst({ where: { roomId: table.roomId } });
    expect(match?.finishedAt).not.toBeNull();
    table.close();
  });
});
