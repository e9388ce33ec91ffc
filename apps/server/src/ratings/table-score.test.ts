import { describe, expect, it } from 'vitest';
import type { StoredFinish } from '../db/store';
import { tableScore } from './table-score';

const at = new Date(0);
const seat = (s: number, name: string, playerId: string | null, abandoned = false) => ({ seat: s, name, playerId, abandoned });
const finished = (family: string, result: unknown, seats: StoredFinish['seats']): StoredFinish => ({
  id: `${family}-${Math.random()}`,
  family,
  finishedAt: at,
  result,
  daily: false,
  seats,
});

describe('tableScore', () => {
  it('counts a person by player whatever their seat or name, a bot by its name, and adds up points only where the family has them', () => {
    const matches = [
      finished('duel', { winners: [0], draw: false, scores: [5, 3] }, [seat(0, 'Ann', 'p1'), seat(1, 'Bob', 'p2')]),
      finished('duel', { winners: [0], draw: false, scores: [4, 2] }, [seat(0, 'Bob', 'p2'), seat(1, 'Annie', 'p1')]),
      finished('race', { winners: [2], draw: false, scores: [3, 4, 2] }, [
        seat(0, 'Bob', 'p2'),
        seat(1, 'Annie', 'p1'),
        seat(2, 'Bot C', null),
      ]),
    ];
    expect(tableScore(matches)).toStrictEqual({
      players: [
        {
          name: 'Annie',
          won: 1,
          played: 3,
          families: [
            { family: 'duel', won: 1, played: 2, points: 7 },
            { family: 'race', won: 0, played: 1, points: null },
          ],
        },
        {
          name: 'Bob',
          won: 1,
          played: 3,
          families: [
            { family: 'duel', won: 1, played: 2, points: 7 },
            { family: 'race', won: 0, played: 1, points: null },
          ],
        },
        { name: 'Bot C', won: 1, played: 1, families: [{ family: 'race', won: 1, played: 1, points: null }] },
      ],
    });
  });

  it('gives no win to a seat a bot finished for its person, a draw to nobody, and skips a result it cannot read', () => {
    const matches = [
      finished('parker', { winners: [0], draw: false, scores: [1, 0] }, [seat(0, 'Ann', 'p1', true), seat(1, 'Bob', 'p2')]),
      finished('parker', { winners: [], draw: true, scores: [1, 1] }, [seat(0, 'Ann', 'p1'), seat(1, 'Bob', 'p2')]),
      finished('parker', null, [seat(0, 'Ann', 'p1'), seat(1, 'Bob', 'p2')]),
    ];
    expect(tableScore(matches).players.map((p) => [p.name, p.won, p.played])).toEqual([
      ['Ann', 0, 2],
      ['Bob', 0, 2],
    ]);
  });
});
