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
