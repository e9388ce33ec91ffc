import { errorText, t } from '../i18n/index.svelte';

/** The text to show for an error code of the server (transport or rule) or of the client. */
export function describeError(code: string): string {
  switch (code) {
    case 'NOT_CONNECTED':
      return t('conn.notConnected');
    case 'NO_ANSWER':
      return t('conn.noAnswer');
    case 'STALE_SEQ':
      return t('conn.stale');
    default:
      return errorText(code);
  }
}

/**
 * A request's outcome as the text to show where it was made: null when it went through, else what
 * went wrong. Codes in `told` are already shown elsewhere (a notice): null for them too.
 */
export function refusalText(r: { ok: true } | { ok: false; code: string }, told: readonly string[] = []): string | null {
  return r.ok || told.includes(r.code) ? null : describeError(r.code);
}
