/**
 * Display names as players type them, made safe to show beside each other. A name is shown to
 * everyone at the table and in link previews, so what it looks like must be what it is:
 * - NFC: one spelling per look (é typed as one code point or as e + ◌́ is the same name);
 * - bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E/U+200F, U+061C) are removed: one left
 *   unbalanced would reverse the text shown after the name (other seats' names, the room's text);
 * - zero-width and other invisible format characters are removed (ZWSP, ZWNJ, word joiner, BOM,
 *   soft hyphen, Mongolian vowel separator), except the zero-width joiner inside an emoji
 *   sequence (👩‍💻), where it is what draws the emoji;
 * - a name must keep at least one visible character (not a space, a mark alone, a format
 *   character or a blank look-alike such as the Hangul filler or the braille blank);
 * - what is left must be allowed by its Unicode category: letters, numbers, punctuation, symbols,
 *   spaces, and marks (at most NAME_MAX_MARKS on one character), emoji sequences allowed whole
 *   (their joiners, variation selectors, skin tones, keycaps and tags). Anything else is refused,
 *   not removed: a format or tag character, a line separator, a noncharacter, a private-use or
 *   control character, a variation selector outside an emoji ("Bo\uFE0Fb" drew "Bob").
 * Plain functions (no zod): the client can show a name cleaned as the server will store it, and
 * say what is wrong with one (`nameProblem`) before sending it.
 */

/** The longest name (UTF-16 code units, as zod counts them). */
export const NAME_MAX_LENGTH = 24;
/** The most combining marks one character may carry (Vietnamese and Thai use two; more is a stack). */
export const NAME_MAX_MARKS = 3;

const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/g;
const INVISIBLE = /[\u200B\u200C\u2060-\u2064\uFEFF\u180E\u00AD\u115F\u1160\u3164\uFFA0]|\u034F/g;
/** A joiner outside an emoji sequence (both neighbours must be pictographs, a variation selector or skin tone between). */
const STRAY_JOINER = /(?<!\p{Extended_Pictographic}|\uFE0F|\p{Emoji_Modifier})\u200D|\u200D(?!\p{Extended_Pictographic})/gu;
/** Characters that draw nothing on their own. */
const NOT_VISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{M}\p{Zl}\p{Zp}\u2800\u3164\u115F\u1160\uFFA0]/gu;

/** The name as it is stored and shown: NFC, no bidi controls, no invisible characters, spaces trimmed. */
export function cleanDisplayName(raw: string): string {
  return raw.normalize('NFC').replace(BIDI_CONTROLS, '').replace(INVISIBLE, '').replace(STRAY_JOINER, '').trim();
}

/** Whether a (cleaned) name shows at least one character. */
export const hasVisibleCharacter = (name: string): boolean => name.replace(NOT_VISIBLE, '') !== '';

/** An emoji sequence drawn as one picture: tag sequences (🏴 flags), keycaps, flag pairs, pictographs with their modifiers and joiners. */
const EMOJI_SEQUENCE = new RegExp(
  [
    String.raw`\u{1F3F4}[\u{E0020}-\u{E007E}]+\u{E007F}`,
    String.raw`[0-9#*]\uFE0F?\u20E3`,
    String.raw`\p{Regional_Indicator}{2}`,
    String.raw`\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?(?:\u200D\p{Extended_Pictographic}[\uFE0F\p{Emoji_Modifier}]?)*`,
  ].join('|'),
  'gu',
);
/** What a name may hold outside emoji sequences: letters, marks, numbers, punctuation, symbols, spaces. */
const ALLOWED = /^[\p{L}\p{M}\p{N}\p{P}\p{S}\p{Zs}]$/u;
/** Variation selectors: marks by category, but they only choose how an emoji (or an ideograph) is drawn. */
const VARIATION_SELECTOR = /^[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]$/u;
const MARK = /^\p{M}$/u;

/** Whether a (cleaned) name holds a character outside what names may hold, emoji sequences aside. */
export function hasHiddenCharacter(name: string): boolean {
  for (const c of name.replace(EMOJI_SEQUENCE, '')) if (!ALLOWED.test(c) || VARIATION_SELECTOR.test(c)) return true;
  return false;
}

/** Whether every combining mark of a (cleaned) name sits on a character, at most NAME_MAX_MARKS on one. */
export function marksWithinLimit(name: string): boolean {
  // An emoji sequence stands for one base character (a keycap's enclosing mark is part of it).
  let run = -1;
  for (const c of name.replace(EMOJI_SEQUENCE, '\u{1F600}')) {
    if (!MARK.test(c)) run = 0;
    else if (run < 0 || ++run > NAME_MAX_MARKS) return false;
  }
  return true;
}

/** What is wrong with a name, as the client says it before sending (the server refuses the same names). */
export type NameProblem = 'empty' | 'too-long' | 'hidden' | 'marks';

/** The first thing wrong with a typed name once cleaned as the server will clean it, or null. */
export function nameProblem(typed: string): NameProblem | null {
  const name = cleanDisplayName(typed);
  if (!hasVisibleCharacter(name)) return 'empty';
  if (name.length > NAME_MAX_LENGTH) return 'too-long';
  if (hasHiddenCharacter(name)) return 'hidden';
  if (!marksWithinLimit(name)) return 'marks';
  return null;
}
