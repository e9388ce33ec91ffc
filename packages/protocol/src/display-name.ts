import { z } from 'zod';
import { cleanDisplayName, hasVisibleCharacter } from './names';

/** A seat's name, cleaned (names.ts): NFC, without bidi controls or invisible characters, at least one visible character. */
export const displayNameSchema = z
  .string()
  .overwrite(cleanDisplayName)
  .min(1, 'a name is needed')
  .max(24, 'a name has at most 24 characters')
  // eslint-disable-next-line no-control-regex -- finding control characters is the point
  .refine((s) => !/[\u0000-\u001f\u007f]/.test(s), 'a name cannot hold control characters')
  .refine(hasVisibleCharacter, 'a name needs a visible character');
