import { browserStore, KEYS } from '../net/storage';
import { format, pickLanguage, type Lang, type Params } from './core';
import type { MessageKey, Messages } from './en';

export { LANGS, type Lang } from './core';
export type { MessageKey } from './en';

/** A dictionary in one language; each part (the shared one, a family's) loads with its language. */
export type Dictionary = Readonly<Record<string, string>>;
/** Fetches one part of the dictionary in a language. */
export type DictionaryPart = (lang: Lang) => Promise<Dictionary>;

/**
 * Each language is a chunk of its own, fetched when it is first chosen: a visitor
 * downloads only the one they read (every dictionary has every key, see i18n.test.ts).
 */
const LOADERS: Record<Lang, () => Promise<Messages>> = {
  en: () => import('./en').then((m) => m.en),
  fr: () => import('./fr').then((m) => m.fr),
  de: () => import('./de').then((m) => m.de),
};
/** the shared messages, then each family's (`addMessages`) */
const parts: DictionaryPart[] = [(lang) => LOADERS[lang]()];
const loading: Partial<Record<Lang, Promise<Record<string, string>>>> = {};
const loaded: Partial<Record<Lang, Record<string, string>>> = {};
/** bumped when a language gains messages after it was shown, so that `t` reads them */
let revision = $state(0);

const fetchAll = async (lang: Lang): Promise<Record<string, string>> =>
  Object.assign({}, ...(await Promise.all(parts.map((part) => part(lang)))));

/** Fetches a language's messages once (every part of them); `t` can show it as soon as this resolves. */
export async function loadLanguage(lang: Lang): Promise<void> {
  loaded[lang] ??= await (loading[lang] ??= fetchAll(lang));
}

/**
 * Adds a part of the dictionary (a family's messages, from its registration): it loads with
 * every language from now on, and at once into the languages already loaded.
 */
export async function addMessages(part: DictionaryPart): Promise<void> {
  parts.push(part);
  const started = Object.entries(loading) as [Lang, Promise<Record<string, string>>][];
  await Promise.all(
    started.map(async ([lang, whole]) => {
      const [dictionary, more] = await Promise.all([whole, part(lang)]);
      Object.assign(dictionary, more);
    }),
  );
  revision++;
}

const store = browserStore();

const initial = pickLanguage(typeof navigator === 'undefined' ? [] : navigator.languages, store.getItem(KEYS.lang));
let current = $state<Lang>(initial);

/** The language chosen at start-up; main.ts loads it before the app mounts. */
export const initialLanguage: Lang = initial;

function applyToDocument(lang: Lang): void {
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
}
applyToDocument(initial);

/** The current language; setting it re-renders every text and remembers the choice. */
export const locale = {
  get lang(): Lang {
    return current;
  },
  /** switches once the language's messages have arrived (the old ones stay until then) */
  set lang(lang: Lang) {
    store.setItem(KEYS.lang, lang);
    void loadLanguage(lang).then(() => {
      current = lang;
      applyToDocument(lang);
    });
  },
};

/** The translation of `key` in the current language (reactive: read it in markup or $derived). */
export function t(key: MessageKey, params?: Params): string {
  void revision;
  const messages = loaded[current];
  // before any language has arrived (only in unit tests that skip main.ts) the key is shown
  return format(messages?.[key] ?? key, params);
}

/** A translated message for an error code from the server (transport or rule), or a fallback. */
export function errorText(code: string | undefined): string {
  const key = `error.${code ?? 'UNKNOWN'}`;
  const messages = loaded[current];
  return messages && Object.hasOwn(messages, key) ? t(key as MessageKey) : t('error.UNKNOWN');
}
