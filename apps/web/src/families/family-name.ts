import { getFamily } from '@mm/rules';
import { locale } from '../lib/i18n/index.svelte';

/**
 * A family's name in the current language, as the family itself gives it (`family.name` of
 * @mm/rules: the one source the server's link previews and pushes read too). Reactive where
 * `t()` is (markup, $derived). A family this client does not know shows its id.
 */
export function familyName(id: string): string {
  return getFamily(id)?.name[locale.lang] ?? id;
}
