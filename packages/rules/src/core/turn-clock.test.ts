import { describe, expect, it } from 'vitest';
import type { MatchStatus, Seat } from './family';
import { clockPerOwingSeat } from './turn-clock';

const owing = (...toAct: Seat[]): MatchStatus => ({
  finished: false,
  toAct,
  owes: toAct.map((seat) => ({ seat, kind: 'guess' })),
  may: [],
  scores: [],
  winners: [],
  draw: false,
});
const over: MatchStatus = { ...owing(), finished: true, winners: [0] };

describe('clockPerOwingSeat', () => {
  it('starts every owing seat’s clock at the match’s creation', () => {
    expect([...clockPerOwingSeat.started(new Map(), owing(0, 1), null, 7)]).toEqual([
      [0, 7],
      [1, 7],
    ]);
  });

  it('restarts the clock of the seat that acted and still owes, and of a seat that begins to owe', () => {
    const started = clockPerOwingSeat.started(new Map([[0, 0]]), owing(0, 1), 0, 50);
    expect([...started]).toEqual([
      [0, 50],
      [1, 50],
    ]);
  });

  it('restarts no clock of another seat that owed before the move', () => {
    const started = clockPerOwingSeat.started(
      new Map([
        [0, 0],
        [1, 10],
      ]),
      owing(0, 1),
      0,
      50,
    );
    expect(started.get(1)).toBe(10);
  });

  it('drops the clock of a seat that owes nothing any more', () => {
    expect([...clockPerOwingSeat.started(new Map([[0, 0]]), owing(1), 0, 50)]).toEqual([[1, 50]]);
  });

  it('gives each owing seat its deadline a turn after its own start, never counted from before the table was full', () => {
    const started = new Map([
      [0, 100],
      [1, 300],
    ]);
    expect(clockPerOwingSeat.deadlines(owing(0, 1), started, 200, 1000)).toEqual([
      { seat: 0, at: 1200 },
      { seat: 1, at: 1300 },
    ]);
  });

  it('gives no deadline once the match is over', () => {
    expect(clockPerOwingSeat.deadlines(over, new Map([[0, 0]]), 0, 1000)).toEqual([]);
  });
});
