import type { CreateRoomBody, CreateRoomReply } from '@mm/protocol';

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
  const b = (typeof outer.error === 'object' && outer.error !== null ? outer.error : outer) as { code?: unknown; message?: unknown };
  const code = typeof b.code === 'string' ? b.code : res.status === 400 ? 'BAD_REQUEST' : 'UNKNOWN';
  const message = typeof b.message === 'string' ? b.message : `${res.status} ${res.statusText}`;
  return new ApiError(code, message, res.status);
}

/** POST /api/rooms → 201 { id, url }. */
export async function createRoom(body: CreateRoomBody, fetchImpl: typeof fetch = fetch): Promise<CreateRoomReply> {
  let res: Response;
  try {
    res = await fetchImpl('/api/rooms', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
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
