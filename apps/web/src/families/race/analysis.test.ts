import { describe, expect, it } from 'vitest';
import { race, raceOptionsSchema, type RaceAction, type RaceState } from '@mm/rules/families/race';
import { raceAnalysis } from './analysis';

/** A finished two-seat race on a known code, as the replay's last view (the review) shows it. */
function finished(): RaceState {
  let state: RaceState = { ...race.setup(raceOptionsSchema.parse({}), 'seed'), code: [0, 1, 2, 3] };
  const moves: [number, RaceAction][] = [
    [0, { type: 'guess', code: [0, 0, 1, 1] }],
    [1, { type: 'timeout' }],
    [1, { type: 'guess', code: [0, 1, 2, 3] }],
    [0, { type: 'guess', code: [0, 1, 2, 3] }],
  ];
  for (const [seat, action] of moves) {
    const r = race.apply(state, seat, action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  return state;
}

describe('the race’s part of the replay analysis', () => {
  it('judges each seat’s rows on its own board, against the code rules of the room', () => {
    const view = race.review(finished());
    const tracks = raceAnalysis.tracks(view);
    expect(tracks.map((t) => [t.track, t.rows.length])).toEqual([
      [0, 2],
      [1, 1],
    ]);
    const input = raceAnalysis.input(tracks[0]!, 1, view, view);
    expect(input).toMatchObject({
      kind: 'code',
      rules: { pegs: 4, colours: 6, repeats: true, blanks: false },
      history: [{ guess: [0, 0, 1, 1], score: { black: 1, white: 1 } }],
      row: { guess: [0, 1, 2, 3], score: { black: 4, white: 0 } },
    });
    expect(raceAnalysis.roundTitle(0, (k) => k)).toBe('');
  });

  it('finds no row to judge on a board shown as key pegs only', () => {
    const live = race.view(finished(), null);
    expect(
      raceAnalysis
        .tracks({
          ...live,
          finished: false,
          boards: live.boards.map((b) => ({ ...b, shown: 'pegs' as const, rows: b.rows.map((r) => ({ score: r.score })) })),
        })
        .flatMap((t) => t.rows),
    ).toEqual([]);
  });
});
