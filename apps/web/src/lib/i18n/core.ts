/** Pure helpers of the i18n layer (no DOM, no state): testable in node. */

import { isLang, type Lang } from '@mm/rules/pure';

// The product's languages are the rules' (`LANGS`): the families name themselves in each.
export { LANGS, isLang, type Lang } from '@mm/rules/pure';

/**
 * The language to show: the stored choice if any, else the first of the browser's
 * preferred languages we speak (matching "fr-CH" to "fr"), else English.
 */
export function pickLanguage(preferred: readonly string[] | undefined, stored: string | null | undefined): Lang {
  if (isLang(stored)) return stored;
  for (const tag of preferred ?? []) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (isLang(base)) return base;
  }
  return 'en';
}

export type Params = Record<string, string | number>;

/** Replaces `{name}` placeholders; an unknown placeholder is left visible (a bug, not a crash). */
export function format(template: string, params?: Params): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (Object.hasOwn(params, key) ? String(params[key]) : whole));
}
