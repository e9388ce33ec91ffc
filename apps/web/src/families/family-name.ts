import { locale } from '../lib/i18n/index.svelte';
import { clientFamily } from '.';

/**
 * A family's name in the current language, as the family itself gives it (the rules family's
 * constant, which the server's link previews and pushes read too), through the client registry so
 * no engine or schema loads with it. Reactive where `t()` is (markup, $derived). A family this
 * client does not know shows its id.
 */
export function familyName(id: string): string {
  return clientFamily(id)?.name[locale.lang] ?? id;
}
