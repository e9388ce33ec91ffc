import { beforeAll, describe, expect, it } from 'vitest';
import {
  duel,
  duelOptionsSchema,
  type DuelAction,
  type DuelOptionsInput,
  type DuelState,
  type DuelView,
} from '@mm/rules/families/duel';
import { loadLanguage, t } from '../../lib/i18n/index.svelte';
import { loadFamilyMessages } from '..';
import { tableOf } from '../shared/table-fixture';
import { duelTable } from './table';

/** Plays actions through the real rules and returns the duel's reading of the table for `viewer`. */
function tableAfter(input: DuelOptionsInput, actions: [number, DuelAction][], viewer: number | null) {
  let state: DuelState = duel.setup(duelOptionsSchema.parse(input), 'seed');
  for (const [s, action] of actions) {
    const r = duel.apply(state, s, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  const status = duel.status(state);
  const lastAction = actions[actions.length - 1];
  const last = lastAction ? { seq: actions.length, seat: lastAction[0], type: lastAction[1].type } : null;
  const { state: table, sent } = tableOf<DuelView>(['Ann', 'Bob'], duel.view(state, viewer), status, viewer, { last });
  return { table: duelTable(table), sent };
}

const secret = (code: number[]): DuelAction => ({ type: 'setSecret', code });
const guess = (code: number[]): DuelAction => ({ type: 'guess', code });

beforeAll(async () => {
  await loadLanguage('en');
  await loadFamilyMessages('duel');
});

describe('the duel’s table', () => {
  it('asks the codemaker for the secret through the shared composer, and keeps the codebreaker waiting', async () => {
    const { table, sent } = tableAfter({}, [], 0);
    expect(table.statusText).toBe(t('status.yourSecret'));
    expect(table.composer).toMatchObject({ mode: 'secret', title: t('composer.secretTitle'), reset: '0-secret' });
    await table.composer?.send([0, 1, 2, 3]);
    expect(sent).toEqual([{ type: 'setSecret', code: [0, 1, 2, 3] }]);
    expect(tableAfter({}, [], 1).table.statusText).toBe(t('status.waitSecret', { name: 'Ann' }));
  });

  it('draws the round’s board with the codemaker’s secret on the codemaker’s phone only', () => {
    const moves: [number, DuelAction][] = [
      [0, secret([0, 1, 2, 3])],
      [1, guess([0, 0, 0, 0])],
    ];
    const maker = tableAfter({}, moves, 0).table;
    expect(maker.boards).toHaveLength(1);
    expect(maker.boards[0]).toMatchObject({ secret: { code: [0, 1, 2, 3], testid: 'my-secret', row: true }, latest: 1 });
    const breaker = tableAfter({}, moves, 1).table;
    expect(breaker.boards[0]?.secret).toMatchObject({ code: null, set: true, testid: 'secret-reveal' });
    expect(breaker.lastText).toBe(t('duel.you.lastGuess', { n: 1 }));
    expect(maker.lastText).toBe(t('duel.last.guess', { name: 'Bob', n: 1 }));
  });

  it('leaves a hand score to its own entry: no shared composer while a guess waits for its score', () => {
    const { table } = tableAfter(
      { handScoring: true },
      [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 0, 0, 0])],
      ],
      0,
    );
    expect(table.statusText).toBe(t('duel.status.yourScore', { name: 'Bob' }));
    expect(table.statusText).toContain('Bob');
    expect(table.composer).toBeNull();
  });

  it('says how fast each player broke the codes at the end of a drawn match, the draw standing', () => {
    const miss = guess([0, 0, 0, 0]);
    // rounds won: Bob breaks Ann's code on row 3, Ann breaks Bob's on row 2, one round each
    const both: [number, DuelAction][] = [
      [0, secret([0, 1, 2, 3])],
      [1, miss],
      [1, miss],
      [1, guess([0, 1, 2, 3])],
      [1, secret([5, 4, 3, 2])],
      [0, miss],
      [0, guess([5, 4, 3, 2])],
    ];
    for (const viewer of [0, 1, null]) {
      const { table } = tableAfter({}, both, viewer);
      expect(table.result?.text).toBe(t('result.draw'));
      expect(table.drawText).toBe('Both broke it: Ann in 2, Bob in 3.');
    }

    // four rounds: each breaks one code and misses the other (2–2)
    const fails = (breaker: number) => Array.from({ length: 8 }, (): [number, DuelAction] => [breaker, miss]);
    const some = tableAfter(
      { rounds: 4, guesses: 8 },
      [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 2, 3])],
        [1, secret([5, 4, 3, 2])],
        ...fails(0),
        [0, secret([0, 1, 2, 3])],
        ...fails(1),
        [1, secret([5, 4, 3, 2])],
        [0, miss],
        [0, miss],
        [0, miss],
        [0, guess([5, 4, 3, 2])],
      ],
      0,
    ).table;
    expect(some.result?.text).toBe(t('result.draw'));
    expect(some.drawText).toBe('Codes broken: Ann in 4 (1 not broken), Bob in 1 (1 not broken).');

    // codemaker points: both fail every row, 9 points each
    const neither = tableAfter(
      { scoring: 'points', guesses: 8 },
      [[0, secret([0, 1, 2, 3])], ...fails(1), [1, secret([5, 4, 3, 2])], ...fails(0)],
      1,
    ).table;
    expect(neither.result?.text).toBe(t('result.draw'));
    expect(neither.drawText).toBe('Neither broke the code.');
  });

  it('says nothing more of a match someone won', () => {
    const { table } = tableAfter(
      {},
      [
        [0, secret([0, 1, 2, 3])],
        [1, guess([0, 1, 2, 3])],
        [1, secret([5, 4, 3, 2])],
        ...Array.from({ length: 12 }, (): [number, DuelAction] => [0, guess([0, 0, 0, 0])]),
      ],
      1,
    );
    expect(table.result?.text).toBe(t('result.win'));
    expect(table.drawText).toBeNull();
  });
});
