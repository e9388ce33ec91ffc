import { clientReplySchemas, errorBodySchema, errorReplySchema, httpReplySchemas, serverEventSchemas } from '@mm/protocol';
import type { FastifyInstance } from 'fastify';

interface Checkable {
  safeParse(value: unknown): { success: true } | { success: false; error: { message: string } };
}

/**
 * Payloads that did not fit the schema docs/protocol.md publishes for them, since the last
 * check; `published-schemas.setup.ts` fails a test that leaves any behind.
 */
export const offSchema: string[] = [];

function check(where: string, schema: Checkable | undefined, payload: unknown): void {
  if (!schema) return void offSchema.push(`${where}: no published schema`);
  const r = schema.safeParse(payload);
  if (!r.success) offSchema.push(`${where}: ${r.error.message}`);
}

/** A server → client event (`room:update`…) or the acknowledgement of a client message (`ack:<name>`). */
export function checkSocketPayload(event: string, payload: unknown): void {
  if (!event.startsWith('ack:')) return check(event, (serverEventSchemas as Record<string, Checkable>)[event], payload);
  const refused = (payload as { ok?: unknown } | null)?.ok === false;
  const name = event.slice(4);
  check(event, refused ? errorReplySchema : (clientReplySchemas as Record<string, Checkable>)[name], payload);
}

/** Checks every JSON reply of the app's /api routes against its published schema. */
export function checkHttpReplies(http: FastifyInstance): void {
  http.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/')) return payload;
    const route = `${req.method} ${req.routeOptions.url ?? req.url}`;
    const text = typeof payload === 'string' ? payload : '';
    if (reply.statusCode >= 400) return (check(`${route} ${reply.statusCode}`, errorBodySchema, JSON.parse(text)), payload);
    const published = (httpReplySchemas as Record<string, { status: number; schema: Checkable | null }>)[route];
    if (!published) offSchema.push(`${route}: no published reply`);
    else if (published.status !== reply.statusCode)
      offSchema.push(`${route}: status ${reply.statusCode}, published ${published.status}`);
    else if (published.schema) check(route, published.schema, JSON.parse(text));
    else if (text !== '') offSchema.push(`${route}: a body where none is published`);
    return payload;
  });
}
