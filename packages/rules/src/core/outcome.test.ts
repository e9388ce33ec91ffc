import { describe, expect, it } from 'vitest';
import { outcomeOf, ranksByScore } from './outcome';

describe('outcomeOf', () => {
  it('gives the winners a win, everyone else a loss', () => {
    const result = { winners: [1], draw: false };
    expect(outcomeOf(result, [1])).toBe('win');
    expect(outcomeOf(result, [0])).toBe('lose');
  });

  it('gives every seat of a shared win a win', () => {
    const result = { winners: [0, 2], draw: false };
    expect([0, 1, 2].map((s) => outcomeOf(result, [s]))).toEqual(['win', 'lose', 'win']);
  });

  it('calls a drawn match a draw for everyone', () => {
    expect(outcomeOf({ winners: [], draw: true }, [0])).toBe('draw');
    expect(outcomeOf({ winners: [], draw: true }, [0, 1])).toBe('draw');
  });

  it('gives a player holding several seats a win when any of them won', () => {
    expect(outcomeOf({ winners: [1], draw: false }, [0, 1])).toBe('win');
    expect(outcomeOf({ winners: [2], draw: false }, [0, 1])).toBe('lose');
  });
});

describe('ranksByScore', () => {
  it('places the most points first', () => {
    expect(ranksByScore([6, 0, 10])).toEqual([2, 3, 1]);
  });

  it('lets equal scores share a place and skips the places after them', () => {
    expect(ranksByScore([10, 7, 7, 3])).toEqual([1, 2, 2, 4]);
    expect(ranksByScore([4, 4, 1])).toEqual([1, 1, 3]);
    expect(ranksByScore([5, 5])).toEqual([1, 1]);
  });
});
