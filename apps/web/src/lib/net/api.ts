import {
  DEVICE_TOKEN_HEADER,
  type CreateRoomBody,
  type CreateRoomReply,
  type MatchDetail,
  type MatchListReply,
  type LinkCodeListReply,
  type LinkCodeReply,
  type LinkPreviewReply,
  type LinkReply,
  type MeReply,
  type ExportReply,
  type StatsReply,
  type MyRatingsReply,
  type PlayerCardReply,
  type RoomSummary,
} from '@mm/protocol/pure';
import type { Lang } from '@mm/rules/pure';
import { browserStore, deviceToken, saveSeatToken } from './storage';

/** A failed HTTP call: a protocol error code when the server sent one, else NETWORK/UNKNOWN. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function errorFrom(res: Response): Promise<ApiError> {
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    /* not JSON */
  }
  // the API answers { error: { code, message } }; a bare { code, message } is read too
  const outer = (body ?? {}) as { error?: unknown; code?: unknown; message?: unknown };
  const b = (typeof outer.error === 'object' && outer.error !== null ? outer.error : outer) as {
    code?: unknown;
    message?: unknown;
  };
  const code = typeof b.code === 'string' ? b.code : res.status === 400 ? 'BAD_REQUEST' : 'UNKNOWN';
  const message = typeof b.message === 'string' ? b.message : `${res.status} ${res.statusText}`;
  return new ApiError(code, message, res.status);
}

/** This device's identity for the API: it makes the room's creator and selects "my matches". */
export const deviceHeader = (): Record<string, string> => ({ [DEVICE_TOKEN_HEADER]: deviceToken(browserStore()) });

/**
 * POST /api/rooms → 201 { id, url, seated }; this device becomes the room's creator. With `sit`,
 * the creator's seat token is kept where the room page looks for it: the room opens with them seated.
 */
export async function createRoom(body: CreateRoomBody, fetchImpl: typeof fetch = fetch): Promise<CreateRoomReply> {
  let res: Response;
  try {
    res = await fetchImpl('/api/rooms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...deviceHeader() },
      body: JSON.stringify(body),
    });
  } catch (e) {
    throw new ApiError('NETWORK', e instanceof Error ? e.message : String(e), 0);
  }
  if (res.status !== 201 && res.status !== 200) throw await errorFrom(res);
  const reply = (await res.json()) as CreateRoomReply;
  if (typeof reply?.id !== 'string') throw new ApiError('UNKNOWN', 'The server sent no room id.', res.status);
  if (reply.seated) saveSeatToken(browserStore(), reply.id, reply.seated.seatToken);
  return reply;
}

export async function getJson<T>(path: string, headers: Record<string, string>, fetchImpl: typeof fetch): Promise<T> {
  let res: Response;
  try {
    res = await fetchImpl(path, { headers: { accept: 'application/json', ...headers } });
  } catch (e) {
    throw new ApiError('NETWORK', e instanceof Error ? e.message : String(e), 0);
  }
  if (res.status !== 200) throw await errorFrom(res);
  return (await res.json()) as T;
}

/** GET /api/matches?player=me: this device's matches, newest first, one page at a time. */
export function fetchMyMatches(
  page: { cursor?: string | null; limit?: number } = {},
  fetchImpl: typeof fetch = fetch,
): Promise<MatchListReply> {
  const query = new URLSearchParams({ player: 'me', limit: String(page.limit ?? 10) });
  if (page.cursor) query.set('cursor', page.cursor);
  return getJson(`/api/matches?${query.toString()}`, deviceHeader(), fetchImpl);
}

/** GET /api/matches/:id: the whole finished match, or the public view of one being played. */
export function fetchMatch(id: string, fetchImpl: typeof fetch = fetch): Promise<MatchDetail> {
  return getJson(`/api/matches/${encodeURIComponent(id)}`, deviceHeader(), fetchImpl);
}

/** A call with a JSON body (or none) that answers `ok` (or 204, read as null). */
export async function sendJson<T>(
  method: string,
  path: string,
  body: unknown,
  ok: number,
  fetchImpl: typeof fetch,
  withDevice = true,
): Promise<T> {
  let res: Response;
  try {
    res = await fetchImpl(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(withDevice ? deviceHeader() : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  } catch (e) {
    throw new ApiError('NETWORK', e instanceof Error ? e.message : String(e), 0);
  }
  if (res.status !== ok) throw await errorFrom(res);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** GET /api/me: this device's player, their name and devices. */
export const fetchMe = (fetchImpl: typeof fetch = fetch): Promise<MeReply> => getJson('/api/me', deviceHeader(), fetchImpl);
/** PUT /api/me/name: one name on every device of the player. */
export const renameMe = (name: string, fetchImpl: typeof fetch = fetch): Promise<MeReply> =>
  sendJson('PUT', '/api/me/name', { name }, 200, fetchImpl);
/** DELETE /api/me/devices/:id: the passkeys that device made go too, unless `keepPasskeys`. */
export const removeDevice = (id: string, keepPasskeys: boolean, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/me/devices/${encodeURIComponent(id)}`, { keepPasskeys }, 204, fetchImpl);
/** PUT /api/me/devices/:id/name: what the player calls one of their devices (null: its browser's label). */
export const nameDevice = (id: string, name: string | null, fetchImpl: typeof fetch = fetch): Promise<MeReply> =>
  sendJson('PUT', `/api/me/devices/${encodeURIComponent(id)}/name`, { name }, 200, fetchImpl);
/** GET /api/me/link-codes: the player's codes not used yet (never the codes themselves). */
export const fetchLinkCodes = (fetchImpl: typeof fetch = fetch): Promise<LinkCodeListReply> =>
  getJson('/api/me/link-codes', deviceHeader(), fetchImpl);
/** DELETE /api/me/link-codes/:id: that code no longer works. */
export const cancelLinkCode = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/me/link-codes/${encodeURIComponent(id)}`, undefined, 204, fetchImpl);
/** POST /api/me/link-codes: a code another device types (or scans) to join this player. */
export const newLinkCode = (fetchImpl: typeof fetch = fetch): Promise<LinkCodeReply> =>
  sendJson('POST', '/api/me/link-codes', undefined, 201, fetchImpl);
/** POST /api/link/preview: the name of the player a code would join this device to. */
export const previewLink = (code: string, fetchImpl: typeof fetch = fetch): Promise<LinkPreviewReply> =>
  sendJson('POST', '/api/link/preview', { code }, 200, fetchImpl, false);
/** POST /api/link: this device joins the code's player. */
export const linkDevice = (code: string, fetchImpl: typeof fetch = fetch): Promise<LinkReply> =>
  sendJson('POST', '/api/link', { code }, 200, fetchImpl);
/** GET /api/me/export: "Download my data" (the player, devices, matches as their replay shows them). */
export const fetchMyData = (fetchImpl: typeof fetch = fetch): Promise<ExportReply> =>
  getJson('/api/me/export', deviceHeader(), fetchImpl);
/** PUT /api/me/lang: the language chosen here becomes the player's, on every device. */
export const saveLang = (lang: Lang, fetchImpl: typeof fetch = fetch): Promise<MeReply> =>
  sendJson('PUT', '/api/me/lang', { lang }, 200, fetchImpl);
/** GET /api/me/stats: the player's statistics per family. */
export const fetchStats = (fetchImpl: typeof fetch = fetch): Promise<StatsReply> =>
  getJson('/api/me/stats', deviceHeader(), fetchImpl);
/** GET /api/me/ratings: the player's rating per family, with its course for the chart. */
export const fetchMyRatings = (fetchImpl: typeof fetch = fetch): Promise<MyRatingsReply> =>
  getJson('/api/me/ratings', deviceHeader(), fetchImpl);
/** GET /api/matches/:id/seats/:seat/card: the person who sat there (name, ratings, head-to-head with this player). */
export const fetchPlayerCard = (matchId: string, seat: number, fetchImpl: typeof fetch = fetch): Promise<PlayerCardReply> =>
  getJson(`/api/matches/${encodeURIComponent(matchId)}/seats/${seat}/card`, deviceHeader(), fetchImpl);
/** DELETE /api/me: "Delete me", on every device; `confirm` is the word the person typed. */
export const deleteMe = (confirm: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', '/api/me', { confirm }, 204, fetchImpl);

/** GET /api/rooms/:id → the room's public summary (seats, names, status), for a page that may not join it just now. */
export const roomSummary = (roomId: string, fetchImpl: typeof fetch = fetch): Promise<RoomSummary> =>
  getJson<RoomSummary>(`/api/rooms/${encodeURIComponent(roomId)}`, {}, fetchImpl);
