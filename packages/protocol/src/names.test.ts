import { describe, expect, it } from 'vitest';
import { displayNameKey, cleanDisplayName, hasVisibleCharacter } from './names';
import { displayNameSchema } from './display-name';

const parse = (name: string) => displayNameSchema.safeParse(name);

describe('display names', () => {
  it('are stored NFC: one spelling per look', () => {
    const decomposed = 'Zoe\u0301';
    expect(parse(decomposed)).toEqual({ success: true, data: 'Zoé' });
    expect(parse(decomposed).data).toBe(parse('Zo\u00e9').data);
  });

  it('lose every bidi control, balanced or not', () => {
    for (const control of [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ]) {
      const r = parse(`Ann${control}xe`);
      expect(r.success, control.codePointAt(0)!.toString(16)).toBe(true);
      expect(r.data).toBe('Annxe');
    }
    expect(parse('\u202Eevil.exe').data).toBe('evil.exe');
  });

  it('lose zero-width characters, but keep the joiner inside an emoji sequence', () => {
    expect(parse('A\u200Bn\u200Cn\u2060a\uFEFF\u00AD').data).toBe('Anna');
    expect(parse('Ann\u200D').data).toBe('Ann');
    expect(parse('\u{1F469}\u200D\u{1F4BB} Dev').data).toBe('\u{1F469}\u200D\u{1F4BB} Dev');
    expect(parse('\u{1F469}\u{1F3FD}\u200D\u{1F4BB}').data).toBe('\u{1F469}\u{1F3FD}\u200D\u{1F4BB}');
  });

  it('need a visible character', () => {
    for (const invisible of [
      '\u200B\u200B\u200B',
      '\u202E',
      '   ',
      '\u3164',
      '\u2800\u2800',
      '\u0301\u0301',
      '\u200D',
      '\u115F\u1160',
      '\u00AD',
    ]) {
      const r = parse(invisible);
      expect(r.success, JSON.stringify(invisible)).toBe(false);
    }
    expect(hasVisibleCharacter('·')).toBe(true);
    expect(hasVisibleCharacter('🙂')).toBe(true);
    expect(hasVisibleCharacter('李')).toBe(true);
  });

  it('count their length once cleaned, and still refuse control characters', () => {
    expect(parse(`${'a'.repeat(24)}\u200B\u200B`).success).toBe(true);
    expect(parse('a'.repeat(25)).success).toBe(false);
    expect(parse('a\u0007b').success).toBe(false);
  });

  it('compare alike when they look alike: invisible characters, case and compatibility forms aside', () => {
    expect(displayNameKey('Ann')).toBe(displayNameKey('ann'));
    expect(displayNameKey('Ann')).toBe(displayNameKey('A\u200Bnn'));
    expect(displayNameKey('Ann')).toBe(displayNameKey('\uFF21nn'));
    expect(displayNameKey('Zoé')).toBe(displayNameKey('ZOE\u0301'));
    expect(displayNameKey('Ann')).not.toBe(displayNameKey('Anne'));
    expect(cleanDisplayName('  Ann  ')).toBe('Ann');
  });
});
