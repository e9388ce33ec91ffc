import { describe, expect, it } from 'vitest';
import { getFamily } from '@mm/rules';
import { defaultOptions, optionChoices, optionsProblem, presetOptions, seatCountFor } from './options';

describe("a family's options on the home page", () => {
  it('flags duel options no secret can satisfy', () => {
    const defaults = defaultOptions('duel');
    expect(optionsProblem('duel', defaults)).toBeNull();
    expect(optionsProblem('duel', { ...defaults, pegs: 6, colours: 4 })).toBe('option.tooFewColours');
    expect(optionsProblem('duel', { ...defaults, pegs: 5, colours: 4, blanks: true })).toBeNull();
    expect(optionsProblem('duel', { ...defaults, pegs: 6, colours: 4, repeats: true })).toBeNull();
    expect(optionsProblem('duel', { ...defaults, rounds: 3 })).toBe('option.invalid');
  });

  it('flags rotation options no secret can satisfy', () => {
    const defaults = defaultOptions('rotation');
    expect(optionsProblem('rotation', defaults)).toBeNull();
    expect(optionsProblem('rotation', { ...defaults, pegs: 6, colours: 4 })).toBe('option.tooFewColours');
    expect(optionsProblem('rotation', { ...defaults, pegs: 6, colours: 4, repeats: true })).toBeNull();
    expect(optionsProblem('rotation', { ...defaults, guesses: 15 })).toBe('option.invalid');
  });

  it('flags Parker options the rules refuse', () => {
    const defaults = defaultOptions('parker');
    expect(optionsProblem('parker', defaults)).toBeNull();
    expect(optionsProblem('parker', { ...defaults, pegs: 5, colours: 4, repeats: false })).toBe('option.tooFewColours');
    expect(optionsProblem('parker', { ...defaults, games: 2 })).toBe('option.gamesOdd');
    expect(optionsProblem('parker', { ...defaults, pegs: 6 })).toBe('option.invalid');
  });

  it('accepts every Master Mind 44 seating and row count the rules accept', () => {
    expect(optionsProblem('mm44', defaultOptions('mm44'))).toBeNull();
    expect(optionsProblem('mm44', { seating: '2x2', rows: 10 })).toBeNull();
    expect(optionsProblem('mm44', { rows: 11 })).toBe('option.invalid');
  });

  it('refuses the options of a family it does not know', () => {
    expect(optionsProblem('nope', {})).toBe('option.invalid');
  });

  it("fills a preset's options with its family's defaults", () => {
    expect(presetOptions({ id: 'duel-expert', family: 'duel', options: { repeats: true }, bots: [] })).toEqual({
      ...defaultOptions('duel'),
      repeats: true,
    });
  });

  it('counts the seats of a family’s options', () => {
    expect(seatCountFor('duel', {})).toBe(2);
    expect(seatCountFor('rotation', { players: 5 })).toBe(5);
    expect(seatCountFor('mm44', { seating: '3x1' })).toBe(3);
    expect(seatCountFor('mm44', { seating: '2x2' })).toBe(2);
    expect(seatCountFor('duel', { pegs: 99 })).toBeNull();
    expect(seatCountFor('nope', {})).toBeNull();
  });

  it("offers a numeric option's choices as the rules bound and check it", () => {
    expect(optionChoices('duel', 'pegs')).toEqual([3, 4, 5, 6]);
    expect(optionChoices('parker', 'pegs')).toEqual([3, 4, 5]);
    expect(optionChoices('race', 'colours')).toEqual([6, 7, 8]);
    // the field's own refinement is applied: even rounds, an odd series of games
    expect(optionChoices('duel', 'rounds')).toEqual([2, 4, 6, 8, 10, 12]);
    expect(optionChoices('parker', 'games')).toEqual([1, 3, 5, 7]);
    // a literal's listed values
    expect(optionChoices('rotation', 'players')).toEqual([3, 4, 5]);
    expect(() => optionChoices('duel', 'scoring')).toThrow(/not a bounded number/);
    expect(() => optionChoices('duel', 'nope')).toThrow(/no option/);
  });

  it('offers exactly the values its family accepts, one either side of the bounds refused', () => {
    const fields: [string, string][] = [
      ['duel', 'colours'],
      ['duel', 'guesses'],
      ['race', 'players'],
      ['race', 'guesses'],
      ['rotation', 'guesses'],
      ['mm44', 'rows'],
    ];
    for (const [family, field] of fields) {
      const choices = optionChoices(family, field);
      // with repeats where the family has them, so that no colour count is refused for the holes
      const base = { ...defaultOptions(family), ...('repeats' in defaultOptions(family) ? { repeats: true } : {}) };
      const accepts = (n: number) => getFamily(family)!.optionsSchema.safeParse({ ...base, [field]: n }).success;
      expect(choices.every(accepts), `${family}.${field}`).toBe(true);
      expect(accepts(choices[0]! - 1) || accepts(choices.at(-1)! + 1), `${family}.${field}`).toBe(false);
    }
  });
});
