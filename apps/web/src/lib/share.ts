/**
 * Sharing from the page: the system's share sheet where there is one (phones), else the clipboard.
 * One helper for every "Share" button (the room link, a match's result, the daily's), so a
 * closed sheet means the same everywhere: the person changed their mind, and nothing else happens.
 */

export type ShareOutcome = 'shared' | 'cancelled' | 'copied' | 'failed';

type ShareNavigator = Pick<Navigator, 'share' | 'clipboard'>;

/** Copies `text`; false when the page may not write the clipboard (no permission, not a secure context). */
export async function copyText(text: string, nav: ShareNavigator = navigator): Promise<boolean> {
  try {
    await nav.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Shares `data` through the system's sheet; without one, or when sharing fails for any other reason
 * than the person closing the sheet (no permission, no target), copies `copy` instead. Says which
 * was done: `failed` when the copy failed too, so the caller offers the text to copy by hand.
 */
export async function shareOrCopy(data: ShareData, copy: string, nav: ShareNavigator = navigator): Promise<ShareOutcome> {
  if (typeof nav.share === 'function') {
    try {
      await nav.share(data);
      return 'shared';
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return 'cancelled';
    }
  }
  return (await copyText(copy, nav)) ? 'copied' : 'failed';
}
