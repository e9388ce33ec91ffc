import { race, raceOptionsSchema } from '@mm/rules/families/race';
import { describe, expect, it } from 'vitest';
import { botSeatSeed } from '../security/tokens';
import { botAction, botRandomness } from './play';

const seeds = Array.from({ length: 20 }, (_, i) => `match seed ${i}`);

/** What the bot in `seat` plays first in a two-seat race dealt from `seed`, as the driver asks it. */
function opening(seed: string, seat: number): string {
  const state = race.setup(raceOptionsSchema.parse({ players: 2 }), seed);
  const action = botAction(race, race.view(state, seat), seat, botRandomness(botSeatSeed(seed, seat), 'fresh'), 'medium');
  return JSON.stringify(action);
}

describe('bots of one race', () => {
  it('open apart: two seats with the same (empty) board choose different rows, for most match seeds', () => {
    const apart = seeds.filter((seed) => opening(seed, 0) !== opening(seed, 1));
    expect(apart.length).toBeGreaterThanOrEqual(seeds.length - 2);
  });

  it('open differently from match to match, and alike when the match is replayed', () => {
    expect(new Set(seeds.map((seed) => opening(seed, 0))).size).toBeGreaterThanOrEqual(10);
    for (const seed of seeds.slice(0, 4)) expect(opening(seed, 1)).toBe(opening(seed, 1));
  });
});
