export interface BrowserEvents {
  offline(): void;
  online(): void;
  visibilityChange(): void;
}

/** Listens to the browser's network and page visibility; returns how to stop. */
export function watchBrowser(on: BrowserEvents): () => void {
  const stops: (() => void)[] = [];
  if (typeof window !== 'undefined') {
    const offline = (): void => on.offline();
    const online = (): void => on.online();
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    stops.push(() => window.removeEventListener('offline', offline));
    stops.push(() => window.removeEventListener('online', online));
  }
  if (typeof document !== 'undefined') {
    const visible = (): void => on.visibilityChange();
    document.addEventListener('visibilitychange', visible);
    stops.push(() => document.removeEventListener('visibilitychange', visible));
  }
  return () => stops.forEach((stop) => stop());
}

export function browserOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}
