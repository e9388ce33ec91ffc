import { DEVICE_TOKEN_HEADER, type MatchListReply, type MeReply } from '@mm/protocol';

export type ApiReply = { status: number; json: any };

/** One call of the HTTP API as device `device` (its token in the header), the JSON body parsed. */
export async function call(url: string, method: string, path: string, device: string | null, body?: unknown): Promise<ApiReply> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: {
      ...(device ? { [DEVICE_TOKEN_HEADER]: device } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

export const me = async (url: string, device: string): Promise<MeReply> =>
  (await call(url, 'GET', '/api/me', device)).json as MeReply;
export const matches = async (url: string, device: string): Promise<MatchListReply> =>
  (await call(url, 'GET', '/api/matches?player=me', device)).json as MatchListReply;
