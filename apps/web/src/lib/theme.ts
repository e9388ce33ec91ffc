import { browserStore, KEYS } from './net/storage';

export type Theme = 'light' | 'dark';

/** Cookie the server reads to paint the chosen theme before any script (apps/server/src/web/web-pages.ts). */
const COOKIE = 'mm_theme';

const systemDark = (): boolean => typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;

/** The theme shown now: the one chosen in the header, else the system's. */
export function currentTheme(): Theme {
  const chosen = document.documentElement.dataset.theme ?? browserStore().getItem(KEYS.theme);
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return systemDark() ? 'dark' : 'light';
}

/** Shows `theme`; `remember` keeps it for this device (storage, and a cookie for the server's first paint). */
export function applyTheme(theme: Theme, remember: boolean): void {
  document.documentElement.dataset.theme = theme;
  if (!remember) return;
  browserStore().setItem(KEYS.theme, theme);
  document.cookie = `${COOKIE}=${theme}; path=/; max-age=31536000; samesite=lax`;
}

/** At start-up: a choice stored on this device but missing from the page (no cookie yet) is applied. */
export function restoreTheme(): void {
  const stored = browserStore().getItem(KEYS.theme);
  if ((stored === 'light' || stored === 'dark') && !document.documentElement.dataset.theme) applyTheme(stored, true);
}
