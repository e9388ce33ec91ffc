import { describe, expect, it } from 'vitest';
import { dailyPreimage, secretOf } from './fairness';

describe('secretOf', () => {
  it('finds the secret of a setSecret and of a timeout that gave a codemaker a random one', () => {
    expect(secretOf({ type: 'setSecret', code: [0, 1, 2, 3] })).toEqual([0, 1, 2, 3]);
    expect(secretOf({ type: 'timeout', code: [3, 2, 1, 0] })).toEqual([3, 2, 1, 0]);
  });

  it('finds none in a guess, a timeout that only passed a turn, or junk', () => {
    expect(secretOf({ type: 'guess', code: [0, 1, 2, 3] })).toBeNull();
    expect(secretOf({ type: 'timeout' })).toBeNull();
    expect(secretOf(null)).toBeNull();
    expect(secretOf('setSecret')).toBeNull();
  });
});

describe('dailyPreimage', () => {
  it('puts the puzzle number first, then the salt, then the code as JSON', () => {
    expect(dailyPreimage(1, 'ab', [0, 5, 5, 2])).toBe('daily:1:ab:[0,5,5,2]');
  });
});
