import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mm/protocol';
import { presets } from '@mm/rules';
import { PALETTE } from '../table/palette';
import { CLIENT_FAMILIES } from '../../families';
import { format, LANGS, pickLanguage } from './core';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';

const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();

/** Every language's dictionary as the app loads it: the shared messages, then each family's (listing and screens). */
const shared = { en, fr, de } as Record<string, Record<string, string>>;
const families = await Promise.all(
  CLIENT_FAMILIES.map(async (f) => ({
    id: f.id,
    byLang: Object.fromEntries(
      await Promise.all(LANGS.map(async (l) => [l, { ...(await f.listing(l)), ...(await f.messages(l)) }] as const)),
    ),
  })),
);

describe.each([{ id: 'shared', byLang: shared }, ...families])('the $id messages', ({ byLang }) => {
  const reference = Object.keys(byLang.en!).sort();

  it.each(['fr', 'de'])('%s has exactly the English keys', (lang) => {
    expect(Object.keys(byLang[lang]!).sort()).toEqual(reference);
  });

  it.each(['en', 'fr', 'de'])('%s has no empty value', (lang) => {
    const empty = Object.entries(byLang[lang]!).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['fr', 'de'])('%s uses the same placeholders as English', (lang) => {
    for (const key of reference) {
      expect(placeholders(byLang[lang]![key]!), key).toEqual(placeholders(byLang.en![key]!));
    }
  });
});

describe('dictionaries', () => {
  it('keep each family to keys of its own (its id first, or its presets), so no family overrides another', () => {
    for (const f of families) {
      const foreign = Object.keys(f.byLang.en!).filter((k) => !k.startsWith(`${f.id}.`) && !k.startsWith(`preset.${f.id}-`));
      expect(foreign, f.id).toEqual([]);
      expect(
        Object.keys(f.byLang.en!).filter((k) => Object.hasOwn(en, k)),
        f.id,
      ).toEqual([]);
    }
  });

  it('translate each family’s name (its own, in every language), description, player count and presets', () => {
    for (const f of CLIENT_FAMILIES) {
      const whole = { ...en, ...families.find((x) => x.id === f.id)!.byLang.en } as Record<string, string>;
      for (const key of [f.description, f.players]) expect(whole, f.id).toHaveProperty([key]);
      for (const lang of LANGS) expect(f.name[lang], `${f.id} ${lang}`).toMatch(/\S/);
      for (const p of presets().filter((p) => p.family === f.id)) {
        expect(whole, p.id).toHaveProperty([`preset.${p.id}`]);
        expect(whole, p.id).toHaveProperty([`preset.${p.id}.hint`]);
      }
    }
  });

  it('translates every transport and rule error code', () => {
    for (const code of ERROR_CODES) expect(en, code).toHaveProperty([`error.${code}`]);
  });

  it('names every palette colour', () => {
    for (const c of PALETTE) expect(en).toHaveProperty([`colour.${c.id}`]);
  });
});

describe('pickLanguage', () => {
  it('prefers a stored choice', () => {
    expect(pickLanguage(['de-DE'], 'fr')).toBe('fr');
  });
  it('takes the first browser language it speaks', () => {
    expect(pickLanguage(['es-ES', 'fr-CH', 'de'], null)).toBe('fr');
    expect(pickLanguage(['DE_at'], null)).toBe('de');
  });
  it('falls back to English', () => {
    expect(pickLanguage(['ja', 'zh-CN'], 'xx')).toBe('en');
    expect(pickLanguage(undefined, undefined)).toBe('en');
  });
});

describe('format', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(format('Round {n} of {total}', { n: 1, total: 2 })).toBe('Round 1 of 2');
    expect(format('{name} wins {x}', { name: 'Ann' })).toBe('Ann wins {x}');
    expect(format('plain')).toBe('plain');
  });
});
