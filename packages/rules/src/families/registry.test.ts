import { describe, expect, it } from 'vitest';
import { LANGS } from '../core/family';
import { duel } from './duel/duel';
import { duelBot } from './duel/bot';
import { families, familyIdSchema, getFamily, getFamilyBot, presets, registerFamily } from './registry';

describe('the families registry', () => {
  it('is the one list of family ids: the id schema accepts exactly the registered ones', () => {
    for (const id of Object.keys(families())) expect(familyIdSchema.safeParse(id).success, id).toBe(true);
    expect(familyIdSchema.safeParse('checkers').success).toBe(false);
  });

  it('has every family name itself in every language and give the board its link preview draws', () => {
    for (const [id, family] of Object.entries(families())) {
      expect(family.id).toBe(id);
      for (const lang of LANGS) expect(family.name[lang].trim(), `${id} ${lang}`).not.toBe('');
      const { pegs, rows, boards } = family.previewBoard;
      expect(
        [pegs, rows, boards].every((n) => Number.isInteger(n) && n > 0),
        id,
      ).toBe(true);
    }
  });

  it('starts the race and Parker at once for every seat, after ready and a countdown; turn-based families at creation', () => {
    const simultaneous = Object.values(families())
      .filter((f) => f.simultaneousStart === true)
      .map((f) => f.id)
      .sort();
    expect(simultaneous).toEqual(['parker', 'race']);
  });

  it('is built once and frozen: nothing registers a family, or replaces one, once it has been read', () => {
    const before = presets().map((p) => p.id);
    const edition = { id: 'copy-classic', family: 'copy', options: {}, bots: [] };
    expect(() => registerFamily({ ...duel, id: 'copy', presets: [edition] }, duelBot)).toThrow(/fixed once read/);
    expect(getFamilyBot('copy')).toBeUndefined();
    expect(familyIdSchema.safeParse('copy').success).toBe(false);
    expect(presets().map((p) => p.id)).toEqual(before);
    expect(Object.isFrozen(families())).toBe(true);
    expect(() => {
      (families() as Record<string, unknown>)['copy'] = duel;
    }).toThrow(TypeError);
    expect(getFamily('copy')).toBeUndefined();
  });
});
