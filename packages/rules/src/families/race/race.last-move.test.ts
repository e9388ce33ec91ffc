import { describe, expect, it } from 'vitest';
import type { Code } from '../../core/code';
import { applyOrThrow } from '../../core/testing';
import { race } from './race';
import { raceOptionsSchema, type RaceAction } from './types';

// A house seed names the code the race draws: 0123.
const SEED = 'house:0123:test';
const WRONG: Code = [5, 5, 5, 5];
const guess = (code: Code): RaceAction => ({ type: 'guess', code });

describe('race lastMove', () => {
  it('reads the row the acting seat just used on its own board, a guess or a row lost to the timer', () => {
    let state = race.setup(raceOptionsSchema.parse({ players: 3 }), SEED);
    expect(race.lastMove(race.view(state, 0), null)).toBeNull();
    state = applyOrThrow(race, state, 1, guess(WRONG));
    expect(race.lastMove(race.view(state, 0), { seq: 1, seat: 1, type: 'guess' })).toEqual({ seat: 1, kind: 'guess', row: 1 });
    state = applyOrThrow(race, state, 1, { type: 'timeout' });
    expect(race.lastMove(race.view(state, 0), { seq: 2, seat: 1, type: 'timeout' })).toEqual({
      seat: 1,
      kind: 'timeout',
      row: 2,
    });
  });
});
