import { describe, expect, it } from 'vitest';
import { duel } from './duel/duel';
import { duelBot } from './duel/bot';
import { familyIdSchema, getFamily, getFamilyBot, getPreset, presets, registerFamily } from './registry';

// Before anything reads the registry (this file's own module graph): the one moment a family defined
// outside the package may plug in.
const edition = { id: 'copy-classic', family: 'copy', options: {}, bots: [] };
const copy = { ...duel, id: 'copy', presets: [edition] };
registerFamily(copy, duelBot);

describe('a family plugged in before the registry is read', () => {
  it('is in it, bot and presets included, after the product families', () => {
    expect(getFamily('copy')).toBe(copy);
    expect(getFamilyBot('copy')).toBe(duelBot);
    expect(familyIdSchema.safeParse('copy').success).toBe(true);
    expect(presets().at(-1)).toBe(edition);
    expect(getPreset('copy-classic')).toBe(edition);
  });

  it('cannot be registered twice, nor can a product family be replaced', () => {
    expect(() => registerFamily(copy, duelBot)).toThrow();
    expect(() => registerFamily(duel, duelBot)).toThrow();
    expect(getFamily('duel')).toBe(duel);
  });
});
