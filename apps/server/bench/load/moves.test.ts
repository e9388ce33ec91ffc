import { describe, expect, it } from 'vitest';
import { families, getFamily } from '@mm/rules';
import { decide, familyPlay, owedBy } from './moves';

// The generator plays every family of the rules from `status.owes` alone: folded here through the
// rules themselves, its moves are all accepted, and codes are never broken, so matches are long.
describe('bench:load moves', () => {
  for (const id of Object.keys(families())) {
    it(`plays ${id} from status.owes: every move accepted, and the match is long`, () => {
      const play = familyPlay(id)!;
      expect(play).not.toBeNull();
      const family = getFamily(id)!;
      const options: unknown = family.optionsSchema.parse(play.options);
      let state: unknown = family.setup(options, `bench-${id}`);
      let played = 0;
      for (; played < 40; played++) {
        const status = family.status(state);
        if (status.finished) break;
        const first = status.owes[0]!;
        const move = decide(owedBy(status.owes, first.seat)!, play.pegs, played);
        expect(move).not.toBeNull();
        const applied = family.apply(state, first.seat, family.actionSchema.parse(play.action(move!)));
        expect(applied.ok ? null : applied.error).toBeNull();
        if (applied.ok) state = applied.state;
      }
      // no code is broken, so a match lasts every row its options allow (a rotation of 3: 39 moves)
      expect(played).toBeGreaterThanOrEqual(39);
    });
  }

  it('knows no family the rules do not have', () => {
    expect(familyPlay('nope')).toBeNull();
  });
});
