import { describe, expect, it } from 'vitest';
import { headToHead } from './head-to-head';
import { seatRanks } from './outcome';
import { placings, shownRating, FIRST_RATING } from './rate';

const person = (seat: number, playerId: string | null, abandoned = false) => ({ seat, playerId, abandoned });
const won0 = { winners: [0], draw: false, scores: [1, 0] };

describe('who a finished match rates', () => {
  it('rates the people of a match by the places of their family, ties shared', () => {
    expect(placings({ family: 'duel', result: won0, daily: false, seats: [person(0, 'a'), person(1, 'b')] })).toEqual([
      { playerId: 'a', rank: 1 },
      { playerId: 'b', rank: 2 },
    ]);
    const rotation = { winners: [1], draw: false, scores: [3, 8, 3] };
    expect(
      placings({ family: 'rotation', result: rotation, daily: false, seats: [person(0, 'a'), person(1, 'b'), person(2, 'c')] }),
    ).toEqual([
      { playerId: 'a', rank: 2 },
      { playerId: 'b', rank: 1 },
      { playerId: 'c', rank: 2 },
    ]);
  });

  it('puts an abandoned seat last, below every seat played to the end', () => {
    const race = { winners: [0], draw: false, scores: [3, 5, 6] };
    expect(seatRanks('race', race, 3)).toEqual([1, 2, 2]);
    const seats = [person(0, 'a', true), person(1, 'b'), person(2, 'c')];
    // openskill reads only the order of the places: the two left share the best one, the bot's win counts for nobody.
    expect(placings({ family: 'race', result: race, daily: false, seats })?.map((p) => p.rank)).toEqual([3, 2, 2]);
  });

  it.each([
    ['a bot (no player) in a seat', [person(0, 'a'), person(1, null)], false],
    ['one person in two seats', [person(0, 'a'), person(1, 'a')], false],
    ['a seat nobody took', [person(0, 'a'), person(2, 'b')], false],
    ['a single seat', [person(0, 'a')], false],
    ['a Code of the day', [person(0, 'a'), person(1, 'b')], true],
    ['every seat abandoned', [person(0, 'a', true), person(1, 'b', true)], false],
  ] as const)('rates nobody for %s', (_, seats, daily) => {
    expect(placings({ family: 'duel', result: won0, daily, seats })).toBeNull();
  });

  it('rates nobody for a result that is not a family status', () => {
    expect(placings({ family: 'duel', result: { winner: 0 }, daily: false, seats: [person(0, 'a'), person(1, 'b')] })).toBeNull();
    expect(placings({ family: 'duel', result: null, daily: false, seats: [person(0, 'a'), person(1, 'b')] })).toBeNull();
  });

  it('shows a newcomer as 1000', () => {
    expect(shownRating(FIRST_RATING)).toBe(1000);
  });
});

describe('head-to-head', () => {
  const match = (family: string, winner: 0 | 1 | null, day: number) => ({
    family,
    finishedAt: new Date(Date.UTC(2026, 10, day)),
    result: winner === null ? { winners: [], draw: true, scores: [1, 1] } : { ...won0, winners: [winner] },
    seats: [person(0, 'me'), person(1, 'them')],
  });

  it('counts per family and in total, and keeps the five newest', () => {
    const newestFirst = [
      match('parker', 0, 9),
      match('duel', 1, 8),
      match('duel', null, 7),
      match('duel', 0, 6),
      match('duel', 0, 5),
      match('parker', 1, 4),
      match('duel', 0, 3),
    ];
    const h = headToHead(newestFirst, 'me', 'them');
    expect(h.total).toEqual({ won: 4, lost: 2, drawn: 1 });
    expect(h.families).toEqual([
      { family: 'duel', won: 3, lost: 1, drawn: 1 },
      { family: 'parker', won: 1, lost: 1, drawn: 0 },
    ]);
    expect(h.last.map((l) => `${l.family} ${l.outcome}`)).toEqual([
      'parker won',
      'duel lost',
      'duel drawn',
      'duel won',
      'duel won',
    ]);
    expect(headToHead(newestFirst, 'them', 'me').total).toEqual({ won: 2, lost: 4, drawn: 1 });
  });
});
