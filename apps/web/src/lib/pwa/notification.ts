/**
 * What the service worker does with a push and a tap on its notification, kept apart from the
 * worker (src/sw.ts) so that it can be tested like any module: no worker globals here.
 */

/** A push as the server sends it (packages/protocol `pushPayloadSchema`), checked by hand: zod would weigh the worker down. */
export interface PushMessage {
  kind: 'turn' | 'finished' | 'rematch' | 'deadline' | 'daily' | 'challenge';
  title: string;
  body: string;
  url: string;
  tag: string;
}

const KINDS = new Set(['turn', 'finished', 'rematch', 'deadline', 'daily', 'challenge']);
/** a room's page, the Code of the day's (its reminder), or the home page (a challenge) */
const ROOM_PATH = /^\/(?:r\/[A-Za-z0-9_-]+|daily)?$/;

/** The push's message, or null for anything else (a push not from our server, or damaged). */
export function readPush(data: unknown): PushMessage | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const str = (k: string, max: number): string | null =>
    typeof d[k] === 'string' && (d[k] as string).length <= max ? (d[k] as string) : null;
  const kind = str('kind', 20);
  const title = str('title', 200);
  const body = str('body', 500);
  const url = str('url', 200);
  const tag = str('tag', 100);
  if (!kind || !KINDS.has(kind) || !title || body === null || !url || !ROOM_PATH.test(url) || !tag) return null;
  return { kind: kind as PushMessage['kind'], title, body, url, tag };
}

/** The options of the notification a push shows: the room's link rides along for the tap. */
export function notificationOptions(msg: PushMessage): NotificationOptions & { renotify?: boolean; vibrate?: number[] } {
  return {
    body: msg.body,
    tag: msg.tag,
    // a new turn in the same room replaces the old notification but still rings
    renotify: true,
    icon: '/icons/icon-192.png',
    badge: '/icons/icon-192.png',
    vibrate: [120, 60, 120],
    data: { url: msg.url },
  };
}

/** The room path a tapped notification opens (its `data.url`), or the home page. */
export function tappedPath(data: unknown): string {
  const url = data && typeof data === 'object' ? (data as { url?: unknown }).url : undefined;
  return typeof url === 'string' && ROOM_PATH.test(url) ? url : '/';
}

/** Among the open windows (their URLs), the one already showing `path`, to focus instead of opening another. */
export function windowShowing<C extends { url: string }>(windows: readonly C[], path: string): C | undefined {
  return windows.find((w) => {
    try {
      return new URL(w.url).pathname === path;
    } catch {
      return false;
    }
  });
}
