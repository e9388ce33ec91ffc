import { createRoomBodySchema, roomIdSchema, type CreateRoomReply, type HealthReply } from '@mm/protocol';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { RoomService } from '../rooms/room-service';
import { describeIssues } from '../rooms/room-service';
import type { Broadcaster } from '../socket/broadcaster';
import { TokenBucket } from '../socket/rate-limit';

export interface HttpError {
  error: { code: string; message: string };
}
export const httpError = (reply: FastifyReply, status: number, code: string, message: string): FastifyReply =>
  reply.code(status).send({ error: { code, message } } satisfies HttpError);

/** Room creation is the one write an anonymous caller can repeat cheaply: bound it per address. */
function perAddressLimiter(burst: number, perSecond: number): (req: FastifyRequest) => boolean {
  const buckets = new Map<string, TokenBucket>();
  return (req) => {
    if (buckets.size > 10_000) buckets.clear();
    let bucket = buckets.get(req.ip);
    if (!bucket) buckets.set(req.ip, (bucket = new TokenBucket(burst, perSecond)));
    return bucket.take();
  };
}

export function registerApiRoutes(
  app: FastifyInstance,
  deps: { config: Config; rooms: RoomService; broadcaster: Broadcaster; dbKind: 'embedded' | 'postgres' },
): void {
  const { rooms, broadcaster } = deps;
  const allowCreate = perAddressLimiter(deps.config.roomCreateBurst, 1);

  app.get('/api/health', async (): Promise<HealthReply> => ({ ok: true, db: deps.dbKind }));

  app.post('/api/rooms', async (req, reply) => {
    if (!allowCreate(req)) return httpError(reply, 429, 'RATE_LIMITED', 'Too many rooms created: wait a little.');
    const parsed = createRoomBodySchema.safeParse(req.body ?? {});
    if (!parsed.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(parsed.error));
    const room = await rooms.create(parsed.data.family, parsed.data.options);
    const origin = deps.config.publicUrl ?? `${req.protocol}://${req.host}`;
    const body: CreateRoomReply = { id: room.id, url: new URL(`/r/${room.id}`, origin).toString() };
    return reply.code(201).send(body);
  });

  app.get<{ Params: { id: string } }>('/api/rooms/:id', async (req, reply) => {
    const id = roomIdSchema.safeParse(req.params.id);
    if (!id.success) return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    const room = await rooms.refresh(id.data);
    if (!room) return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    const { connected, spectators } = await broadcaster.presence(room.id);
    return room.summary(connected, spectators);
  });
}
