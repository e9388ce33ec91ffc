import { describe, expect, it } from 'vitest';
import { challengePresets, familyOfPreset } from './presets';

describe('the presets a friend can be challenged to', () => {
  it('leaves out a table with a bot and a race of one, and keeps the two-player duel', () => {
    const ids = challengePresets().flatMap((g) => g.presets.map((p) => p.id));
    expect(ids).toContain('duel-classic');
    expect(ids).not.toContain('duel-bot');
    for (const g of challengePresets()) for (const p of g.presets) expect(p.bots).toEqual([]);
  });
});

describe('the family of a challenge’s preset', () => {
  it('is the family whose presets list it, and unknown for a preset no family lists', () => {
    for (const g of challengePresets()) for (const p of g.presets) expect(familyOfPreset(p.id)).toBe(g.familyId);
    expect(familyOfPreset('duel-classic')).toBe('duel');
    expect(familyOfPreset('no-such-preset')).toBeUndefined();
  });
});
