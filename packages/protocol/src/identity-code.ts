/**
 * Link codes (docs/architecture.md, Identity): 8 characters of Crockford's base32, 40 bits,
 * shown as `ABCD-EFGH`. Typing is forgiving: any case, dashes and spaces ignored, and the letters
 * Crockford reads as digits (O → 0, I and L → 1) accepted. Plain functions, no zod: the client's
 * first paint may use them.
 */
export const LINK_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const LINK_CODE_LENGTH = 8;

/** The canonical form of a typed code (8 characters of the alphabet), or null when it cannot be one. */
export function normalizeLinkCode(typed: string): string | null {
  const plain = typed
    .toUpperCase()
    .replace(/[\s-]+/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  if (plain.length !== LINK_CODE_LENGTH) return null;
  for (const c of plain) if (!LINK_CODE_ALPHABET.includes(c)) return null;
  return plain;
}

/** `ABCD-EFGH`: how a code is shown. */
export const formatLinkCode = (code: string): string => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The name a deleted player leaves in others' histories: empty, shown as the reader's "Deleted player". */
export const DELETED_PLAYER_NAME = '';
