import { describe, expect, it } from 'vitest';
import { cleanDisplayName, hasVisibleCharacter, nameProblem } from './names';
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

  it('lose the spaces around them', () => {
    expect(cleanDisplayName('  Ann  ')).toBe('Ann');
  });

  it('refuse characters that draw nothing or are not characters at all, where the old cleaning let them through', () => {
    for (const hidden of [
      'Bo\uFE0Fb', // a variation selector on a letter: drawn "Bob"
      'Bob\u{E0041}\u{E007F}', // tag characters outside a flag
      'Bo\u{1D173}b', // a musical format character
      'Bo\u2028b',
      'Bo\u2029b',
      'Bo\uFDD0b', // noncharacters
      'Bob\uFFFE',
      'Bob\u{10FFFF}',
      'Bo\uE000b', // private use
      'Bo\uD800b', // a lone surrogate
      'Bo\u{E0100}b', // an ideographic variation selector on a letter
    ]) {
      expect(parse(hidden).success, JSON.stringify(hidden)).toBe(false);
      expect(nameProblem(hidden), JSON.stringify(hidden)).toBe('hidden');
    }
  });

  it('refuse stacks of combining marks and marks on nothing, and keep the marks of real writing', () => {
    // Counted once composed (NFC): ậ is one character; overlays never compose.
    expect(parse('a\u0301\u0302\u0323\u0304').success).toBe(true);
    expect(parse('a\u0336\u0334\u0337').success).toBe(true);
    expect(nameProblem('a\u0336\u0334\u0337\u0338')).toBe('marks');
    expect(nameProblem(`Zalgo${'\u0336\u0334\u0337\u0338'.repeat(3)}`)).toBe('marks');
    expect(parse(`Zalgo${'\u0336'.repeat(4)}`).success).toBe(false);
    expect(nameProblem('\u0301Ann')).toBe('marks');
    for (const name of ['Nguyễn Thị', 'ที่ดี', 'क्षत्रिय', 'Zoë', 'Ἀθηνᾶ', 'Çağrı']) {
      expect(parse(name), name).toEqual({ success: true, data: name.normalize('NFC') });
    }
  });

  it('keep letters, numbers, punctuation, symbols, spaces and whole emoji sequences', () => {
    for (const name of [
      "O'Brien-Smith",
      '李小龍',
      'Ann №2 ★',
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F} Jo', // the flag of England: a tag sequence
      '1\uFE0F\u20E3 Jo', // a keycap
      '\u{1F1EB}\u{1F1F7} Léa', // a flag pair
      '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}', // skin tone and joiner
      '\u2764\uFE0F Mia', // a text symbol drawn as emoji
    ]) {
      expect(parse(name), JSON.stringify(name)).toEqual({ success: true, data: name });
      expect(nameProblem(name)).toBeNull();
    }
  });

  it('say what is wrong with a typed name, as the server would refuse it', () => {
    expect(nameProblem('  \u200B ')).toBe('empty');
    expect(nameProblem('a'.repeat(25))).toBe('too-long');
    expect(nameProblem(` ${'a'.repeat(24)}\u200B `)).toBeNull();
    expect(nameProblem('a\u0007b')).toBe('hidden');
  });
});
