import type { Commitment } from '@mm/protocol';
import { isToken, randomToken } from './tokens';

/**
 * What the browser keeps between visits (localStorage), under stable keys:
 * - `mm.device`          anonymous device identity (128-bit base64url token)
 * - `mm.name`            the display name last used
 * - `mm.seat.<roomId>`   the secret token that holds a seat in that room
 * - `mm.lang`            the chosen language
 * - `mm.commit.<matchId>` the commitments this device received live in that match (JSON)
 * - `mm.theme`           the theme picked in the header (also a cookie, for the server's first paint)
 * - `mm.daily.<n>`       the commitment to the Code of the day #n this device saw before its reveal
 * - `mm.reactions.muted` `1`: the others' reactions are not shown on this device
 */
export const KEYS = {
  device: 'mm.device',
  name: 'mm.name',
  lang: 'mm.lang',
  seat: (roomId: string): string => `mm.seat.${roomId}`,
  commitments: (matchId: string): string => `mm.commit.${matchId}`,
  theme: 'mm.theme',
  dailyCommitment: (n: number): string => `mm.daily.${n}`,
  reactionsMuted: 'mm.reactions.muted',
} as const;

/** What stays when a player is deleted: the browser's own preferences, none of the player's. */
const BROWSER_KEYS: readonly string[] = [KEYS.lang, KEYS.theme, KEYS.reactionsMuted];

/**
 * "Delete me" done: the device token, seat tokens, name and everything else of the player go,
 * so the next page is a fresh anonymous player with a new device token.
 */
export function forgetPlayer(store: Pick<Storage, 'length' | 'key' | 'removeItem'>): void {
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i)).filter(
    (k): k is string => k !== null && k.startsWith('mm.') && !BROWSER_KEYS.includes(k),
  );
  for (const k of keys) store.removeItem(k);
}

/** The subset of the Storage API we use; tests pass a Map-backed fake. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage when it exists and works (private modes may throw), else memory. */
export function browserStore(): KeyValueStore {
  try {
    const ls = globalThis.localStorage;
    const probe = 'mm.probe';
    ls.setItem(probe, '1');
    ls.removeItem(probe);
    return ls;
  } catch {
    return memoryStore();
  }
}

export function memoryStore(): KeyValueStore {
  const m = new Map<string, string>();
  return {
    getItem: (k) => m.get(k) ?? null,
    setItem: (k, v) => void m.set(k, v),
    removeItem: (k) => void m.delete(k),
  };
}

/** The device token, created on first use. */
export function deviceToken(store: KeyValueStore): string {
  const existing = store.getItem(KEYS.device);
  if (isToken(existing)) return existing;
  const fresh = randomToken(16);
  store.setItem(KEYS.device, fresh);
  return fresh;
}

export function seatToken(store: KeyValueStore, roomId: string): string | undefined {
  const t = store.getItem(KEYS.seat(roomId));
  return isToken(t) ? t : undefined;
}

export function saveSeatToken(store: KeyValueStore, roomId: string, token: string): void {
  store.setItem(KEYS.seat(roomId), token);
}

export function forgetSeatToken(store: KeyValueStore, roomId: string): void {
  store.removeItem(KEYS.seat(roomId));
}

export const savedName = (store: KeyValueStore): string => store.getItem(KEYS.name) ?? '';
export const saveName = (store: KeyValueStore, name: string): void => store.setItem(KEYS.name, name);

const commitmentKey = (c: Commitment): string => (c.kind === 'deal' ? 'deal' : `secret:${c.seq}`);

function isCommitment(c: unknown): c is Commitment {
  if (!c || typeof c !== 'object') return false;
  const o = c as Record<string, unknown>;
  if (typeof o['hash'] !== 'string') return false;
  return o['kind'] === 'deal' || (o['kind'] === 'secret' && typeof o['seq'] === 'number' && typeof o['seat'] === 'number');
}

/** The commitments this device saw live in a match, or null when it saw none (it did not watch). */
export function liveCommitments(store: KeyValueStore, matchId: string): Commitment[] | null {
  const raw = store.getItem(KEYS.commitments(matchId));
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isCommitment) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps every commitment seen live, so that a replay can check the published ones against
 * them. The first hash seen for a seq is kept: a server that changed one later would be caught.
 */
export function rememberCommitments(store: KeyValueStore, matchId: string, seen: readonly Commitment[]): void {
  if (seen.length === 0) return;
  const known = liveCommitments(store, matchId) ?? [];
  const keys = new Set(known.map(commitmentKey));
  const fresh = seen.filter((c) => !keys.has(commitmentKey(c)));
  if (fresh.length === 0) return;
  try {
    store.setItem(KEYS.commitments(matchId), JSON.stringify([...known, ...fresh]));
  } catch {
    // storage full or refused: the replay then checks against the published commitments only
  }
}
