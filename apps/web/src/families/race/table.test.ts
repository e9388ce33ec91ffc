import { beforeAll, describe, expect, it } from 'vitest';
import {
  race,
  raceOptionsSchema,
  type RaceAction,
  type RaceOptionsInput,
  type RaceState,
  type RaceView,
} from '@mm/rules/families/race';
import { loadLanguage } from '../../lib/i18n/index.svelte';
import { loadFamilyMessages } from '..';
import { tableOf } from '../shared/table-fixture';
import { raceTable } from './table';
import { raceShareLines } from './share';
import { ranking } from './model';

const CODE = [0, 1, 2, 3];
const WRONG = [5, 5, 5, 5];

/** Plays actions through the real rules (on a known code) and returns the race's reading of the table for `viewer`. */
function tableAfter(input: RaceOptionsInput, actions: [number, RaceAction][], viewer: number | null, daily?: number) {
  let state: RaceState = { ...race.setup(raceOptionsSchema.parse(input), 'seed'), code: CODE };
  for (const [s, action] of actions) {
    const r = race.apply(state, s, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  const names = ['Ann', 'Bob', 'Cy', 'Di'].slice(0, state.boards.length);
  const lastAction = actions[actions.length - 1];
  const last = lastAction ? { seq: actions.length, seat: lastAction[0], type: lastAction[1].type } : null;
  const view = race.view(state, viewer);
  const { state: table, sent } = tableOf<RaceView>(names, view, race.status(state), viewer, {
    last,
    ...(daily !== undefined ? { daily } : {}),
  });
  return { table: raceTable(table), sent, view, state };
}

const guess = (code: number[]): RaceAction => ({ type: 'guess', code });

beforeAll(async () => {
  await loadLanguage('en');
  await loadFamilyMessages('race');
});

describe('the race’s table', () => {
  it('asks every racer for a guess at once through the shared composer, on its own board', async () => {
    const { table, sent } = tableAfter({ players: 3 }, [[1, guess(WRONG)]], 0);
    expect(table.statusText).toBe('Your turn — make a guess');
    expect(table.composer).toMatchObject({ mode: 'guess', rules: { pegs: 4, colours: 6, repeats: true, blanks: false } });
    await table.composer!.send(CODE);
    expect(sent).toEqual([guess(CODE)]);
    expect(table.boards.map((b) => b.testid)).toEqual(['race-board-0']);
    expect(table.boards[0]).toMatchObject({ title: 'Your board', progress: 'Rows: 0 of 10', secret: { code: null } });
    expect(table.lastText).toBe('Bob guessed (row 1).');
  });

  it('ends a Code of the day in its own words, asking the room: no match over, no "You win!", no ranking of one', () => {
    const daily = tableAfter(
      { players: 1 },
      [
        [0, guess(WRONG)],
        [0, guess(CODE)],
      ],
      0,
      26,
    );
    expect(daily.table.statusText).toBe('Broken in 2 of 10 rows!');
    expect(daily.table.result).toBeNull();
    const misses = Array.from({ length: 8 }, (): [number, RaceAction] => [0, guess(WRONG)]);
    const lost = tableAfter({ players: 1, guesses: 8 }, misses, 0, 26);
    expect(lost.table.statusText).toBe('All 8 rows used: here is the code.');
    // A one-seat race of the player's own is a race, whatever it looks like.
    const own = tableAfter(
      { players: 1 },
      [
        [0, guess(WRONG)],
        [0, guess(CODE)],
      ],
      0,
    );
    expect(own.table.statusText).toBe('The match is over');
    expect(own.table.result).toMatchObject({ text: 'You win!' });
  });

  it('shows the other seats as key pegs only, without a single colour', () => {
    const { table } = tableAfter({ players: 3 }, [[1, guess([0, 1, 4, 4])]], 0);
    expect(table.pegBoards.map((b) => b.seat)).toEqual([1, 2]);
    expect(table.pegBoards[0]?.rows).toEqual([{ score: { black: 2, white: 0 } }]);
    expect(JSON.stringify(table.pegBoards)).not.toContain('guess');
  });

  it('shows a spectator every board as key pegs and no composer', () => {
    const { table } = tableAfter({ players: 2 }, [[0, guess(WRONG)]], null);
    expect(table.boards).toEqual([]);
    expect(table.pegBoards).toHaveLength(2);
    expect(table.composer).toBeNull();
    expect(table.statusText).toBe('2 still racing');
    expect(table.moveAfter).toBe(-1);
  });

  it('tells a seat that broke the code its place while the others race on, and a lost row as a timeout', () => {
    const { table } = tableAfter(
      { players: 3 },
      [
        [0, guess(CODE)],
        [1, { type: 'timeout' }],
      ],
      0,
    );
    expect(table.statusText).toBe('You broke the code — place 1. Still racing: 2');
    expect(table.lastText).toBe('Bob ran out of time (row 1).');
    expect(table.pegBoards.find((b) => b.seat === 1)?.missed).toEqual([1]);
  });

  it('ranks everyone at the end and shows every board and the code', () => {
    const { table, view } = tableAfter(
      { players: 3, guesses: 8 },
      [
        [1, guess(CODE)],
        [0, guess(WRONG)],
        [0, guess(CODE)],
        ...Array.from({ length: 8 }, (): [number, RaceAction] => [2, guess(WRONG)]),
      ],
      0,
    );
    expect(table.result).toEqual({ outcome: 'lose', text: 'You finished 2 of 3.' });
    expect(table.ranked.map((b) => [b.seat, b.place])).toEqual([
      [1, 1],
      [0, 2],
      [2, 3],
    ]);
    expect(table.boards.map((b) => b.testid)).toEqual(['race-board-0', 'race-board-1', 'race-board-2']);
    expect(table.boards[0]?.secret.code).toEqual(CODE);
    expect(table.pegBoards).toEqual([]);
    expect(ranking(view).map((b) => b.seat)).toEqual([1, 0, 2]);
  });

  it('shares each seat by place with its key pegs, never a colour', () => {
    const { state } = tableAfter(
      { players: 2 },
      [
        [0, guess([0, 1, 4, 4])],
        [1, { type: 'timeout' }],
        [1, guess(CODE)],
        [0, guess(CODE)],
      ],
      0,
    );
    const lines = raceShareLines(race.review(state), {
      tr: (key, p) => `${key} ${JSON.stringify(p)}`,
      nameOf: (s) => ['Ann', 'Bob'][s]!,
      outcome: (broken, n) => (broken ? `broken in ${n}` : 'not broken'),
    });
    expect(lines).toEqual([
      '1. Bob: broken in 2',
      '⚫⚫⚫⚫',
      'race.share.missed {"n":1}',
      '2. Ann: broken in 2',
      '⚫⚫➖➖',
      '⚫⚫⚫⚫',
    ]);
  });
});
