import { describe, expect, it } from 'vitest';
import { applyOrThrow } from '../../core/testing';
import type { Seat } from '../../core/family';
import { duel } from './duel';
import { duelOptionsSchema, type DuelAction, type DuelState } from './types';

const act = (state: DuelState, seat: Seat, action: DuelAction): DuelState => applyOrThrow(duel, state, seat, action);
const S = [0, 1, 2, 3];
const MISS = [4, 5, 4, 5];

/** Round 1 broken after two misses; round 2 (seat 1 makes the code) with one miss so far. */
function twoRounds(): DuelState {
  let s = duel.setup(duelOptionsSchema.parse({ rounds: 2 }), 'seed');
  s = act(s, 0, { type: 'setSecret', code: S });
  s = act(s, 1, { type: 'guess', code: MISS });
  s = act(s, 1, { type: 'guess', code: MISS });
  s = act(s, 1, { type: 'guess', code: S });
  s = act(s, 1, { type: 'setSecret', code: S });
  return act(s, 0, { type: 'guess', code: MISS });
}

describe('duel views from one action to the next', () => {
  it('are the same objects where the state did not change, and new ones where it did', () => {
    const before = twoRounds();
    const after = act(before, 0, { type: 'guess', code: MISS });
    for (const viewer of [0, 1, null] as const) {
      const [a, b] = [duel.view(before, viewer), duel.view(after, viewer)];
      expect(b.rounds[0]).toBe(a.rounds[0]);
      expect(b.rounds[1]).not.toBe(a.rounds[1]);
      expect(b.rounds[1]!.rows[0]).toBe(a.rounds[1]!.rows[0]);
      expect(b.rounds[1]!.rows).toHaveLength(2);
      expect(b.options).toBe(a.options);
    }
  });

  it('are worked out for each viewer: the codemaker’s secret is never in another seat’s view of the same round', () => {
    const state = twoRounds();
    expect(duel.view(state, 1).rounds[1]!.secret).toEqual(S);
    expect(duel.view(state, 0).rounds[1]!.secret).toBeNull();
    expect(duel.view(state, null).rounds[1]!.secret).toBeNull();
    expect(duel.view(state, 1).rounds[1]!.secret).toEqual(S);
  });

  it('show a row’s true score once its round is over, though the row itself did not change', () => {
    const state = twoRounds();
    expect(duel.view(state, 0).rounds[1]!.rows[0]!.trueScore).toBeNull();
    expect(duel.view(state, 0).rounds[0]!.rows[0]!.trueScore).toEqual({ black: 0, white: 0 });
    const ended = act(state, 0, { type: 'guess', code: S });
    expect(duel.view(ended, 0).rounds[1]!.rows[0]!.trueScore).toEqual({ black: 0, white: 0 });
  });

  it('hold copies: nothing in a view is an object of the state', () => {
    const state = twoRounds();
    const view = duel.view(state, 1);
    expect(view.rounds[1]!.secret).not.toBe(state.rounds[1]!.secret);
    expect(view.rounds[1]!.rows[0]!.guess).not.toBe(state.rounds[1]!.rows[0]!.guess);
    expect(view.options).not.toBe(state.options);
    expect(view.options).toEqual(state.options);
  });
});
