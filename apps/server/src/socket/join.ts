// Joining a room, and the admission of watchers: the transport's half of `room:join`. Which seat
// a socket holds (and any seat given back) is RoomService.join's decision; here a socket is moved
// into its room's channels, a watcher takes a place among the room's watchers or is refused, and
// the socket leaves the room it was in.
import { PROTOCOL_VERSION, type ErrorReply, type JoinReply, type ParsedClientMessage } from '@mm/protocol';
import type { Seat } from '@mm/rules';
import { fault } from '../errors';
import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import { SerialQueue } from '../shared/serial-queue';
import { hashToken } from '../security/tokens';
import type { AddressLimits } from './address-limits';
import type { Broadcaster } from './broadcaster';
import { deviceChannel, roomChannel, seatChannel, watchChannel } from './channels';
import type { IoSocket } from './io-types';
import type { PresenceCoalescer } from './presence-coalescer';
import type { SocketPrincipals } from './principals';

export interface JoinDeps {
  rooms: RoomService;
  broadcaster: Broadcaster;
  /** the room's presence changed: one update per window says it */
  presence: PresenceCoalescer;
  /** someone left the room: it may leave memory once nobody is there */
  vacated: (roomId: string) => void;
  /** a page of the room went hidden or away (a seated socket left it): who must act may now need a push */
  onAway?: ((roomId: string) => void) | undefined;
  /** watchers one room takes (seated players are never refused) */
  spectatorsPerRoom?: number | undefined;
  /** per-address bounds (room joins), with the address of each socket */
  limits?: { addresses: AddressLimits; addressOf: (socket: IoSocket) => string } | undefined;
  /** who each socket acts for, kept true by identity's changes */
  principals: SocketPrincipals;
}

export function createJoin(deps: JoinDeps): {
  handle: (socket: IoSocket, msg: ParsedClientMessage<'room:join'>) => Promise<JoinReply | ErrorReply>;
  enterRoom: (socket: IoSocket, roomId: string, seat: Seat | null, matchId: string) => Promise<void>;
} {
  const { rooms, broadcaster, presence, vacated, principals } = deps;
  const playerOf = (deviceId: string): Promise<string | null> => rooms.playerOfDevice(deviceId);
  const spectatorsPerRoom = deps.spectatorsPerRoom ?? Infinity;
  const admissions = new SerialQueue();

  async function handle(socket: IoSocket, msg: ParsedClientMessage<'room:join'>): Promise<JoinReply | ErrorReply> {
    if (msg.protocol !== PROTOCOL_VERSION) {
      return fault('PROTOCOL_MISMATCH', `This server speaks protocol ${PROTOCOL_VERSION}; reload the page.`);
    }
    // A join may read the room from the database: one address may not make a loop of it.
    if (deps.limits && !deps.limits.addresses.join(deps.limits.addressOf(socket))) {
      return fault('RATE_LIMITED', 'Too many room joins from this address: wait a moment and try again.');
    }
    // Asking again for what the socket has: answered from memory, so a crowd re-joining reads nothing.
    const here = alreadyIn(socket, msg);
    if (here) return joinReply(socket, here, socket.data.seat);
    const deviceId = msg.deviceToken ? hashToken(msg.deviceToken) : null;
    // The device's player, read once (the socket's own when it is known): a move of the device after
    // this read is caught when the socket settles (SocketPrincipals.settle).
    const since = principals.moves;
    const principal = deviceId ? await principals.resolve(socket, deviceId, playerOf) : null;
    // The service decides the seat (and gives back one a bot played); the transport moves the socket in.
    let again = false;
    const joined = await rooms.join(msg.roomId, { deviceId, playerId: principal?.playerId ?? null }, msg.seatToken ?? null, {
      claim: msg.claim,
      enter: async (room, seat) => {
        const channel = seat === null ? watchChannel(room.id) : seatChannel(room.id, seat);
        // The same socket joining the same room as the same seat again: nothing changes for the others.
        again =
          socket.data.roomId === room.id &&
          socket.data.seat === seat &&
          socket.data.matchId === room.matchId &&
          socket.rooms.has(channel);
        if (again) return null;
        // A seated player is never counted, so never waits behind the watchers' admissions.
        if (seat !== null) return enterRoom(socket, room.id, seat, room.matchId).then(() => null);
        // Counting the watchers and taking a place among them, one join of the room at a time: joins that
        // counted at once would all find a place free (a crowd arriving together went past the cap).
        const { id, matchId } = room;
        const admitted = await admissions.run(id, async () => {
          if ((await broadcaster.presence(id)).spectators >= spectatorsPerRoom) return false;
          await enterRoom(socket, id, null, matchId);
          return true;
        });
        return admitted
          ? null
          : fault('SPECTATORS_FULL', `This room has its ${spectatorsPerRoom} spectators already: try again later.`);
      },
    });
    if (!joined.ok) return joined;
    // A claim gave the device a player if it had none: the socket acts as it from now on.
    await principals.settle(socket, deviceId === null ? null : { deviceId, playerId: joined.playerId }, since, playerOf);
    // The socket's arrival is the transport's own news; a claim, or a seat given back, the service announced already.
    if (!again && !joined.announced) presence.changed(joined.room.id);
    const reply = await joinReply(socket, joined.room, joined.seat);
    return joined.seatToken ? { ...reply, seatToken: joined.seatToken } : reply;
  }

  /**
   * The room, when a join asks for exactly what the socket has already: the room it is in (in the match it
   * joined), by the same device, for the seat it holds there (or to watch), with no claim. Answered from this
   * process's memory, not the store's: what another process commits reaches the socket through its channels
   * all the same, and a seat moved elsewhere (a rematch, a seat given up) takes the socket out of the channel,
   * so such a join goes the whole way. A seat a bot plays for its person goes the whole way too (reclaim).
   */
  function alreadyIn(socket: IoSocket, msg: ParsedClientMessage<'room:join'>): LiveRoom | null {
    const { roomId, seat, matchId, principal } = socket.data;
    if (msg.claim || roomId !== msg.roomId) return null;
    if ((msg.deviceToken ? hashToken(msg.deviceToken) : null) !== (principal?.deviceId ?? null) || matchId === null) return null;
    if (!socket.rooms.has(seat === null ? watchChannel(roomId) : seatChannel(roomId, seat))) return null;
    return rooms.stillHeld(roomId, matchId, { playerId: principal?.playerId ?? null, seatToken: msg.seatToken ?? null }, seat);
  }

  /** The socket leaves the room it was in, if any, and enters `roomId` as `seat` (null: watching) of match `matchId`. */
  async function enterRoom(socket: IoSocket, roomId: string, seat: Seat | null, matchId: string): Promise<void> {
    leaveCurrentRoom(socket);
    socket.data.roomId = roomId;
    socket.data.seat = seat;
    socket.data.matchId = matchId;
    await socket.join([roomChannel(roomId), seat === null ? watchChannel(roomId) : seatChannel(roomId, seat)]);
  }

  /** A join's answer: the room as everyone sees it, and this socket's seat and its own view. */
  async function joinReply(socket: IoSocket, room: LiveRoom, seat: Seat | null): Promise<JoinReply> {
    const { connected, spectators } = await broadcaster.presence(room.id);
    return {
      ok: true,
      room: room.summary(connected, spectators),
      seat,
      snapshot: room.snapshotFor(seat),
      creator: room.isCreator(socket.data.principal?.playerId ?? null),
    };
  }

  function leaveCurrentRoom(socket: IoSocket): void {
    const { roomId } = socket.data;
    if (!roomId) return;
    const device = socket.data.principal ? deviceChannel(socket.data.principal.deviceId) : null;
    for (const channel of socket.rooms) if (channel !== socket.id && channel !== device) void socket.leave(channel);
    const seated = socket.data.seat !== null;
    socket.data.roomId = null;
    socket.data.seat = null;
    presence.changed(roomId);
    if (seated) deps.onAway?.(roomId);
    vacated(roomId);
  }

  return { handle, enterRoom };
}
