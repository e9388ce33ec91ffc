import {
  DEVICE_TOKEN_HEADER,
  type CreateRoomBody,
  type CreateRoomReply,
  type MatchDetail,
  type MatchListReply,
  type LinkCodeReply,
  type LinkPreviewReply,
  type LinkReply,
  type MeReply,
  type ExportReply,
} from '@mm/protocol/pure';
import { browserStore, deviceToken } from './storage';

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

/** POST /api/rooms → 201 { id, url }; this device becomes the room's creator. */
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
  return getJson(`/api/matches/${encodeURIComponent(id)}`, {}, fetchImpl);
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
/** DELETE /api/me/devices/:id */
export const removeDevice = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/me/devices/${encodeURIComponent(id)}`, undefined, 204, fetchImpl);
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
