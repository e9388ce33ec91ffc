import { describe, expect, it } from 'vitest';
import { checkCode } from '../core/code';
import { getFamily, getPreset, presets } from './registry';
import { duelSecretRules } from './duel/pure';
import type { DuelOptions } from './duel/types';

const familyOf = (id: string) => {
  const family = getFamily(id);
  if (!family) throw new Error(`no family ${id}`);
  return family;
};

const parsed = (id: string) => {
  const p = getPreset(id);
  if (!p) throw new Error(`no preset ${id}`);
  return familyOf(p.family).optionsSchema.parse(p.options) as Record<string, unknown>;
};

describe('presets: the printed editions', () => {
  it('offers every edition of every family once, each with options its family accepts', () => {
    const ids = presets().map((p) => p.id);
    expect(new Set(ids).size).toBe(ids.length);
    // The rulebooks' editions come first, in their order; a family added later follows (its own tests list its presets).
    expect(ids.slice(0, 14)).toEqual([
      'duel-classic',
      'duel-expert',
      'duel-gb-standard',
      'duel-gb-advanced',
      'duel-bot',
      'rotation-3',
      'rotation-4',
      'rotation-5',
      'parker-single',
      'parker-best-of-3',
      'mm44-game1',
      'mm44-game2-3x1',
      'mm44-game2-2x1',
      'mm44-game2-2x2',
    ]);
    for (const p of presets()) {
      const family = familyOf(p.family);
      expect(family.optionsSchema.safeParse(p.options).success, p.id).toBe(true);
      const seats = family.seatCount(family.optionsSchema.parse(p.options));
      expect(
        p.bots.every((s) => s >= 0 && s < seats),
        p.id,
      ).toBe(true);
    }
  });

  it('plays the FR/DE classic with its defaults: no repeats, no blanks, rounds won', () => {
    expect(parsed('duel-classic')).toMatchObject({
      pegs: 4,
      colours: 6,
      repeats: false,
      blanks: false,
      scoring: 'rounds',
      guesses: 12,
    });
    expect(parsed('duel-expert')).toMatchObject({ repeats: true, blanks: false, scoring: 'rounds' });
  });

  it('turns repeats on for both GB games, with codemaker points', () => {
    expect(parsed('duel-gb-standard')).toMatchObject({ repeats: true, blanks: false, scoring: 'points', handScoring: false });
    expect(parsed('duel-gb-advanced')).toMatchObject({ repeats: true, blanks: true, scoring: 'points' });
  });

  it('lets a GB advanced secret hold one or more blanks', () => {
    const rules = duelSecretRules(parsed('duel-gb-advanced') as unknown as DuelOptions);
    expect(checkCode([null, 2, null, 2], rules)).toBeNull();
    expect(checkCode([null, null, null, 5], rules)).toBeNull();
  });

  it('seats a bot in seat B for "Play a bot"', () => {
    expect(getPreset('duel-bot')).toMatchObject({ family: 'duel', bots: [1] });
  });

  it('sizes the rotation, Parker series and MM44 seatings as printed', () => {
    expect([3, 4, 5].map((n) => parsed(`rotation-${n}`).players)).toEqual([3, 4, 5]);
    expect(parsed('parker-single').games).toBe(1);
    expect(parsed('parker-best-of-3').games).toBe(3);
    expect(['mm44-game1', 'mm44-game2-3x1', 'mm44-game2-2x1', 'mm44-game2-2x2'].map((id) => parsed(id).seating)).toEqual([
      '4x1',
      '3x1',
      '2x1',
      '2x2',
    ]);
  });
});
