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
 *   character or a blank look-alike such as the Hangul filler or the braille blank).
 * Plain functions (no zod): the client can show a name cleaned as the server will store it.
 */

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

/**
 * What two names are compared by to tell whether they look alike: compatibility forms folded
 * (ｆｕｌｌ-width, ligatures), case ignored. Two seats of one room never share it.
 */
export const displayNameKey = (name: string): string => cleanDisplayName(name).normalize('NFKC').toLocaleLowerCase('en');
