import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import type { RuleErrorCode } from '../../core/errors';
import type { Seat } from '../../core/family';
import { applyOrThrow, deepFreeze, expectRefused } from '../../core/testing';
import { parker } from './parker';
import { PARKER_MOVES } from './pure';
import { parkerOptionsSchema, type ParkerAction, type ParkerOptionsInput, type ParkerState } from './types';

const start = (input: ParkerOptionsInput = {}): ParkerState => parker.setup(parkerOptionsSchema.parse(input), 'seed');

const act = (state: ParkerState, seat: Seat, action: ParkerAction): ParkerState => applyOrThrow(parker, state, seat, action);

const refused = (state: ParkerState, seat: Seat, action: ParkerAction, code: RuleErrorCode): string =>
  expectRefused(parker, state, seat, action, code);

const secret = (code: Code): ParkerAction => ({ type: 'setSecret', code });
const guess = (code: Code): ParkerAction => ({ type: 'guess', code });

/** seat 0's secret */
const A = [0, 1, 2];
/** seat 1's secret */
const B = [3, 4, 5];
/** misses both secrets except for whites: scores 0 black against A and B */
const MISS = [5, 5, 0];

const current = (state: ParkerState) => {
  const g = state.games.at(-1);
  if (!g) throw new Error('no game');
  return g;
};

const secretOf = (seat: Seat): Code => (seat === 0 ? A : B);

/** Both seats set their secrets (seat 0 first) for the current game. */
const bothSecrets = (state: ParkerState): ParkerState => act(act(state, 0, secret(A)), 1, secret(B));

/**
 * Plays the current game from its secrets: each seat guesses wrong until the move it breaks on
 * (null: never), in the game's move order.
 */
function playGame(state: ParkerState, breaks: [number | null, number | null]): ParkerState {
  let s = bothSecrets(state);
  const { number, first } = current(s);
  for (let move = 1; move <= PARKER_MOVES; move++) {
    for (const seat of [first, 1 - first]) s = act(s, seat, guess(breaks[seat] === move ? secretOf(1 - seat) : MISS));
    // a game can only end once a move is complete
    if (s.finished || current(s).number !== number) return s;
  }
  return s;
}

describe('parker options', () => {
  it('fills the docs/rules.md defaults', () => {
    expect(parkerOptionsSchema.parse({})).toEqual({ pegs: 3, colours: 6, repeats: true, games: 1 });
  });

  it('enforces the ranges and refuses unknown options', () => {
    for (const bad of [{ pegs: 2 }, { pegs: 6 }, { colours: 3 }, { colours: 11 }, { games: 0 }, { games: 9 }, { blanks: true }]) {
      expect(parkerOptionsSchema.safeParse(bad).success).toBe(false);
    }
  });

  it('fixes the number of moves at 8: it is not an option', () => {
    expect(PARKER_MOVES).toBe(8);
    expect(parkerOptionsSchema.safeParse({ moves: 10 }).success).toBe(false);
  });

  it('plays an odd number of games, a best-of series', () => {
    for (const games of [1, 3, 5, 7]) expect(parkerOptionsSchema.safeParse({ games }).success).toBe(true);
    for (const games of [2, 4, 6, 1.5]) expect(parkerOptionsSchema.safeParse({ games }).success).toBe(false);
  });

  it('needs as many colours as holes when colours may not repeat', () => {
    expect(parkerOptionsSchema.safeParse({ pegs: 5, colours: 4, repeats: false }).success).toBe(false);
    expect(parkerOptionsSchema.safeParse({ pegs: 5, colours: 4 }).success).toBe(true);
  });
});

describe('parker secrets', () => {
  it('seats two players who both owe a secret at the start', () => {
    const s = start();
    expect(parker.seatCount(s.options)).toBe(2);
    expect(current(s)).toMatchObject({ number: 1, first: 0, secrets: [null, null], guesses: [[], []], outcome: null });
    expect(parker.status(s)).toEqual({
      finished: false,
      toAct: [0, 1],
      owes: [
        { seat: 0, kind: 'secret' },
        { seat: 1, kind: 'secret' },
      ],
      may: [],
      scores: [0, 0],
      winners: [],
      draw: false,
    });
  });

  it('takes the two secrets in either order', () => {
    const s1 = act(start(), 1, secret(B));
    expect(parker.status(s1).toAct).toEqual([0]);
    expect(parker.status(s1).owes).toEqual([{ seat: 0, kind: 'secret' }]);
    const both = act(s1, 0, secret(A));
    expect(current(both).secrets).toEqual([A, B]);
    expect(both).toEqual(bothSecrets(start()));
    expect(parker.status(both).toAct).toEqual([0]);
    expect(parker.status(both).owes).toEqual([{ seat: 0, kind: 'guess' }]);
  });

  it('sets each secret once only', () => {
    const s = act(start(), 0, secret(A));
    expect(refused(s, 0, secret(B), 'WRONG_PHASE')).toMatch(/already/);
    refused(bothSecrets(start()), 1, secret(A), 'WRONG_PHASE');
  });

  it('refuses a secret that breaks the options', () => {
    refused(start(), 0, secret([0, 1]), 'INVALID_CODE');
    refused(start(), 0, secret([0, 1, 6]), 'INVALID_CODE');
    refused(start(), 0, secret([0, 1, null]), 'INVALID_CODE');
    refused(start({ repeats: false }), 0, secret([0, 0, 1]), 'INVALID_CODE');
    expect(current(act(start(), 0, secret([2, 2, 2]))).secrets[0]).toEqual([2, 2, 2]);
    expect(current(act(start({ pegs: 5, colours: 10 }), 1, secret([9, 0, 9, 0, 9]))).secrets[1]).toEqual([9, 0, 9, 0, 9]);
  });

  it('refuses guesses until both secrets are set', () => {
    expect(refused(start(), 0, guess(B), 'WRONG_PHASE')).toMatch(/Both secrets/);
    refused(act(start(), 0, secret(A)), 0, guess(B), 'WRONG_PHASE');
    refused(act(start(), 1, secret(B)), 0, guess(B), 'WRONG_PHASE');
  });
});

describe('parker moves', () => {
  it('alternates, the first mover first, each guess scored against the other seat’s secret', () => {
    let s = bothSecrets(start());
    refused(s, 1, guess(A), 'NOT_YOUR_TURN');
    s = act(s, 0, guess([3, 5, 4])); // against B = [3, 4, 5]
    expect(parker.status(s).toAct).toEqual([1]);
    expect(refused(s, 0, guess(B), 'NOT_YOUR_TURN')).toMatch(/seat 1/);
    s = act(s, 1, guess([1, 0, 2])); // against A = [0, 1, 2]
    expect(current(s).guesses).toEqual([
      [{ guess: [3, 5, 4], score: { black: 1, white: 2 } }],
      [{ guess: [1, 0, 2], score: { black: 1, white: 2 } }],
    ]);
    expect(parker.status(s).toAct).toEqual([0]);
  });

  it('lets a guess repeat colours even when secrets may not, and refuses a malformed one', () => {
    const s = bothSecrets(start({ repeats: false }));
    refused(s, 0, guess([3, 4]), 'INVALID_CODE');
    refused(s, 0, guess([3, 4, 6]), 'INVALID_CODE');
    refused(s, 0, guess([3, 4, null]), 'INVALID_CODE');
    expect(current(act(s, 0, guess([3, 3, 3]))).guesses[0][0]?.score).toEqual({ black: 1, white: 0 });
  });

  it('reproduces the first rulebook example: blue-yellow-red broken on move 5', () => {
    const [blue, yellow, red, green, white, black] = [0, 1, 2, 3, 4, 5];
    let s = act(act(start(), 0, secret([blue, yellow, red])), 1, secret([green, green, green]));
    const rows = [
      [blue, red, green], // one correct colour and one correct colour in position
      [yellow, blue, white], // two correct colours
      [green, yellow, white], // one correct colour in position
      [yellow, blue, red], // two correct colours and one correct colour in position
      [blue, yellow, red], // correct secret code
    ];
    for (const row of rows) s = act(act(s, 0, guess([black, black, black])), 1, guess(row));
    expect(current(s).guesses[1].map((t) => t.score)).toEqual([
      { black: 1, white: 1 },
      { black: 0, white: 2 },
      { black: 1, white: 0 },
      { black: 1, white: 2 },
      { black: 3, white: 0 },
    ]);
    expect(current(s)).toMatchObject({ outcome: 'won', winner: 1 });
    expect(parker.view(s, null).games[0]?.brokenAt).toEqual([null, 5]);
  });

  it('reproduces the second rulebook example: a secret with two tiles of one colour broken on move 6', () => {
    const [blue, yellow, green, white, black] = [0, 1, 3, 4, 5];
    let s = act(act(start(), 0, secret([blue, blue, yellow])), 1, secret([green, green, green]));
    const rows = [
      [blue, green, white], // one correct colour in position
      [blue, yellow, green], // one correct colour and one correct colour in position
      [yellow, blue, black], // one correct colour and one correct colour in position
      [blue, blue, black], // two correct colours in position
      [blue, yellow, blue], // two correct colours and one correct colour in position
      [blue, blue, yellow], // correct secret code
    ];
    for (const row of rows) s = act(act(s, 0, guess([black, black, black])), 1, guess(row));
    expect(current(s).guesses[1].map((t) => t.score)).toEqual([
      { black: 1, white: 0 },
      { black: 1, white: 1 },
      { black: 1, white: 1 },
      { black: 2, white: 0 },
      { black: 1, white: 2 },
      { black: 3, white: 0 },
    ]);
    expect(current(s)).toMatchObject({ outcome: 'won', winner: 1 });
  });

  it('gives the second mover its guess of the move in which the first mover broke the code', () => {
    let s = act(bothSecrets(start()), 0, guess(MISS));
    s = act(act(s, 1, guess(MISS)), 0, guess(B));
    expect(current(s).outcome).toBeNull();
    expect(parker.status(s).toAct).toEqual([1]);
    s = act(s, 1, guess(MISS));
    expect(current(s)).toMatchObject({ outcome: 'won', winner: 0 });
    expect(current(s).guesses[0]).toHaveLength(2);
    expect(current(s).guesses[1]).toHaveLength(2);
  });

  it('wins the game for whoever breaks the code in fewer moves', () => {
    expect(current(playGame(start(), [3, null]))).toMatchObject({ outcome: 'won', winner: 0 });
    expect(current(playGame(start(), [null, 4]))).toMatchObject({ outcome: 'won', winner: 1 });
    expect(current(playGame(start(), [5, 7]))).toMatchObject({ outcome: 'won', winner: 0 });
    const won = playGame(start(), [8, null]);
    expect(current(won)).toMatchObject({ outcome: 'won', winner: 0 });
    expect(parker.status(won)).toEqual({
      finished: true,
      toAct: [],
      owes: [],
      may: [],
      scores: [1, 0],
      winners: [0],
      draw: false,
    });
  });

  it('calls it a draw when both break in the same move', () => {
    const s = playGame(start(), [4, 4]);
    expect(current(s)).toMatchObject({ outcome: 'draw', winner: null });
    expect(current(s).guesses[0]).toHaveLength(4);
    expect(parker.status(s)).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [0, 0], winners: [], draw: true });
  });

  it('calls it a draw when neither code is broken after 8 moves', () => {
    const s = playGame(start(), [null, null]);
    expect(current(s)).toMatchObject({ outcome: 'draw', winner: null });
    expect(current(s).guesses.map((g) => g.length)).toEqual([8, 8]);
    expect(s.finished).toBe(true);
    refused(s, 0, guess(B), 'MATCH_FINISHED');
  });

  it('never lets one seat guess more often than the other', () => {
    const s = playGame(start(), [1, null]);
    expect(current(s).guesses.map((g) => g.length)).toEqual([1, 1]);
  });
});

describe('parker series', () => {
  it('alternates the first mover from game to game', () => {
    let s = start({ games: 5 });
    const firsts: Seat[] = [];
    for (let g = 1; g <= 5; g++) {
      firsts.push(current(s).first);
      expect(current(s).number).toBe(g);
      s = playGame(s, [2, null]);
    }
    expect(firsts).toEqual([0, 1, 0, 1, 0]);
    expect(s.finished).toBe(true);
  });

  it('lets the seat that moves second open the next game', () => {
    let s = playGame(start({ games: 3 }), [1, null]);
    s = bothSecrets(s);
    expect(parker.status(s).toAct).toEqual([1]);
    refused(s, 0, guess(B), 'NOT_YOUR_TURN');
  });

  it('plays every game of the series, even once it is decided', () => {
    let s = playGame(start({ games: 3 }), [1, null]);
    s = playGame(s, [1, null]);
    expect(s.scores).toEqual([2, 0]);
    expect(s.finished).toBe(false);
    expect(parker.status(s).toAct).toEqual([0, 1]);
    s = playGame(s, [null, 1]);
    expect(s.finished).toBe(true);
    expect(parker.status(s)).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [2, 1], winners: [0], draw: false });
  });

  it('calls a series with equal game wins a draw', () => {
    let s = playGame(start({ games: 3 }), [2, null]);
    s = playGame(s, [null, 2]);
    s = playGame(s, [3, 3]);
    expect(s.games.map((g) => g.outcome)).toEqual(['won', 'won', 'draw']);
    expect(parker.status(s)).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [1, 1], winners: [], draw: true });
  });
});

describe('parker validation', () => {
  it('refuses seats that are not at the table', () => {
    for (const seat of [2, -1, 0.5, Number.NaN]) refused(start(), seat, secret(A), 'NOT_A_PLAYER');
  });

  it('refuses an unknown action type that slipped past the schema', () => {
    refused(start(), 0, { type: 'resign' } as unknown as ParkerAction, 'INVALID_ACTION');
  });
});

describe('parker view', () => {
  it('shows each seat its own secret only, and spectators none', () => {
    const s = act(bothSecrets(start()), 0, guess(MISS));
    expect(parker.view(s, 0).games[0]).toMatchObject({ secretSet: [true, true], secrets: [A, null] });
    expect(parker.view(s, 1).games[0]).toMatchObject({ secretSet: [true, true], secrets: [null, B] });
    expect(parker.view(s, null).games[0]).toMatchObject({ secretSet: [true, true], secrets: [null, null] });
    expect(JSON.stringify(parker.view(s, 0))).not.toContain(JSON.stringify(B));
    expect(JSON.stringify(parker.view(s, 1))).not.toContain(JSON.stringify(A));
  });

  it('says who has set a secret without showing it', () => {
    const s = act(start(), 1, secret(B));
    expect(parker.view(s, 0).games[0]).toMatchObject({ secretSet: [false, true], secrets: [null, null], toGuess: null });
  });

  it('shows both seats every guess and its score', () => {
    const s = act(act(bothSecrets(start()), 0, guess([3, 5, 4])), 1, guess(MISS));
    const expected = [[{ guess: [3, 5, 4], score: { black: 1, white: 2 } }], [{ guess: MISS, score: { black: 0, white: 1 } }]];
    for (const viewer of [0, 1, null]) {
      expect(parker.view(s, viewer).games[0]).toMatchObject({ guesses: expected, moves: 1, brokenAt: [null, null], toGuess: 0 });
    }
  });

  it('reveals both secrets once the game ends, and hides the next game’s again', () => {
    let s = playGame(start({ games: 3 }), [2, null]);
    for (const viewer of [0, 1, null]) {
      expect(parker.view(s, viewer).games[0]).toMatchObject({
        secrets: [A, B],
        outcome: 'won',
        winner: 0,
        brokenAt: [2, null],
        moves: 2,
      });
    }
    s = act(act(s, 0, secret([5, 5, 5])), 1, secret([4, 4, 4]));
    expect(parker.view(s, 0).games[1]?.secrets).toEqual([[5, 5, 5], null]);
    expect(parker.view(s, 1).games[1]?.secrets).toEqual([null, [4, 4, 4]]);
    expect(parker.view(s, null).games[1]?.secrets).toEqual([null, null]);
  });

  it('hands out copies: changing a view cannot change the state', () => {
    const s = deepFreeze(playGame(start(), [1, null]));
    const v = parker.view(s, 0);
    const game = v.games[0];
    const turn = game?.guesses[0][0];
    if (!game?.secrets[0] || !turn) throw new Error('expected a finished game');
    game.secrets[0][0] = 9;
    turn.guess[0] = 9;
    turn.score.black = 0;
    v.scores[0] = 9;
    v.options.pegs = 9;
    expect(current(s).secrets[0]).toEqual(A);
    expect(current(s).guesses[0][0]).toEqual({ guess: B, score: { black: 3, white: 0 } });
  });
});
