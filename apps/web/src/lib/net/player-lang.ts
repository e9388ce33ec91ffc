import { locale, type Lang } from '../i18n/index.svelte';
import { fetchMe, saveLang } from './api';
import { browserStore, KEYS } from './storage';

/**
 * The language belongs to the player (docs/architecture.md, Identity): chosen on one device, it is
 * saved on the player, and every device of theirs takes it at load. Both are best effort: offline,
 * the device keeps its own choice.
 */
export function chooseLanguage(lang: Lang): void {
  locale.lang = lang;
  saveLang(lang).catch(() => undefined);
}

/** At load: a device that already has a player takes the player's language (a new one has none to take). */
export async function followPlayerLanguage(fetchImpl: typeof fetch = fetch): Promise<void> {
  if (browserStore().getItem(KEYS.device) === null) return;
  try {
    const { lang } = await fetchMe(fetchImpl);
    if (lang !== null && lang !== locale.lang) locale.lang = lang;
  } catch {
    /* offline or refused: this device's own choice stays */
  }
}
