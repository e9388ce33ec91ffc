import { describe, expect, it } from 'vitest';
import { arrangeSeats, emptySeat, namedBots, rotateSeats } from './seating';

const free = emptySeat;
const at = new Date('2026-11-26T12:00:00Z');

describe('seating', () => {
  it('names the starting bots after their seats', () => {
    expect(namedBots([0, 2])).toEqual([
      { seat: 0, name: 'Bot A' },
      { seat: 2, name: 'Bot C' },
    ]);
  });

  it('moves every holder one seat on, token, device and player with them', () => {
    const ada = { ...free(0), name: 'Ada', tokenHash: 'h-a', deviceId: 'd-a', playerId: 'p-a', claimedAt: at };
    const bob = { ...free(1), name: 'Bob', tokenHash: 'h-b', deviceId: 'd-b', playerId: 'p-b', claimedAt: at };
    expect(rotateSeats([ada, bob])).toEqual([
      { ...bob, index: 0 },
      { ...ada, index: 1 },
    ]);
  });

  it('renames a bot of its own after its new seat, and keeps the name of a person a bot plays for', () => {
    const bot = { ...free(0), name: 'Bot A', bot: true, botStrength: 'easy' as const, claimedAt: at };
    const away = { ...free(1), name: 'Cy', tokenHash: 'h-c', bot: true, takenOver: true, claimedAt: at };
    const empty = free(2);
    expect(rotateSeats([bot, away, empty])).toEqual([
      { ...empty, index: 0 },
      { ...bot, index: 1, name: 'Bot B' },
      { ...away, index: 2 },
    ]);
  });

  it('leaves a one-seat table as it is', () => {
    const solo = { ...free(0), name: 'Ada', tokenHash: 'h-a' };
    expect(rotateSeats([solo])).toEqual([solo]);
  });

  it("seats the people of another game in their order with their tokens, drops the old bots and seats the preset's", () => {
    const bot = { ...free(0), name: 'Bot A', bot: true, claimedAt: at };
    const ada = { ...free(1), name: 'Ada', tokenHash: 'h-a', deviceId: 'd-a', playerId: 'p-a', claimedAt: at };
    const away = { ...free(2), name: 'Cy', tokenHash: 'h-c', bot: true, takenOver: true, claimedAt: at };
    const bea = { ...free(3), name: 'Bea', tokenHash: 'h-b', claimedAt: at };
    expect(arrangeSeats([bot, ada, away, bea], { kind: 'another', seatCount: 3, bots: [1] }, { strength: 'easy', at })).toEqual([
      { ...ada, index: 0 },
      { ...free(1), name: 'Bot B', bot: true, botStrength: 'easy', claimedAt: at },
      { ...away, index: 2 },
    ]);
  });
});
