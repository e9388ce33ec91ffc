import { describe, expect, it } from 'vitest';
import type { RaceView } from '@mm/rules/families/race';
import { dailyBoard } from './daily';

const options = { pegs: 4, colours: 6, repeats: true, blanks: false, guesses: 10 } as RaceView['options'];
const row = { guess: [0, 1, 2, 3], score: { black: 1, white: 2 } };

describe('dailyBoard', () => {
  it("reads the player's own board in full, with the code once the attempt has ended", () => {
    const view = {
      family: 'race',
      options,
      code: [5, 5, 5, 5],
      finished: true,
      breakers: [],
      boards: [{ seat: 0, shown: 'code', rows: [row], missed: [], used: 1, broken: false, out: false, place: null }],
    } as unknown as RaceView;
    expect(dailyBoard(view)).toEqual({
      rows: [row],
      used: 1,
      broken: false,
      finished: true,
      code: [5, 5, 5, 5],
      rules: { pegs: 4, colours: 6, repeats: true, blanks: false },
      guesses: 10,
    });
  });

  it("is null for another family's view, or a board shown as key pegs only", () => {
    expect(dailyBoard({ family: 'duel' })).toBeNull();
    const pegs = {
      family: 'race',
      options,
      code: null,
      finished: false,
      breakers: [],
      boards: [
        { seat: 0, shown: 'pegs', rows: [{ score: row.score }], missed: [], used: 1, broken: false, out: false, place: null },
      ],
    } as unknown as RaceView;
    expect(dailyBoard(pegs)).toBeNull();
  });
});
