// Who sits where: a person's claim, name and leaving, a bot seated, a seat handed to a bot while its
// person is away and given back. Each runs in the room's queue (RoomCache), is a conditional write
// of the store committed before memory changes, and learns the seats from the store when it
// loses a race with another process.
import type { BotReply, ClaimReply, ErrorReply, LeaveReply, RenameReply } from '@mm/protocol';
import { DEFAULT_BOT_STRENGTH, isRevealed, type BotStrength, type Seat } from '@mm/rules';
import { botName } from '../bots/names';
import type { RoomStorage, StoredSeat } from '../db/store';
import { fault } from '../errors';
import { hashToken, newSeatToken } from '../security/tokens';
import type { LiveRoom } from './live-room';
import type { Absence } from './presence';
import type { RoomCache } from './room-cache';
import { distinctSeatName } from './seat-names';

export const SEALED = (): ErrorReply =>
  fault(
    'ROOM_SEALED',
    'This room plays one match with its seats fixed (the Code of the day): no rematch, no leaving, no watching.',
  );

const CLOSED = (): ErrorReply =>
  fault('DAILY_CLOSED', 'This Code of the day has been revealed: its room takes no move any more.');

const TAKEN = (): ErrorReply => fault('SEAT_TAKEN', 'Someone already sits there.');

const KEPT = (name: string): ErrorReply =>
  fault('SEAT_RESERVED', `This seat is kept for ${name}, challenged to this room, until they answer or the challenge expires.`);

/**
 * A Code of the day's room once its puzzle is revealed (the code is public then): it takes no
 * move, no seat and no name any more, so an attempt still open can never be won after the reveal.
 */
export const closedAt = (room: LiveRoom, now: Date): ErrorReply | null =>
  room.daily !== null && isRevealed(room.daily, now) ? CLOSED() : null;

/** The name `seat` of `room` shows for `asked`: two seats of one room never look alike (seat-names.ts). */
const seatNameIn = (room: LiveRoom, seat: Seat, asked: string): string =>
  distinctSeatName(
    asked,
    room.seats.filter((s) => s.index !== seat).map((s) => s.name),
  );

/** The seat `seat` of `room`, or NO_SUCH_SEAT. */
function seatOf(room: LiveRoom, seat: Seat): StoredSeat | ErrorReply {
  return room.seats.find((s) => s.index === seat) ?? fault('NO_SUCH_SEAT', `This table has seats 0 to ${room.seats.length - 1}.`);
}

/** A seat nobody holds and no bot plays, or why not. */
function freeSeat(room: LiveRoom, seat: Seat): StoredSeat | ErrorReply {
  const current = seatOf(room, seat);
  if ('ok' in current) return current;
  return current.tokenHash !== null || current.bot ? TAKEN() : current;
}

/**
 * What a join decided: the room (fresh from the store), the seat the joiner holds there (null:
 * watching), the joiner's player (null: none), whether the service announced the change itself (a
 * claim, a seat given back after a takeover), and the token of a seat claimed by this join.
 */
export interface Joined {
  ok: true;
  room: LiveRoom;
  seat: Seat | null;
  playerId: string | null;
  announced: boolean;
  seatToken?: string;
}

/**
 * The transport's part of a join: `enter` moves the socket into the room as `seat` (null: watching)
 * of `room`'s match, or answers why it may not (a full crowd of watchers). It runs after the seat is
 * decided and before a seat played by a bot is given back, outside the room's queue (it may ask
 * every process who is there); for a claim, inside it, like `claim`'s `seatSocket`.
 */
export interface JoinTransport {
  enter(room: LiveRoom, seat: Seat | null): Promise<ErrorReply | null>;
  /** a free seat to take as the socket joins (`room:join`'s `claim`), if it holds none */
  claim?: { seat: Seat; name: string } | undefined;
}

/** Who joins: their device (null: none) and, when already known, its player. */
export interface Joiner {
  deviceId: string | null;
  playerId?: string | null | undefined;
}

/** Who may still hold a seat: their player and the seat token they showed (null: none). */
export interface Holder {
  playerId: string | null;
  seatToken: string | null;
}

export class SeatCommands {
  constructor(
    private readonly cache: RoomCache,
    private readonly store: RoomStorage,
    private readonly now: () => Date,
  ) {}

  /**
   * A person takes the free seat `seat` of `room` (in its queue), committed before memory changes;
   * nothing is announced. `token`: the seat token, when the seat's maker derives it; else a random one.
   */
  async seatIn(
    room: LiveRoom,
    seat: Seat,
    asked: string,
    deviceId: string | null,
    token: string = newSeatToken(),
  ): Promise<{ ok: true; name: string; seatToken: string } | ErrorReply> {
    const free = freeSeat(room, seat);
    if ('ok' in free) return free;
    // A seat kept for a challenged friend: only a device of theirs may take it (read only then).
    const kept = room.keptSeat(this.now());
    if (kept?.seat === seat && (deviceId === null || (await this.store.playerOfDevice(deviceId)) !== kept.playerId))
      return KEPT(kept.name);
    const name = seatNameIn(room, seat, asked);
    const tokenHash = hashToken(token);
    const playerId = deviceId ? await this.store.ensurePlayer(deviceId, { name }) : null;
    if (!(await this.store.claimSeat(room.id, seat, { name, tokenHash, deviceId, playerId })))
      return this.lostRace(room, TAKEN());
    room.seatPerson(seat, { name, tokenHash, deviceId, playerId }, await this.claimedAt(room.id, seat));
    // The challenged friend sat in their kept seat (by the room's link, or by accepting): the challenge is answered.
    if (kept?.seat === seat && (await this.store.endChallenge(kept.id, 'accepted', this.now())))
      room.setChallenge({ ...kept, status: 'accepted' });
    return { ok: true, name, seatToken: token };
  }

  /** See RoomService.claim. */
  claim(
    roomId: string,
    seat: Seat,
    asked: string,
    deviceId: string | null,
    seatSocket: (seat: Seat, matchId: string) => Promise<void> | void,
    token: string,
  ): Promise<ClaimReply | ErrorReply> {
    return this.cache.withRoom(roomId, null, async (room) => {
      const closed = closedAt(room, this.now());
      if (closed) return closed;
      const claimed = await this.seatIn(room, seat, asked, deviceId, token);
      if (!claimed.ok) return claimed;
      await seatSocket(seat, room.matchId);
      await this.cache.settleStart(room);
      this.cache.announce(room);
      return { ok: true, seat, seatToken: claimed.seatToken };
    });
  }

  /** See RoomService.join. */
  async join(roomId: string, who: Joiner, seatToken: string | null, transport: JoinTransport): Promise<Joined | ErrorReply> {
    let room = await this.cache.refresh(roomId);
    if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
    const { deviceId } = who;
    const playerId = who.playerId !== undefined ? who.playerId : deviceId ? await this.store.playerOfDevice(deviceId) : null;
    // Authority over a seat is the player's (docs/architecture.md, Identity): a seat token of
    // another player's seat is refused, and a device of the player holds its seats without one.
    const tokenHash = seatToken ? hashToken(seatToken) : null;
    let held = room.seatFor(tokenHash, playerId);
    if (held === 'refused' && playerId !== null && (await this.followPendingMerges(roomId, playerId))) {
      held = room.seatFor(tokenHash, playerId);
    }
    if (held === 'refused') return fault('BAD_TOKEN', 'This seat token is not valid here; join as a spectator.');
    // A person who asks to sit as they join is never counted among the watchers: a crowd holding every
    // watcher's place cannot keep them from a free seat.
    if (transport.claim && !held) return this.joinByClaim(roomId, deviceId, transport.claim, transport);
    const seat = held?.seat ?? null;
    // A sealed room (the Code of the day's) is its player's alone: nobody else may even watch it.
    if (seat === null && room.daily !== null) return SEALED();
    const refused = await transport.enter(room, seat);
    if (refused) return refused;
    // Back after a bot played for them: the seat is theirs again. Asked in the room's queue after the
    // socket joined the seat's channel, so a takeover racing this join either sees the socket there or is undone here.
    const reclaimed = held ? await this.reclaim(roomId, held.seat, held.tokenHash) : null;
    room = reclaimed?.room ?? room;
    return { ok: true, room, seat, playerId, announced: reclaimed?.announced ?? false };
  }

  /** See RoomService.stillHeld. */
  stillHeld(roomId: string, matchId: string, who: Holder, seat: Seat | null): LiveRoom | null {
    const room = this.cache.cached(roomId);
    if (!room || room.matchId !== matchId) return null;
    const held = room.seatFor(who.seatToken ? hashToken(who.seatToken) : null, who.playerId);
    if (held === 'refused' || (held?.seat ?? null) !== seat) return null;
    // A seat a bot plays for its person is given back by a whole join.
    return seat !== null && room.seats.some((s) => s.index === seat && s.takenOver) ? null : room;
  }

  /** A join with a claim: the socket enters the room in the seat it claims, or not at all. */
  private async joinByClaim(
    roomId: string,
    deviceId: string | null,
    claim: { seat: Seat; name: string },
    transport: JoinTransport,
  ): Promise<Joined | ErrorReply> {
    let entered: { room: LiveRoom; playerId: string | null } | null = null;
    const claimed = await this.claim(
      roomId,
      claim.seat,
      claim.name,
      deviceId,
      async (seat) => {
        const room = this.cache.cached(roomId);
        if (!room) return;
        // The claim gave the device a player if it had none.
        entered = { room, playerId: deviceId === null ? null : (room.seats.find((s) => s.index === seat)?.playerId ?? null) };
        await transport.enter(room, seat);
      },
      newSeatToken(),
    );
    if (!claimed.ok) return claimed;
    const room = this.cache.cached(roomId) ?? (await this.cache.refresh(roomId));
    if (!room || !entered) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
    const { playerId } = entered;
    return { ok: true, room, seat: claimed.seat, playerId, announced: true, seatToken: claimed.seatToken };
  }

  /** See RoomService.rename. */
  rename(roomId: string, seat: Seat, asked: string, matchId: string | null): Promise<RenameReply | ErrorReply> {
    return this.cache.withRoom(roomId, matchId, async (room) => {
      const closed = closedAt(room, this.now());
      if (closed) return closed;
      const current = room.seats.find((s) => s.index === seat);
      if (!current?.tokenHash) return fault('NOT_SEATED', 'You do not sit at this table.');
      const name = seatNameIn(room, seat, asked);
      if (name === current.name) return { ok: true, name };
      if (!(await this.store.renameSeat(roomId, seat, current.tokenHash, name))) {
        return fault('NOT_SEATED', 'You do not sit at this table.');
      }
      room.renameSeat(seat, name);
      this.cache.announce(room);
      return { ok: true, name };
    });
  }

  /** See RoomService.leave. */
  leave(roomId: string, seat: Seat, matchId: string | null): Promise<LeaveReply | ErrorReply> {
    return this.cache.withRoom(roomId, matchId, async (room) => {
      if (room.daily !== null) return SEALED();
      await this.cache.catchUp(room);
      if (room.seq > 0 || (room.gated && room.started))
        return fault('MATCH_STARTED', 'The match has begun: the seat cannot be given up now.');
      const current = room.seats.find((s) => s.index === seat);
      if (!current?.tokenHash) return fault('NOT_SEATED', 'This seat is free already.');
      await this.store.releaseSeat(roomId, seat, current.tokenHash);
      room.freeSeat(seat);
      await this.cache.settleStart(room);
      this.cache.announce(room);
      return { ok: true };
    });
  }

  /** See RoomService.seatBot. */
  seatBot(roomId: string, playerId: string | null, seat: Seat, strength: BotStrength): Promise<BotReply | ErrorReply> {
    return this.cache.withRoom(roomId, null, async (room) => {
      if (!room.isCreator(playerId)) return fault('NOT_CREATOR', 'Only the player who created this room may seat a bot.');
      const free = freeSeat(room, seat);
      if ('ok' in free) return free;
      const kept = room.keptSeat(this.now());
      if (kept?.seat === seat) return KEPT(kept.name);
      if (!(await this.store.seatBot(roomId, seat, { name: botName(seat), strength }))) return this.lostRace(room, TAKEN());
      room.seatBot(seat, strength, await this.claimedAt(roomId, seat));
      await this.cache.settleStart(room);
      this.cache.announce(room);
      return { ok: true };
    });
  }

  /** See RoomService.takeOver. */
  takeOver(
    roomId: string,
    bySeat: Seat,
    seat: Seat,
    matchId: string | null,
    absence: (room: LiveRoom) => Promise<Absence>,
    secondMs: number,
  ): Promise<BotReply | ErrorReply> {
    return this.cache.withRoom(roomId, matchId, async (room) => {
      if (!room.peopleSeats().includes(bySeat))
        return fault('NOT_SEATED', 'Only a player at this table may hand a seat to a bot.');
      const after = room.takeOverAfterSec;
      if (after === null) return fault('NOT_AWAY', 'This room never hands a seat to a bot.');
      const current = seatOf(room, seat);
      if ('ok' in current) return current;
      if (current.tokenHash === null || current.bot) {
        return fault('NOT_AWAY', current.bot ? 'A bot plays that seat already.' : 'Nobody holds that seat: it is free.');
      }
      // Presence is read inside the queue: a person joining again at this moment either is seen here, or gets the seat back right after.
      const seen = await absence(room);
      if (seen.connected.has(seat)) return fault('NOT_AWAY', 'The player of that seat is here.');
      const away = seen.awayMs(seat);
      if (away < after * secondMs) {
        const seconds = Math.floor(away / secondMs);
        return fault('NOT_AWAY', `The player of that seat has been away ${seconds} s; the room waits ${after} s.`);
      }
      if (!(await this.store.takeOverSeat(roomId, seat, current.tokenHash, DEFAULT_BOT_STRENGTH))) {
        return this.lostRace(room, fault('NOT_AWAY', 'That seat changed meanwhile.'));
      }
      room.handToBot(seat);
      await this.cache.settleStart(room);
      this.cache.announce(room);
      return { ok: true };
    });
  }

  /** See RoomService.reclaim. */
  reclaim(roomId: string, seat: Seat, tokenHash: string): Promise<{ room: LiveRoom; announced: boolean } | null> {
    return this.cache.run(roomId, async () => {
      const room = await this.cache.load(roomId);
      if (!room) return null;
      const current = room.seats.find((s) => s.index === seat);
      if (current?.tokenHash !== tokenHash) return { room, announced: false };
      // Asked of the database whatever memory says: the takeover may have happened on another server.
      const gotBack = await this.store.reclaimSeat(roomId, seat, tokenHash);
      if (!gotBack && !current.takenOver) return { room, announced: false };
      await this.cache.learnSeats(room);
      await this.cache.settleStart(room);
      this.cache.announce(room);
      return { room, announced: true };
    });
  }

  /**
   * See RoomService.playerDeleted. The room is read again first (its creator may be gone too), and
   * caught up with its log: whether its match still runs decides what becomes of each seat.
   */
  playerDeleted(roomId: string, who: { playerId: string; deviceIds: readonly string[] }): Promise<void> {
    return this.cache.run(roomId, async () => {
      const cached = this.cache.cached(roomId);
      const room = cached ? await this.cache.reload(cached) : await this.cache.load(roomId);
      if (!room) return;
      await this.cache.catchUp(room);
      const running = !room.status().finished;
      // Seats claimed by one of its devices before players existed name the device only.
      const theirs = room.seats.filter(
        (s) =>
          s.tokenHash !== null && (s.playerId === who.playerId || (s.deviceId !== null && who.deviceIds.includes(s.deviceId))),
      );
      for (const seat of theirs) {
        // A bot of its own (not `takenOver`) plays on where the room allows takeovers: no token of theirs gets it back.
        const bot =
          running && room.takeOverAfterSec !== null ? { name: botName(seat.index), strength: DEFAULT_BOT_STRENGTH } : null;
        await this.store.vacateSeat(roomId, seat.index, seat.tokenHash!, bot);
      }
      await this.cache.learnSeats(room);
      await this.cache.settleStart(room);
      this.cache.announce(room);
    });
  }

  /** See RoomService.playerMerged. */
  playerMerged(roomId: string, merge: { from: string; into: string }): Promise<void> {
    return this.cache.run(roomId, async () => {
      await this.store.followMerge(roomId, merge.from, merge.into);
      const room = this.cache.cached(roomId);
      if (room?.playerMerged(merge.from, merge.into)) this.cache.announce(room);
    });
  }

  /** See RoomService.settleMerges. */
  async settleMerges(told: (roomId: string, merge: { from: string; into: string }) => void): Promise<void> {
    for (const { from, into, roomIds } of await this.store.pendingMerges()) {
      for (const roomId of roomIds) {
        await this.playerMerged(roomId, { from, into });
        told(roomId, { from, into });
      }
      await this.store.mergeSettled(from, into);
    }
  }

  /**
   * The seats of this room held by a player merged into `playerId` whose seats have yet to follow (a
   * merge settling now, or cut short by a crash) follow now. Whether there were any.
   */
  private async followPendingMerges(roomId: string, playerId: string): Promise<boolean> {
    const pending = (await this.store.pendingMerges()).filter((m) => m.into === playerId && m.roomIds.includes(roomId));
    for (const { from, into } of pending) await this.playerMerged(roomId, { from, into });
    return pending.length > 0;
  }

  /** A seat write another process won: memory learns who sits where now, and the caller hears `refusal`. */
  private async lostRace(room: LiveRoom, refusal: ErrorReply): Promise<ErrorReply> {
    await this.cache.learnSeats(room);
    return refusal;
  }

  /**
   * When `seat` was taken, as the database recorded it: that clock, not this process's, starts the
   * turn timer once the table is full, so every process (and a restart) derives the same deadline.
   */
  private async claimedAt(roomId: string, seat: Seat): Promise<Date> {
    const stored = (await this.store.loadSeats(roomId)).find((s) => s.index === seat);
    return stored?.claimedAt ?? new Date();
  }
}
