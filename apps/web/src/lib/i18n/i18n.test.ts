import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@mm/protocol';
import { PALETTE } from '../game/palette';
import { format, pickLanguage } from './core';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';

const dictionaries = { en, fr, de } as Record<string, Record<string, string>>;
const placeholders = (s: string): string[] => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).sort();

describe('dictionaries', () => {
  const reference = Object.keys(en).sort();

  it.each(['fr', 'de'])('%s has exactly the English keys', (lang) => {
    expect(Object.keys(dictionaries[lang]!).sort()).toEqual(reference);
  });

  it.each(['en', 'fr', 'de'])('%s has no empty value', (lang) => {
    const empty = Object.entries(dictionaries[lang]!).filter(([, v]) => typeof v !== 'string' || v.trim() === '');
    expect(empty).toEqual([]);
  });

  it.each(['fr', 'de'])('%s uses the same placeholders as English', (lang) => {
    for (const key of reference) {
      expect(placeholders(dictionaries[lang]![key]!), key).toEqual(placeholders((en as Record<string, string>)[key]!));
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
