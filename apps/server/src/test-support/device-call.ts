import { DEVICE_TOKEN_HEADER } from '@mm/protocol';

export type Reply = { status: number; json: any };

/** One JSON call to the API as `device` (its token in the header), or as no device. */
export async function call(url: string, method: string, path: string, device: string | null, body?: unknown): Promise<Reply> {
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
