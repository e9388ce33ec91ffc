import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextSeating, type SeatHolder, type SeatSource } from './seating';

const holderArb = fc.constantFrom<SeatHolder>('person', 'bot', 'free');
const fromOf = (s: SeatSource): number | null => ('from' in s ? s.from : null);

describe('nextSeating', () => {
  it('moves every holder one seat on for a rematch, bots included, leaving free seats free', () => {
    expect(nextSeating(['person', 'bot', 'free'], { kind: 'rematch' })).toEqual({
      seats: [{ free: true }, { from: 0 }, { from: 1 }],
      unseated: [],
    });
  });

  it('seats the people of a duel in the first seats of a rotation for three, leaving the third free', () => {
    expect(nextSeating(['person', 'person'], { kind: 'another', seatCount: 3, bots: [] })).toEqual({
      seats: [{ from: 0 }, { from: 1 }, { free: true }],
      unseated: [],
    });
  });

  it('lets the third person of a rotation watch when the next game is a duel', () => {
    expect(nextSeating(['person', 'person', 'person'], { kind: 'another', seatCount: 2, bots: [] })).toEqual({
      seats: [{ from: 0 }, { from: 1 }],
      unseated: [2],
    });
  });

  it("drops the old bots and seats the preset's own, the people filling the other seats in order", () => {
    expect(nextSeating(['bot', 'person', 'free', 'person'], { kind: 'another', seatCount: 2, bots: [0] })).toEqual({
      seats: [{ bot: true }, { from: 1 }],
      unseated: [3],
    });
  });

  it('refuses a next game without seats', () => {
    expect(() => nextSeating(['person'], { kind: 'another', seatCount: 0, bots: [] })).toThrow(RangeError);
  });

  it('seats every person at most once, in their order, within the seat count, and lets the rest watch', () => {
    fc.assert(
      fc.property(
        fc.array(holderArb, { minLength: 1, maxLength: 6 }),
        fc.integer({ min: 1, max: 6 }),
        fc.array(fc.integer({ min: -1, max: 6 })),
        (previous, seatCount, bots) => {
          const { seats, unseated } = nextSeating(previous, { kind: 'another', seatCount, bots });
          expect(seats).toHaveLength(seatCount);
          const moved = seats.map(fromOf).filter((s) => s !== null);
          const people = previous.flatMap((h, i) => (h === 'person' ? [i] : []));
          // every person either sits (once) or watches, in the order they sat
          expect([...moved, ...unseated]).toEqual(people);
          // a person watches only when every seat left to people is taken
          const peopleSeats = seats.filter((s) => !('bot' in s)).length;
          if (unseated.length > 0) expect(moved).toHaveLength(peopleSeats);
        },
      ),
    );
  });

  it('gives every holder of a rematch exactly one seat and never seats anyone twice', () => {
    fc.assert(
      fc.property(fc.array(holderArb, { minLength: 1, maxLength: 6 }), (previous) => {
        const { seats, unseated } = nextSeating(previous, { kind: 'rematch' });
        expect(seats).toHaveLength(previous.length);
        expect(unseated).toEqual([]);
        const moved = seats.map(fromOf).filter((s) => s !== null);
        expect(new Set(moved).size).toBe(moved.length);
        expect(moved.sort()).toEqual(previous.flatMap((h, i) => (h === 'free' ? [] : [i])).sort());
      }),
    );
  });
});
