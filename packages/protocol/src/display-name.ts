import { z } from 'zod';
import {
  cleanDisplayName,
  hasHiddenCharacter,
  hasVisibleCharacter,
  marksWithinLimit,
  NAME_MAX_LENGTH,
  NAME_MAX_MARKS,
} from './names';

/**
 * A seat's name, cleaned (names.ts): NFC, without bidi controls or invisible characters, at least
 * one visible character, only the characters names may hold (`nameProblem` says the same to the client).
 */
export const displayNameSchema = z
  .string()
  .overwrite(cleanDisplayName)
  .min(1, 'a name is needed')
  .max(NAME_MAX_LENGTH, `a name has at most ${NAME_MAX_LENGTH} characters`)
  .refine(
    (s) => !hasHiddenCharacter(s),
    'a name holds letters, marks, numbers, punctuation, symbols, spaces and whole emoji only: no control, format, tag, line separator, private-use or unassigned character',
  )
  .refine(marksWithinLimit, `a name has at most ${NAME_MAX_MARKS} marks on one character, and none without one`)
  .refine(hasVisibleCharacter, 'a name needs a visible character');
