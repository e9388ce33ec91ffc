import { registerSW } from 'virtual:pwa-register';

/** The service worker's news for the page: a new version waits for "reload". */
export const pwa = $state({ needRefresh: false });

let update: ((reload?: boolean) => Promise<void>) | null = null;

/**
 * Registers the service worker (production builds only: the dev server has none). A new
 * deployment installs in the background and waits; the page offers "new version — reload", and
 * a plain navigation later picks it up as well, so nobody plays on a stale app for long.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  update = registerSW({
    immediate: true,
    onNeedRefresh() {
      pwa.needRefresh = true;
    },
  });
}

/**
 * Activates the waiting version and reloads the page into it once it controls the page. The
 * reload is ours: the plugin's own only happens for a page that was already controlled when it
 * loaded, not on the very first visit.
 */
export function reloadToUpdate(): void {
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  void update?.(true);
}
