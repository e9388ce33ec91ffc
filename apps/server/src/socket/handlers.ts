import { isUnavailable } from '../db/unavailable';
import {
  clientMessages,
  MAX_PAYLOAD_BYTES,
  type ClientMessageName,
  type ErrorReply,
  type ParsedClientMessage,
  type SyncReply,
} from '@mm/protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Socket } from 'socket.io';
import type { RoomService } from '../rooms/room-service';
import type { Seat } from '@mm/rules';
import { describeIssues, fault, matchChanged } from '../errors';
import { hashToken } from '../security/tokens';
import type { Broadcaster } from './broadcaster';
import type { IoServer, IoSocket, SocketData } from './io-types';
import { seatChannel, watchChannel } from './channels';
import { MessageRate, type MessageRateSettings } from './message-rate';
import { PresenceCoalescer } from './presence-coalescer';
import { createJoin, type JoinDeps } from './join';
import { ReactionRelay } from './reactions';
import type { SocketPrincipals } from './principals';
import { benchTiming } from '../bench-timing';

type Handler<N extends ClientMessageName> = (socket: IoSocket, msg: ParsedClientMessage<N>) => Promise<unknown>;

/** Where the socket is: its room, and its seat there (null: watching) in match `matchId`. */
interface InRoom {
  roomId: string;
  seat: Seat | null;
  matchId: string | null;
}

/** A message only a socket in a room may send: NOT_IN_ROOM before any join. */
const inRoom =
  <N extends ClientMessageName>(
    handle: (socket: IoSocket, msg: ParsedClientMessage<N>, at: InRoom) => Promise<unknown>,
  ): Handler<N> =>
  async (socket, msg) => {
    const { roomId, seat, matchId } = socket.data;
    if (!roomId) return fault('NOT_IN_ROOM', 'Join a room first.');
    return handle(socket, msg, { roomId, seat, matchId });
  };

/** A message only a seated player may send: NOT_SEATED (saying `why`) for a watcher. */
const seated = <N extends ClientMessageName>(
  why: string,
  handle: (socket: IoSocket, msg: ParsedClientMessage<N>, at: InRoom & { seat: Seat }) => Promise<unknown>,
): Handler<N> =>
  inRoom<N>(async (socket, msg, at) =>
    at.seat === null ? fault('NOT_SEATED', why) : handle(socket, msg, { ...at, seat: at.seat }),
  );

/** 30 messages at once, 10 a second; closed after 100 dropped within 10 s; 10 joins at once, then 6 a minute; 3 reactions at once, then 3 per 10 s. */
export const DEFAULT_MESSAGE_RATE: MessageRateSettings = {
  burst: 30,
  perSecond: 10,
  maxDropped: 100,
  strikeWindowMs: 10_000,
  joinBurst: 10,
  joinsPerMinute: 6,
  reactionBurst: 3,
  reactionsPer10s: 3,
};
/** How long one window of dropped messages lasts before its one summary frame. */
const RATE_SUMMARY_MS = 1000;

const isMessageName = (name: string): name is ClientMessageName => Object.hasOwn(clientMessages, name);

const isRefusal = (reply: unknown, code: ErrorReply['code']): boolean =>
  typeof reply === 'object' && reply !== null && (reply as { ok?: unknown }).ok === false && (reply as ErrorReply).code === code;

/** JSON size of an untrusted payload, or Infinity if it cannot be measured. */
function payloadBytes(payload: unknown): number {
  try {
    return JSON.stringify(payload ?? null).length;
  } catch {
    return Infinity;
  }
}

export function attachSocketHandlers(
  io: IoServer,
  rooms: RoomService,
  broadcaster: Broadcaster,
  log: FastifyBaseLogger,
  opts: Pick<JoinDeps, 'onAway' | 'spectatorsPerRoom' | 'limits'> & {
    /** the length of one second of a room's takeOverAfterSec (1000; tests shorten it) */
    secondMs: number;
    /** counts messages being handled, and drops those that arrive once the server is closing */
    work?: { begin(): boolean; end(): void };
    /** a database outage met by a message: logged once per outage, the message answered UNAVAILABLE */
    outage?: { fault(err: unknown): void };
    /** presence changes of a room within this window go out as one update */
    presenceCoalesceMs?: number;
    /** each socket's message rate, and when it is closed for going over it */
    messageRate?: MessageRateSettings;
    /** a socket that has joined no room this long after connecting is closed */
    roomlessMs?: number;
    /** who each socket acts for, kept true by identity's changes */
    principals: SocketPrincipals;
  },
): { close(): void } {
  const { secondMs, work } = opts;
  const reactions = new ReactionRelay(io, rooms);
  // A socket coming or going is news for the room, but one update per window says it for all of them.
  const presence = new PresenceCoalescer(opts.presenceCoalesceMs ?? 250, (roomId) => {
    const room = rooms.cached(roomId);
    if (room) void broadcaster.publish(room);
  });
  // A room nobody is in leaves memory after a while (the service decides); the sockets say who is there.
  const vacated = (roomId: string): void =>
    rooms.vacated(roomId, () =>
      broadcaster.presence(roomId, { fresh: true }).catch((err: unknown) => {
        log.warn({ err, roomId }, 'idle check failed');
        return null;
      }),
    );

  const join = createJoin({ rooms, broadcaster, presence, vacated, ...opts });

  // Each handler says what its socket must be, in a room (`inRoom`) or seated there (`seated`): the refusals are written once.
  const handlers: { [N in ClientMessageName]: Handler<N> } = {
    'room:join': join.handle,

    'seat:claim': inRoom(async (socket, msg, { roomId }) => {
      if (socket.data.seat !== null) return fault('ALREADY_SEATED', 'You already sit at this table.');
      const own = socket.data.principal;
      const deviceId = msg.deviceToken ? hashToken(msg.deviceToken) : (own?.deviceId ?? null);
      // The socket takes its seat before the claim is announced: the service's one broadcast reaches it there.
      return rooms.claim(roomId, msg.seat, msg.name, deviceId, async (seat, matchId) => {
        socket.data.seat = seat;
        socket.data.matchId = matchId;
        // The claim gave the socket's device a player if it had none: the socket acts as it from now on.
        if (own !== null && deviceId === own.deviceId) socket.data.principal = { deviceId, playerId: playerOfSeat(roomId, seat) };
        await socket.leave(watchChannel(roomId));
        await socket.join(seatChannel(roomId, seat));
      });
    }),

    'seat:rename': seated('You do not sit at this table.', async (_socket, msg, { roomId, seat, matchId }) =>
      rooms.rename(roomId, seat, msg.name, matchId),
    ),

    'seat:leave': seated('You do not sit at this table.', async (socket, _msg, { roomId, seat, matchId }) => {
      const reply = await rooms.leave(roomId, seat, matchId);
      if (reply.ok) {
        // every socket holding that seat (other tabs, other servers) becomes a spectator
        io.in(seatChannel(roomId, seat)).socketsJoin(watchChannel(roomId));
        io.in(seatChannel(roomId, seat)).socketsLeave(seatChannel(roomId, seat));
        socket.data.seat = null;
      }
      return reply;
    }),

    'match:act': seated('Take a seat to play.', async (_socket, msg, { roomId, seat, matchId }) => {
      // A person's move: the service refuses server-only actions and the server's own actionIds.
      const t0 = benchTiming.enabled ? benchTiming.now() : 0;
      const reply = await rooms.act(roomId, seat, msg, matchId);
      if (benchTiming.enabled) benchTiming.record('act', benchTiming.now() - t0);
      if (reply.ok) log.debug({ roomId, seat, seq: reply.seq, actionId: msg.actionId }, 'action accepted');
      return reply;
    }),

    'room:sync': inRoom(async (socket, _msg, { roomId }) => {
      const room = await rooms.refresh(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      // A seat taken in an earlier match is someone else's now: its view must not go to this socket.
      if (socket.data.seat !== null && socket.data.matchId !== room.matchId) {
        return matchChanged();
      }
      // the summary too: a delta that did not fold may have met another summary than its base
      const { connected, spectators } = await broadcaster.presence(roomId);
      const reply: SyncReply = {
        ok: true,
        room: room.summary(connected, spectators),
        snapshot: room.snapshotFor(socket.data.seat),
      };
      return reply;
    }),

    'room:settings': inRoom(async (socket, msg, { roomId }) =>
      rooms.setSpectators(roomId, socket.data.principal?.playerId ?? null, msg.spectators),
    ),

    'match:rematch': seated('Only the players vote for a rematch.', async (_socket, msg, { roomId, seat, matchId }) =>
      rooms.rematch(roomId, seat, msg.accept, matchId),
    ),

    'match:another': seated('Only the players pick another game.', async (_socket, msg, { roomId, seat, matchId }) =>
      rooms.another(roomId, seat, msg.preset, matchId),
    ),

    'room:ready': seated('Only a seated player says ready.', async (_socket, msg, { roomId, seat, matchId }) =>
      rooms.ready(roomId, seat, msg.ready, matchId),
    ),

    'seat:bot': inRoom(async (socket, msg, { roomId }) =>
      rooms.seatBot(roomId, socket.data.principal?.playerId ?? null, msg.seat, msg.strength),
    ),

    'seat:takeover': seated(
      'Only a player at this table may hand a seat to a bot.',
      async (_socket, msg, { roomId, seat, matchId }) => {
        // Handing a seat to a bot must not rest on a join another process has not told us of yet: asked afresh.
        return rooms.takeOver(roomId, seat, msg.seat, matchId, (room) => broadcaster.absence(room), secondMs);
      },
    ),

    // The service answers a watcher NOT_SEATED itself (hints are the players').
    'match:hint': inRoom(async (_socket, _msg, { roomId, seat, matchId }) => rooms.hint(roomId, seat, matchId)),

    'room:react': inRoom(async (socket, msg, at) => reactions.send(socket, msg.preset, at)),

    presence: async (socket, msg) => {
      socket.data.visible = msg.visible;
      if (!msg.visible && socket.data.roomId && socket.data.seat !== null) opts.onAway?.(socket.data.roomId);
      return { ok: true };
    },
  };

  /** Who holds `seat` in this process's memory (called in the room's queue, right after a claim). */
  const playerOfSeat = (roomId: string, seat: Seat): string | null =>
    rooms.cached(roomId)?.seats.find((s) => s.index === seat)?.playerId ?? null;

  io.on('connection', (socket) => {
    const data: SocketData = { roomId: null, seat: null, principal: null, matchId: null, visible: true };
    socket.data = data;
    const rate = new MessageRate(opts.messageRate ?? DEFAULT_MESSAGE_RATE);
    let summary: NodeJS.Timeout | undefined;
    // A socket in no room serves no one and only holds a place of its address: joining is the first thing the app does.
    // A socket in a room may stay silent as long as it likes (watching a long match is what it is there for).
    const roomless = setTimeout(() => {
      if (socket.data.roomId !== null) return;
      socket.emit('server:error', fault('NOT_IN_ROOM', 'No room was joined: this connection is closed.'));
      closeNow();
    }, opts.roomlessMs ?? 30_000).unref();
    const closeNow = (): void => {
      socket.disconnect(true);
      // Discarded: a client that reads nothing would hold the close waiting for a drain.
      socket.conn.close(true);
    };

    /** True when the message must not be handled: the socket is over its rate. */
    const overRate = (ack: unknown): boolean => {
      const verdict = rate.check();
      if (verdict === 'pass') return false;
      if (verdict === 'close') {
        if (socket.connected) {
          socket.emit('server:error', fault('RATE_LIMITED', 'Too many messages for too long: this connection is closed.'));
          closeNow();
        }
        return true;
      }
      if (verdict === 'refuse') {
        respond(ack, fault('RATE_LIMITED', 'Too many messages: slow down.'));
        // What is dropped until the window ends is said once, in one frame.
        summary = setTimeout(() => {
          const dropped = rate.summary();
          if (dropped > 0 && socket.connected) {
            socket.emit('server:error', fault('RATE_LIMITED', `${dropped} more messages were dropped unanswered: slow down.`));
          }
        }, RATE_SUMMARY_MS).unref();
      }
      return true;
    };

    const respond = (ack: unknown, reply: unknown): void => {
      if (typeof ack === 'function') (ack as (r: unknown) => void)(reply);
      else if (reply && typeof reply === 'object' && (reply as { ok?: unknown }).ok === false) {
        socket.emit('server:error', reply as ErrorReply);
      }
    };

    (socket as unknown as Socket).onAny((event: unknown, ...args: unknown[]) => {
      if (typeof event === 'string' && isMessageName(event)) return;
      if (overRate(args[args.length - 1])) return;
      respond(
        args[args.length - 1],
        fault('UNKNOWN_EVENT', `There is no message called ${JSON.stringify(String(event)).slice(0, 80)}.`),
      );
    });

    const handle = async (name: ClientMessageName, args: unknown[]): Promise<void> => {
      const ack = args.length > 1 ? args[args.length - 1] : typeof args[0] === 'function' ? args[0] : undefined;
      const payload = typeof args[0] === 'function' ? undefined : args[0];
      if (overRate(ack)) return;
      if (payloadBytes(payload) > MAX_PAYLOAD_BYTES) {
        return respond(ack, fault('PAYLOAD_TOO_LARGE', `A message holds at most ${MAX_PAYLOAD_BYTES} bytes.`));
      }
      const parsed = clientMessages[name].schema.safeParse(payload);
      if (!parsed.success) return respond(ack, fault('BAD_REQUEST', `${name}: ${describeIssues(parsed.error)}`));
      // A join builds a whole reply and may read the store: a socket may join a few times a minute, not once a second.
      const joining = name === 'room:join';
      if (joining && !rate.join()) {
        return respond(ack, fault('RATE_LIMITED', 'Too many room joins on this connection: wait a moment and try again.'));
      }
      // A reaction is shown on every phone of the room: a few per 10 s, whatever the message rate leaves.
      if (name === 'room:react' && !rate.react()) {
        return respond(ack, fault('RATE_LIMITED', 'Too many reactions: wait a few seconds.'));
      }
      try {
        const handler = handlers[name] as Handler<typeof name>;
        const reply = await handler(socket, parsed.data as never);
        // Refused for the room's crowd: the page retries it every few seconds while it waits for a place,
        // and its one join into a free seat must still pass.
        if (joining && isRefusal(reply, 'SPECTATORS_FULL')) rate.refundJoin();
        respond(ack, reply);
      } catch (err) {
        if (isUnavailable(err)) {
          opts.outage?.fault(err);
          return respond(
            ack,
            fault('UNAVAILABLE', 'The database is unavailable just now; nothing was changed: try again shortly.'),
          );
        }
        log.error({ err, event: name, roomId: socket.data.roomId }, 'socket handler failed');
        respond(ack, fault('INTERNAL', 'The server failed to handle this message; nothing was changed.'));
      }
    };

    for (const name of Object.keys(clientMessages) as ClientMessageName[]) {
      (socket as unknown as Socket).on(name, async (...args: unknown[]) => {
        // Closing: not handled and not acknowledged, so the client sends it again once reconnected elsewhere.
        if (work && !work.begin()) return;
        try {
          await handle(name, args);
        } finally {
          work?.end();
        }
      });
    }

    socket.on('disconnect', () => {
      clearTimeout(roomless);
      clearTimeout(summary);
      const roomId = socket.data.roomId;
      if (!roomId) return;
      presence.changed(roomId);
      vacated(roomId);
    });
  });
  return { close: () => presence.close() };
}
