import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../core/testing';
import { rotationGuessOrder } from './pure';
import { rotation } from './rotation';
import { rotationOptionsSchema, type RotationAction } from './types';

function statusAfter(actions: [number, RotationAction][]) {
  let state = rotation.setup(rotationOptionsSchema.parse({}), 'seed');
  for (const [seat, action] of actions) state = applyOrThrow(rotation, state, seat, action);
  return rotation.status(state);
}
const secret: RotationAction = { type: 'setSecret', code: [0, 1, 2, 3] };
const hit: RotationAction = { type: 'guess', code: [0, 1, 2, 3] };
const blank: RotationAction = { type: 'guess', code: [5, 5, 5, 5] };

/** Rounds 1 and 2 broken on their first row: seat 1 has 15 points, seat 2 has 10, seat 0 has 5. */
const twoRounds: [number, RotationAction][] = [
  [0, secret],
  [1, hit],
  [1, secret],
  [2, hit],
  [2, secret],
];

describe('rotation outcome and rank (docs/rules.md §2 play 6)', () => {
  it('ranks every seat by points, and gives the top one the win', () => {
    // round 3: seat 0 scores nothing, seat 1 breaks the code on row 2 (10), its codemaker scores 6
    const status = statusAfter([...twoRounds, [0, blank], [1, hit]]);
    expect(status.scores).toEqual([5, 25, 16]);
    expect(rotation.rank?.(status.scores)).toEqual([3, 1, 2]);
    expect([0, 1, 2].map((seat) => rotation.outcome(status, [seat]))).toEqual(['lose', 'win', 'lose']);
  });

  it('calls a table where every seat ties a draw, every seat sharing the first place', () => {
    const status = statusAfter([...twoRounds, [0, hit]]);
    expect(status.scores).toEqual([15, 15, 15]);
    expect(rotation.rank?.(status.scores)).toEqual([1, 1, 1]);
    expect([0, 1, 2].map((seat) => rotation.outcome(status, [seat]))).toEqual(['draw', 'draw', 'draw']);
  });

  it('lets seats with equal points share a place, skipping the places after them', () => {
    expect(rotation.rank?.([4, 4, 1])).toEqual([1, 1, 3]);
    expect(rotation.rank?.([30, 22, 22, 5])).toEqual([1, 2, 2, 4]);
  });
});

describe('rotationGuessOrder (docs/rules.md §2 play 2)', () => {
  it('orders the codebreakers from the seat after the codemaker round the table', () => {
    expect(rotationGuessOrder(0, 3)).toEqual([1, 2]);
    expect(rotationGuessOrder(2, 4)).toEqual([3, 0, 1]);
    expect(rotationGuessOrder(4, 5)).toEqual([0, 1, 2, 3]);
  });
});
