import { browserStore, KEYS } from '../net/storage';
import { format, pickLanguage, type Lang, type Params } from './core';
import { de } from './de';
import { en, type MessageKey, type Messages } from './en';
import { fr } from './fr';

export { LANGS, type Lang } from './core';
export type { MessageKey } from './en';

const DICTIONARIES: Record<Lang, Messages> = { en, fr, de };

const store = browserStore();

const initial = pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages, store.getItem(KEYS.lang));
let current = $state<Lang>(initial);

function applyToDocument(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyToDocument(initial);

/** The current language; setting it re-renders every text and remembers the choice. */
export const locale = {
  get lang(): Lang {
    return current;
  },
  set lang(lang: Lang) {
    current = lang;
    store.setItem(KEYS.lang, lang);
    applyToDocument(lang);
  },
};

/** The translation of `key` in the current language (reactive: read it in markup or $derived). */
export function t(key: MessageKey, params?: Params): string {
  return format(DICTIONARIES[current][key] ?? en[key], params);
}

/** A translated message for an error code from the server (transport or rule), or a fallback. */
export function errorText(code: string | undefined): string {
  const key = `error.${code ?? 'UNKNOWN'}`;
  return Object.hasOwn(en, key) ? t(key as MessageKey) : t('error.UNKNOWN');
}
