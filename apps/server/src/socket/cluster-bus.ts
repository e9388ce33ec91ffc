import { roomIdSchema } from '@mm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { describeIssues } from '../errors';
import { BUS_EVENT, type IoServer } from './io-types';

/**
 * Everything one server process tells the others, parsed on arrival like any message from
 * outside (another process may run an older or newer build during a rolling deploy).
 */
export const busMessageSchema = z.discriminatedUnion('type', [
  /** a socket joined or left a channel of the room here: the presence kept elsewhere is stale */
  z.object({ type: z.literal('presence-changed'), roomId: roomIdSchema }),
  /** the room owes a duty now (a lease given up): whoever holds its lease looks at once */
  z.object({ type: z.literal('duty-nudge'), roomId: roomIdSchema }),
  /**
   * The room's stored seats, creator or settings changed behind the other processes' copies
   * ("Delete me", spectating turned off): a copy held elsewhere is read again.
   */
  z.object({ type: z.literal('room-stored'), roomId: roomIdSchema }),
  /**
   * Two players became one, and the process that settled the merge moved `from`'s seats (and the
   * room, if `from` made it) to `into` in the store: a copy of the room held elsewhere follows.
   */
  z.object({
    type: z.literal('player-merged'),
    roomId: roomIdSchema,
    from: z.string().max(64),
    into: z.string().max(64),
  }),
  /** Redis is back after an outage: every process re-sends its sockets the rooms' newest views */
  z.object({ type: z.literal('resync') }),
  /**
   * These devices belong to `playerId` from now on (a merge, a removal; null: "Delete me"): the
   * sockets of theirs act for it (socket/principals.ts). A device id is a SHA-256 in hex.
   */
  z.object({
    type: z.literal('principal-moved'),
    deviceIds: z.array(z.string().regex(/^[0-9a-f]{64}$/)).max(1000),
    playerId: z.string().max(64).nullable(),
  }),
]);
export type BusMessage = z.infer<typeof busMessageSchema>;
export type BusMessageType = BusMessage['type'];
type Handler<T extends BusMessageType> = (message: Extract<BusMessage, { type: T }>) => void;

/**
 * The one channel between server processes: typed messages through the Socket.IO adapter's
 * server-side events (the sharded Redis adapter carries them on its common channel, and its
 * publish never throws while Redis is away: what is sent meanwhile is lost, as every broadcast
 * is, and `resync` makes up for it). Alone (no Redis), there is nobody to tell: `publish` does
 * nothing, and `announce` reaches this process only.
 */
export interface ClusterBus {
  /** other processes may exist (the Redis adapter) */
  readonly shared: boolean;
  /** tells every other process */
  publish(message: BusMessage): void;
  /** tells every other process and this one */
  announce(message: BusMessage): void;
  /** what this process does when told `type` (by another process, or by `announce`) */
  on<T extends BusMessageType>(type: T, handler: Handler<T>): void;
}

export function createClusterBus(io: IoServer, shared: boolean, log: Pick<FastifyBaseLogger, 'warn'>): ClusterBus {
  const handlers = new Map<BusMessageType, ((message: BusMessage) => void)[]>();
  const deliver = (message: BusMessage): void => {
    for (const handler of handlers.get(message.type) ?? []) handler(message);
  };
  if (shared) {
    io.on(BUS_EVENT, (raw: unknown) => {
      const parsed = busMessageSchema.safeParse(raw);
      if (parsed.success) deliver(parsed.data);
      else log.warn({ issues: describeIssues(parsed.error) }, 'message from another process dropped');
    });
  }
  const publish = (message: BusMessage): void => {
    if (shared) io.serverSideEmit(BUS_EVENT, message);
  };
  return {
    shared,
    publish,
    announce(message) {
      publish(message);
      deliver(message);
    },
    on(type, handler) {
      const list = handlers.get(type) ?? [];
      list.push(handler as (message: BusMessage) => void);
      handlers.set(type, list);
    },
  };
}
