import { describe, expect, it } from 'vitest';
import type { DuelView } from '@mm/rules/families/duel';
import { duelLog, finishedMatch } from './fixtures.test-support';
import { buildReplay, matchRoom, stepSnapshot } from './replay';

describe('buildReplay', () => {
  it('folds the log with the rules: one step per action, every secret shown, the last step the published final view', () => {
    const d = finishedMatch('duel', {}, 'seed', duelLog());
    const { steps, brokenAt } = buildReplay(d);
    expect(brokenAt).toBeNull();
    expect(steps.map((s) => s.seq)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(steps.at(-1)!.view).toEqual(d.view);
    expect(steps.at(-1)!.status).toEqual(d.status);

    // Mid-round 1, after Bob's first guess: the secret is shown (a replay hides nothing), one row, Bob to guess.
    const mid = steps[2]!;
    const round = (mid.view as DuelView).rounds[0]!;
    expect(round.secret).toEqual([0, 1, 2, 3]);
    expect(round.rows.map((r) => r.guess)).toEqual([[3, 2, 1, 0]]);
    expect(round.rows[0]!.score).toEqual({ black: 0, white: 4 });
    expect(mid.status).toMatchObject({ finished: false, toAct: [1], scores: [0, 0] });
    // Points as they accrued: Bob's round win counts from step 3 on.
    expect(steps.map((s) => s.status.scores)).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [0, 1],
      [0, 1],
      [0, 1],
      [1, 1],
    ]);

    const snap = stepSnapshot(d, mid);
    expect(snap).toMatchObject({ matchId: d.id, seq: 2, last: { seq: 2, seat: 1, type: 'guess' } });
    const room = matchRoom(d, d.players, d.status);
    expect(room.seats).toEqual([
      { index: 0, name: 'Ann', connected: false, bot: false, takenOver: false, botStrength: null },
      { index: 1, name: 'Bob', connected: false, bot: false, takenOver: false, botStrength: null },
    ]);
  });

  it('stops at a move the rules refuse (a corrupt log), keeping the steps before it', () => {
    const d = finishedMatch('duel', {}, 'seed', duelLog());
    d.log[2] = { ...d.log[2]!, seat: 0 };
    const { steps, brokenAt } = buildReplay(d);
    expect(brokenAt).toBe(3);
    expect(steps).toHaveLength(3);
  });
});
