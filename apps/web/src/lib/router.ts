import { createSubscriber } from 'svelte/reactivity';

/**
 * A tiny history-API router. Paths:
 *   /            home (create a room)
 *   /r/<id>      a room
 *   /history     my matches          (planned)
 *   /m/<id>      replay of a match
 *   /me          the player: name, devices, add a device
 *   /link        join this device to a player (the code in the fragment: /link#CODE)
 *   /daily       the Code of the day (also /daily/<n>, a link naming its number: today's is played)
 *   /friends     friends, requests, people played with, invitation links
 *   /f/<token>   a friend invitation link
 *   /groups      my groups, and a new one
 *   /groups/<id> a group page: its league, its week, its Code of the day
 *   /g/<token>   a group invitation link
 */
export type Route =
  | { name: 'home' }
  | { name: 'room'; id: string }
  | { name: 'history' }
  | { name: 'me' }
  | { name: 'link' }
  | { name: 'daily' }
  | { name: 'friends' }
  | { name: 'friendInvite'; token: string }
  | { name: 'groups' }
  | { name: 'group'; id: string }
  | { name: 'groupInvite'; token: string }
  | { name: 'match'; id: string }
  | { name: 'notFound'; path: string };

/** Same alphabet and length as the protocol's roomIdSchema (ids are opaque otherwise). */
const ID = /^[A-Za-z0-9_-]{11,32}$/;
/** The protocol's friendInviteTokenSchema: 128 bits, base64url. */
const INVITE = /^\/f\/([A-Za-z0-9_-]{22})$/;
/** The protocol's groupIdSchema and groupInviteTokenSchema. */
const GROUP = /^\/groups\/([A-Za-z0-9_-]{16})$/;
const GROUP_INVITE = /^\/g\/([A-Za-z0-9_-]{22})$/;

export function parseRoute(pathname: string): Route {
  // tolerate a trailing slash and percent-encoding; ignore query and hash (callers pass pathname)
  let path = pathname.replace(/\/+$/, '') || '/';
  try {
    path = decodeURI(path);
  } catch {
    return { name: 'notFound', path: pathname };
  }
  if (path === '/') return { name: 'home' };
  if (path === '/history') return { name: 'history' };
  if (path === '/me') return { name: 'me' };
  if (path === '/link') return { name: 'link' };
  if (path === '/friends') return { name: 'friends' };
  const invite = INVITE.exec(path);
  if (invite) return { name: 'friendInvite', token: invite[1] as string };
  if (path === '/groups') return { name: 'groups' };
  const group = GROUP.exec(path);
  if (group) return { name: 'group', id: group[1] as string };
  const groupInvite = GROUP_INVITE.exec(path);
  if (groupInvite) return { name: 'groupInvite', token: groupInvite[1] as string };
  if (path === '/daily' || /^\/daily\/[1-9]\d{0,6}$/.test(path)) return { name: 'daily' };
  const m = /^\/(r|m)\/([^/]+)$/.exec(path);
  if (m && ID.test(m[2] as string))
    return m[1] === 'r' ? { name: 'room', id: m[2] as string } : { name: 'match', id: m[2] as string };
  return { name: 'notFound', path: pathname };
}

export function pathFor(route: Route): string {
  switch (route.name) {
    case 'home':
      return '/';
    case 'room':
      return `/r/${route.id}`;
    case 'history':
      return '/history';
    case 'me':
      return '/me';
    case 'link':
      return '/link';
    case 'daily':
      return '/daily';
    case 'friends':
      return '/friends';
    case 'friendInvite':
      return `/f/${route.token}`;
    case 'groups':
      return '/groups';
    case 'group':
      return `/groups/${route.id}`;
    case 'groupInvite':
      return `/g/${route.token}`;
    case 'match':
      return `/m/${route.id}`;
    case 'notFound':
      return route.path;
  }
}

const listeners = new Set<() => void>();

const subscribe = createSubscriber((update) => {
  listeners.add(update);
  window.addEventListener('popstate', update);
  return () => {
    listeners.delete(update);
    window.removeEventListener('popstate', update);
  };
});

/** The current route; reading it inside a component or effect keeps it up to date. */
export const router = {
  get route(): Route {
    subscribe();
    return parseRoute(window.location.pathname);
  },
};

export function navigate(path: string, opts: { replace?: boolean } = {}): void {
  if (path === window.location.pathname + window.location.search + window.location.hash) return;
  if (opts.replace) history.replaceState(null, '', path);
  else history.pushState(null, '', path);
  window.scrollTo(0, 0);
  for (const l of listeners) l();
}

/**
 * Turns clicks on same-origin `<a href>` links into history navigation (install once on
 * the app root). Modified clicks, new-tab targets and downloads keep the browser's behaviour.
 */
export function interceptLinks(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const a = (event.target as Element | null)?.closest?.('a');
  if (!a || a.target || a.hasAttribute('download') || a.origin !== window.location.origin) return;
  event.preventDefault();
  navigate(a.pathname + a.search + a.hash);
}
