import {
  creatorSeat,
  secretOf,
  type ActReply,
  type BotReply,
  type ClaimReply,
  type CreatorSeat,
  type ErrorReply,
  type HintReply,
  type LeaveReply,
  type RenameReply,
  type ParsedClientMessage,
  type RematchReply,
  type SettingsReply,
} from '@mm/protocol';
import { DEFAULT_BOT_STRENGTH, getFamily, isRevealed, isServerAction, type BotStrength, type Seat } from '@mm/rules';
import { botName } from '../bots/names';
import { hintFor, type Hint } from '../bots/play';
import type { RoomStorage } from '../db/store';
import { mayHaveCommitted } from '../db/unavailable';
import { describeIssues, fault } from '../errors';
import { newSalt } from '../security/commitments';
import { hashToken, newMatchId, newRoomId, newSeatToken, newSeed } from '../security/tokens';
import { BOT_ACTION_PREFIX, TIMEOUT_ACTION_PREFIX } from './action-ids';
import { AwayClocks } from './away-clocks';
import { LiveRoom } from './live-room';
import type { Presence } from './presence';
import { defaultSeatName, distinctSeatName } from './seat-names';
import { namedBots, rotateSeats } from './seating';
import { SerialQueue } from './serial-queue';

/** How long a room nobody is in stays in memory, unless told (ROOM_IDLE_MS). */
const DEFAULT_IDLE_MS = 10 * 60_000;

/** How many times an append is retried after another server took the seq first. */
const APPEND_ATTEMPTS = 3;

/** After an append of unknown outcome, the log is read again this soon, then less and less often while it fails. */
const REREAD_FIRST_MS = 500;
const REREAD_MAX_MS = 10_000;
/** Reads tried by themselves (about ten minutes' worth); after them, the room's next operation reads first anyway. */
const REREAD_TRIES = 64;

const OUTCOME_UNKNOWN = (): ErrorReply =>
  fault(
    'OUTCOME_UNKNOWN',
    'The database did not answer whether this action was stored: send it again with the same actionId (it is applied at most once).',
  );

/**
 * A seat-bound message from a socket that got its seat in an earlier match of the room:
 * a rematch has moved everyone one seat on since, so that seat number is someone else's now.
 */
const seatMoved = (room: LiveRoom, matchId: string | null): ErrorReply | null =>
  matchId !== null && matchId !== room.matchId
    ? fault('MATCH_CHANGED', 'A new match began in this room and the seats moved: join the room again.')
    : null;

/**
 * Why a move may not come from a person, or null: a server-only action (a turn's timeout) is the
 * turn timer's, and actionIds with the server's own prefixes name its bots' and timers' moves
 * (rooms/action-ids.ts), which a person's id must never collide with.
 */
function refusedFromPeople(msg: ParsedClientMessage<'match:act'>, by: { bot?: boolean; timeout?: boolean }): ErrorReply | null {
  if (by.bot || by.timeout) return null;
  if (msg.actionId.startsWith(BOT_ACTION_PREFIX)) {
    return fault('BAD_REQUEST', `match:act: actionIds starting with "${BOT_ACTION_PREFIX}" are the bots' own.`);
  }
  if (msg.actionId.startsWith(TIMEOUT_ACTION_PREFIX)) {
    return fault('BAD_REQUEST', `match:act: actionIds starting with "${TIMEOUT_ACTION_PREFIX}" are the server's timeouts.`);
  }
  if (isServerAction(msg.action)) {
    return fault('SERVER_ONLY_ACTION', 'match:act: a timeout is appended by the server when a turn runs out; it cannot be sent.');
  }
  return null;
}

/** The name `seat` of `room` shows for `asked`: two seats of one room never look alike (seat-names.ts). */
const seatNameIn = (room: LiveRoom, seat: Seat, asked: string): string =>
  distinctSeatName(
    asked,
    room.seats.filter((s) => s.index !== seat).map((s) => s.name),
  );

/** What a room adds to its family's rules (POST /api/rooms `bots`, `hints`, `takeOverAfterSec`). */
export interface RoomSettings {
  bots: readonly Seat[];
  /** how well those bots play */
  botStrength?: BotStrength;
  hints: boolean;
  takeOverAfterSec: number | null;
  /** the turn timer, seconds per move (null: none) */
  turnSeconds?: number | null;
}
export const DEFAULT_ROOM_SETTINGS: RoomSettings = { bots: [], hints: false, takeOverAfterSec: null };

/**
 * Why `bots` cannot be the bot seats of a new room of this family and options, or null.
 * Every seat may be a bot (a room that plays itself, e.g. to show a game); people can watch it.
 */
export function botSeatsProblem(familyId: string, options: unknown, bots: readonly Seat[]): string | null {
  const family = getFamily(familyId);
  if (!family) return `unknown family ${familyId}`;
  const seats = family.seatCount(family.optionsSchema.parse(options));
  const wrong = bots.find((b) => b >= seats);
  if (wrong !== undefined) return `bots: this table has seats 0 to ${seats - 1}; there is no seat ${wrong}`;
  const twice = bots.find((b, i) => bots.indexOf(b) !== i);
  if (twice !== undefined) return `bots: seat ${twice} is listed twice`;
  return null;
}

/** Why a creator who asked to sit cannot: bots play every seat. */
export const NO_SEAT_TO_SIT = 'sit: bots play every seat of this table; leave sit out to watch it';

/** The seat a creator who plays takes (`creatorSeat` of the protocol), or null for an unknown family too. */
export function creatorSeatOf(familyId: string, options: unknown, bots: readonly Seat[]): Seat | null {
  const family = getFamily(familyId);
  return family ? creatorSeat(family.seatCount(family.optionsSchema.parse(options)), bots) : null;
}

/** What a subscriber of the room service hears; each hook runs inside the room's queue and must not wait on it. */
export interface RoomHooks {
  /** after every committed change, in commit order per room */
  onChange: (room: LiveRoom) => void;
  /** a rematch has begun (before its first onChange): every socket of the room must join again */
  onRematch?: (room: LiveRoom) => void;
  /** a room came into memory (created, or loaded from its log) */
  onLoad?: (room: LiveRoom) => void;
}

/**
 * Works a hint out off the event loop (the solver's worker threads), or undefined where it cannot
 * (a family the workers do not know): the service then works it out itself.
 */
export type HintSource = (familyId: string, view: unknown, seat: Seat) => Promise<Hint | undefined>;

export const SEALED = (): ErrorReply =>
  fault(
    'ROOM_SEALED',
    'This room plays one match with its seats fixed (the Code of the day): no rematch, no leaving, no watching.',
  );

const CLOSED = (): ErrorReply =>
  fault('DAILY_CLOSED', 'This Code of the day has been revealed: its room takes no move any more.');

/**
 * The authority over rooms: every change goes through here, one at a time per
 * room, and is committed to the store before memory changes or anyone is told.
 */
export class RoomService {
  private readonly live = new Map<string, LiveRoom>();
  private readonly queue = new SerialQueue();
  private readonly away = new AwayClocks();
  /** rooms someone left, and the check that drops them from memory if nobody is there by then */
  private readonly idle = new Map<string, NodeJS.Timeout>();

  private readonly listeners = new Set<RoomHooks>();
  /** rooms whose memory may be behind their log (an append of unknown outcome), and the read that will settle it */
  private readonly rereads = new Map<string, NodeJS.Timeout>();
  /** per room, the refresh queued and not yet started, which later callers share */
  private readonly waitingRefresh = new Map<string, Promise<LiveRoom | null>>();
  private readonly now: () => Date;
  private readonly thinkHint: HintSource | undefined;

  constructor(
    private readonly store: RoomStorage,
    /**
     * `secondMs`: the length of one second of every room timer (SECOND_MS); `idleMs`: how long a
     * room nobody is in stays in memory (ROOM_IDLE_MS)
     */
    private readonly timers: { secondMs: number; idleMs?: number } = { secondMs: 1000 },
    /** `now`: the clock that closes a Code of the day's room at its puzzle's reveal (tests set it) */
    policy: { now?: () => Date; hint?: HintSource } = {},
  ) {
    this.now = policy.now ?? (() => new Date());
    this.thinkHint = policy.hint;
  }

  /**
   * A Code of the day's room once its puzzle is revealed (the code is public then): it takes no
   * move, no seat and no name any more, so an attempt still open can never be won after the reveal.
   */
  private closed(room: LiveRoom): ErrorReply | null {
    return room.daily !== null && isRevealed(room.daily, this.now()) ? CLOSED() : null;
  }

  /** Hears every room's changes from now on (each hook in the room's queue); returns how to stop. */
  subscribe(hooks: RoomHooks): () => void {
    this.listeners.add(hooks);
    return () => this.listeners.delete(hooks);
  }

  private onChange(room: LiveRoom): void {
    for (const l of this.listeners) l.onChange(room);
  }
  private onRematch(room: LiveRoom): void {
    for (const l of this.listeners) l.onRematch?.(room);
  }
  private onLoad(room: LiveRoom): void {
    for (const l of this.listeners) l.onLoad?.(room);
  }

  /**
   * `creatorDeviceId`: the hash of the creating device's token; that device may change the room's settings.
   * `settings.bots` must pass `botSeatsProblem` (a RangeError otherwise). With `sit`, the creator takes
   * the first seat no bot plays (`creatorSeatOf`; a RangeError when there is none) under `sit.name` or
   * "Player A", before the room's id leaves this call: nobody sees the room without them seated.
   * `made`: a room whose id its maker chose beforehand (so that a crash before the room exists can be
   * repaired by making it again: the second make of one id fails), and whose seed it chose (a house
   * seed naming the code), and `daily`: the Code of the day's puzzle number it plays (a sealed room).
   */
  async create(
    familyId: string,
    options: unknown,
    creatorDeviceId: string | null = null,
    settings: RoomSettings = DEFAULT_ROOM_SETTINGS,
    sit?: { name?: string | undefined },
    made: { roomId?: string; seed?: string; daily?: number } = {},
  ): Promise<{ room: LiveRoom; seated: CreatorSeat | null }> {
    const family = getFamily(familyId);
    if (!family) throw new Error(`unknown family ${familyId}`);
    const problem = botSeatsProblem(familyId, options, settings.bots);
    if (problem) throw new RangeError(problem);
    const seat = sit ? creatorSeatOf(familyId, options, settings.bots) : null;
    if (sit && seat === null) throw new RangeError(NO_SEAT_TO_SIT);
    const roomId = made.roomId ?? newRoomId();
    await this.store.createRoom({
      roomId,
      family: familyId,
      options,
      seatCount: family.seatCount(options),
      matchId: newMatchId(),
      seed: made.seed ?? newSeed(),
      salt: newSalt(),
      creatorDeviceId,
      bots: namedBots(settings.bots),
      botStrength: settings.botStrength,
      hints: settings.hints,
      takeOverAfterSec: settings.takeOverAfterSec,
      turnSeconds: settings.turnSeconds ?? null,
      daily: made.daily ?? null,
    });
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) throw new Error(`room ${roomId} vanished after creation`);
      if (seat === null) return { room, seated: null };
      const claimed = await this.seatIn(room, seat, sit?.name ?? defaultSeatName(seat), creatorDeviceId);
      // nobody else knows the room's id yet: its seat cannot have been taken
      if (!claimed.ok) throw new Error(`the creator of room ${roomId} could not sit: ${claimed.code}`);
      this.onChange(room);
      return { room, seated: { seat, name: claimed.name, seatToken: claimed.seatToken } };
    });
  }

  /** The room, loaded from its log on first use (after a restart, too). Null if unknown. */
  get(roomId: string): Promise<LiveRoom | null> {
    return this.queue.run(roomId, () => this.load(roomId));
  }

  /** The player a device belongs to; null for a device never seen. */
  playerOfDevice(deviceId: string): Promise<string | null> {
    return this.store.playerOfDevice(deviceId);
  }

  /** Rooms held in memory now (a gauge of /metrics). */
  get loadedCount(): number {
    return this.live.size;
  }

  /** The room if it is in memory, without touching the store. */
  cached(roomId: string): LiveRoom | undefined {
    return this.live.get(roomId);
  }

  /**
   * Catches a cached room up with the seats, actions (or a rematch) another server may have committed.
   * Callers that arrive while a refresh of the room waits its turn share it: it has not read the
   * store yet, so it sees whatever they would. A crowd re-joining one room thus costs one read at a
   * time, not one per join queued ahead of the players' moves (issue: join amplification).
   */
  refresh(roomId: string): Promise<LiveRoom | null> {
    const waiting = this.waitingRefresh.get(roomId);
    if (waiting) return waiting;
    const refreshed = this.queue.run(roomId, async () => {
      // Reading from now on: a caller after this point may have seen a later commit, and waits for the next one.
      this.waitingRefresh.delete(roomId);
      let room = await this.load(roomId);
      if (!room) return null;
      const current = await this.store.currentMatchId(roomId);
      if (current !== null && current !== room.matchId) room = await this.reload(room);
      if (room) {
        // A seat claimed, handed to a bot or given back on another server: without this, its token would be unknown here.
        room.replaceSeats(await this.store.loadSeats(roomId));
        await this.catchUp(room);
      }
      return room;
    });
    this.waitingRefresh.set(roomId, refreshed);
    return refreshed;
  }

  /**
   * A room whose seats or creator changed in the store outside this service ("Delete me"): a cached
   * copy is read again (it would still know the old tokens and creator), and the change is announced.
   */
  changedInStore(roomId: string): Promise<void> {
    return this.queue.run(roomId, async () => {
      const cached = this.live.get(roomId);
      const room = cached ? await this.reload(cached) : await this.load(roomId);
      if (!room) return;
      await this.catchUp(room);
      this.onChange(room);
    });
  }

  /** Drops a room from memory (between two operations on it); its log brings it back. */
  forget(roomId: string): Promise<void> {
    return this.queue.run(roomId, async () => {
      this.live.delete(roomId);
    });
  }

  /**
   * A person takes the free seat `seat`, under `asked` or, if another seat shows a name that looks
   * the same, `asked` numbered (seat-names.ts). `seatSocket` is the transport's part of the change, done
   * after the commit and before the change is announced (in the room's queue; it must not wait on
   * it): the claiming socket moves to the seat's channel, so the one broadcast of the claim reaches it.
   * `token`: the seat token, when the seat's maker derives it (the Code of the day's); else a random one.
   */
  async claim(
    roomId: string,
    seat: Seat,
    asked: string,
    deviceId: string | null,
    seatSocket: (seat: Seat, matchId: string) => Promise<void> | void = () => {},
    token: string = newSeatToken(),
  ): Promise<ClaimReply | ErrorReply> {
    return this.withRoom(roomId, null, async (room) => {
      const closed = this.closed(room);
      if (closed) return closed;
      const claimed = await this.seatIn(room, seat, asked, deviceId, token);
      if (!claimed.ok) return claimed;
      await seatSocket(seat, room.matchId);
      this.onChange(room);
      return { ok: true, seat, seatToken: claimed.seatToken };
    });
  }

  /** A person takes the free seat `seat` of `room` (in its queue), committed before memory changes; nothing is announced. */
  private async seatIn(
    room: LiveRoom,
    seat: Seat,
    asked: string,
    deviceId: string | null,
    token: string = newSeatToken(),
  ): Promise<{ ok: true; name: string; seatToken: string } | ErrorReply> {
    const current = room.seats.find((s) => s.index === seat);
    if (!current) return fault('NO_SUCH_SEAT', `This table has seats 0 to ${room.seats.length - 1}.`);
    if (current.tokenHash !== null || current.bot) return fault('SEAT_TAKEN', 'Someone already sits there.');
    const name = seatNameIn(room, seat, asked);
    const tokenHash = hashToken(token);
    const playerId = deviceId ? await this.store.ensurePlayer(deviceId, { name }) : null;
    const won = await this.store.claimSeat(room.id, seat, { name, tokenHash, deviceId, playerId });
    if (!won) {
      // another server seated someone first: learn who
      const fresh = await this.store.loadRoom(room.id);
      if (fresh) room.replaceSeats(fresh.seats);
      return fault('SEAT_TAKEN', 'Someone already sits there.');
    }
    room.seatPerson(seat, { name, tokenHash, deviceId, playerId }, await this.claimedAt(room.id, seat));
    return { ok: true, name, seatToken: token };
  }

  /**
   * The person holding `seat` shows `asked` from now on, numbered if another seat shows a name
   * that looks the same (seat-names.ts): a creator seated as "Player A" gives their own name.
   * `matchId`: the match the socket got its seat in (null: not checked).
   */
  async rename(roomId: string, seat: Seat, asked: string, matchId: string | null = null): Promise<RenameReply | ErrorReply> {
    return this.withRoom(roomId, matchId, async (room) => {
      const closed = this.closed(room);
      if (closed) return closed;
      const current = room.seats.find((s) => s.index === seat);
      if (!current?.tokenHash) return fault('NOT_SEATED', 'You do not sit at this table.');
      const name = seatNameIn(room, seat, asked);
      if (name === current.name) return { ok: true, name };
      if (!(await this.store.renameSeat(roomId, seat, current.tokenHash, name))) {
        return fault('NOT_SEATED', 'You do not sit at this table.');
      }
      room.renameSeat(seat, name);
      this.onChange(room);
      return { ok: true, name };
    });
  }

  /** `matchId`: the match the socket got its seat in (null: not checked). */
  async leave(roomId: string, seat: Seat, matchId: string | null = null): Promise<LeaveReply | ErrorReply> {
    return this.withRoom(roomId, matchId, async (room) => {
      if (room.daily !== null) return SEALED();
      await this.catchUp(room);
      if (room.seq > 0) return fault('MATCH_STARTED', 'The match has begun: the seat cannot be given up now.');
      const current = room.seats.find((s) => s.index === seat);
      if (!current?.tokenHash) return fault('NOT_SEATED', 'This seat is free already.');
      await this.store.releaseSeat(roomId, seat, current.tokenHash);
      room.freeSeat(seat);
      this.onChange(room);
      return { ok: true };
    });
  }

  /**
   * `matchId`: the match the socket got its seat in (null: not checked). `by.bot`: a bot's move,
   * refused unless a bot still plays the seat (its person may have come back meanwhile);
   * `by.timeout`: the turn timer's. A person's move may carry neither a server-only action nor
   * an actionId of the server's own (`refusedFromPeople`).
   */
  async act(
    roomId: string,
    seat: Seat,
    msg: ParsedClientMessage<'match:act'>,
    matchId: string | null = null,
    by: { bot?: boolean; timeout?: boolean } = {},
  ): Promise<ActReply | ErrorReply> {
    const refused = refusedFromPeople(msg, by);
    if (refused) return refused;
    return this.withRoom(roomId, matchId, async (room) => {
      // Judged in the room's queue, so no move queued before the reveal is accepted after it.
      const closed = this.closed(room);
      if (closed) return closed;
      const before = room.seq;
      const reply = await this.judge(room, seat, msg, by);
      // Refused after the log moved memory on: what was read may be news to the room's sockets
      // (an action of ours stored unacknowledged, or one whose announcement was lost), so tell them.
      if (!reply.ok && room.seq !== before) this.onChange(room);
      return reply;
    });
  }

  /** The body of `act`, in the room's queue: judged against memory, appended, then memory moves. */
  private async judge(
    room: LiveRoom,
    seat: Seat,
    msg: ParsedClientMessage<'match:act'>,
    by: { bot?: boolean; timeout?: boolean },
  ): Promise<ActReply | ErrorReply> {
    const roomId = room.id;
    if (by.bot) {
      // Seats may have changed on another server (a person back): read them, not memory.
      room.replaceSeats(await this.store.loadSeats(roomId));
      if (!room.isBot(seat)) return fault('NOT_SEATED', 'No bot plays this seat now.');
    }
    const parsed = room.family.actionSchema.safeParse(msg.action);
    if (!parsed.success) return fault('INVALID_ACTION', `Not an action of this game: ${describeIssues(parsed.error)}`);
    // Memory is trusted first: one write per action. The log is read only when memory may be
    // behind another server process: the append lost its seq, or the action was refused (by the
    // rules, or for a seq ahead of ours) in a way a fresher state might accept.
    let fresh = false;
    const catchUpOnce = async (): Promise<boolean> => {
      if (fresh) return false;
      fresh = true;
      return this.catchUp(room);
    };
    for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
      const seen = room.acceptedSeq(msg.actionId);
      if (seen !== undefined) {
        return fault('DUPLICATE_ACTION', 'This action was already played.', { seq: seen });
      }
      if (msg.expectSeq !== undefined && msg.expectSeq !== room.seq) {
        if (msg.expectSeq > room.seq && (await catchUpOnce())) continue;
        return fault('STALE_SEQ', `The match has moved on (now at ${room.seq}): catch up and try again.`, {
          seq: room.seq,
        });
      }
      const next = room.family.apply(room.state, seat, parsed.data);
      if (!next.ok) {
        if (await catchUpOnce()) continue;
        return fault(next.error.code, next.error.message);
      }
      const seq = room.seq + 1;
      // A secret is committed to with a salt of its own, published only once the match is over.
      const salt = secretOf(parsed.data) ? newSalt() : null;
      let outcome;
      try {
        outcome = await this.store.appendAction(room.matchId, { seq, seat, actionId: msg.actionId, payload: parsed.data, salt });
      } catch (err) {
        if (!mayHaveCommitted(err)) throw err;
        // Perhaps stored: memory must not go on without reading the log (see withRoom), and the
        // sender must not hear "nothing was changed". A resend with the same actionId is safe.
        room.markUnsure();
        this.rereadLater(roomId);
        return OUTCOME_UNKNOWN();
      }
      if (outcome.ok) {
        room.accept(seq, seat, msg.actionId, parsed.data, next.state, salt);
        await this.recordFinish(room);
        this.onChange(room);
        return { ok: true, seq };
      }
      if (outcome.reason === 'duplicate') {
        // Stored earlier, past what memory knows (an append of ours whose answer was lost): read up to it.
        if (outcome.seq > room.seq) await this.catchUp(room);
        return fault('DUPLICATE_ACTION', 'This action was already played.', { seq: outcome.seq });
      }
      // Another server appended this seq first: fold what it wrote and judge the action again.
      fresh = true;
      await this.catchUp(room);
    }
    return fault('STALE_SEQ', 'The match is busy: try again.', { seq: room.seq });
  }

  /** The creator's device turns spectating on or off. */
  async setSpectators(roomId: string, deviceId: string | null, on: boolean): Promise<SettingsReply | ErrorReply> {
    return this.withRoom(roomId, null, async (room) => {
      if (!room.isCreator(deviceId))
        return fault('NOT_CREATOR', 'Only the device that created this room may change its settings.');
      await this.store.setSpectators(roomId, on);
      room.setSpectating(on);
      this.onChange(room);
      return { ok: true };
    });
  }

  /** Watchers no longer see the match (a room made private by the server, not by its creator). */
  async closeToSpectators(roomId: string): Promise<LiveRoom | null> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room?.spectating) return room;
      await this.store.setSpectators(roomId, false);
      room.setSpectating(false);
      this.onChange(room);
      return room;
    });
  }

  /** The creator's device seats a bot in a free seat. */
  async seatBot(
    roomId: string,
    deviceId: string | null,
    seat: Seat,
    strength: BotStrength = DEFAULT_BOT_STRENGTH,
  ): Promise<BotReply | ErrorReply> {
    return this.withRoom(roomId, null, async (room) => {
      if (!room.isCreator(deviceId)) return fault('NOT_CREATOR', 'Only the device that created this room may seat a bot.');
      const current = room.seats.find((s) => s.index === seat);
      if (!current) return fault('NO_SUCH_SEAT', `This table has seats 0 to ${room.seats.length - 1}.`);
      if (current.tokenHash !== null || current.bot) return fault('SEAT_TAKEN', 'Someone already sits there.');
      if (!(await this.store.seatBot(roomId, seat, { name: botName(seat), strength }))) {
        // another server seated someone first: learn who
        const fresh = await this.store.loadRoom(roomId);
        if (fresh) room.replaceSeats(fresh.seats);
        return fault('SEAT_TAKEN', 'Someone already sits there.');
      }
      room.seatBot(seat, strength, await this.claimedAt(roomId, seat));
      this.onChange(room);
      return { ok: true };
    });
  }

  /**
   * Someone left the room (whoever sees the sockets says so): once the idle time has passed, the
   * room leaves memory if `presence` then finds nobody in it (null: unknown, it stays). Its log
   * brings it back on demand. Each departure starts the wait again.
   */
  vacated(roomId: string, presence: () => Promise<Presence | null>): void {
    clearTimeout(this.idle.get(roomId));
    this.idle.set(
      roomId,
      setTimeout(() => {
        this.idle.delete(roomId);
        void presence().then((now) => {
          if (now !== null && now.connected.size === 0 && now.spectators === 0) return this.forget(roomId);
        });
      }, this.timers.idleMs ?? DEFAULT_IDLE_MS).unref(),
    );
  }

  /** Whoever sees the sockets says who is connected: it starts or stops the away clocks of takeovers. */
  notePresence(room: LiveRoom, connected: ReadonlySet<Seat>, now = Date.now()): void {
    this.away.note(room, connected, now);
  }

  /**
   * A seated player hands `seat` to a bot: allowed when the room says after how long, and its
   * person has had no socket in the seat (on any server: `connected` asks the adapter) for at
   * least that long by this server's away clock. `secondMs`: the length of one of those seconds.
   */
  async takeOver(
    roomId: string,
    bySeat: Seat,
    seat: Seat,
    matchId: string | null,
    connected: () => Promise<ReadonlySet<Seat>>,
    secondMs: number,
  ): Promise<BotReply | ErrorReply> {
    return this.withRoom(roomId, matchId, async (room) => {
      if (!room.peopleSeats().includes(bySeat))
        return fault('NOT_SEATED', 'Only a player at this table may hand a seat to a bot.');
      const after = room.takeOverAfterSec;
      if (after === null) return fault('NOT_AWAY', 'This room never hands a seat to a bot.');
      const current = room.seats.find((s) => s.index === seat);
      if (!current) return fault('NO_SUCH_SEAT', `This table has seats 0 to ${room.seats.length - 1}.`);
      if (current.tokenHash === null || current.bot) {
        return fault('NOT_AWAY', current.bot ? 'A bot plays that seat already.' : 'Nobody holds that seat: it is free.');
      }
      // Presence is read inside the queue: a person joining again at this moment either is seen here, or gets the seat back right after.
      const now = Date.now();
      const present = await connected();
      this.away.note(room, present, now);
      if (present.has(seat)) return fault('NOT_AWAY', 'The player of that seat is here.');
      const away = this.away.awayFor(room, seat, now);
      if (away < after * secondMs) {
        const seconds = Math.floor(away / secondMs);
        return fault('NOT_AWAY', `The player of that seat has been away ${seconds} s; the room waits ${after} s.`);
      }
      if (!(await this.store.takeOverSeat(roomId, seat, current.tokenHash, DEFAULT_BOT_STRENGTH))) {
        const fresh = await this.store.loadRoom(roomId);
        if (fresh) room.replaceSeats(fresh.seats);
        return fault('NOT_AWAY', 'That seat changed meanwhile.');
      }
      room.handToBot(seat);
      this.onChange(room);
      return { ok: true };
    });
  }

  /**
   * The person holding `seat` (by its token's hash) is back: a bot that played for them stops.
   * `announced`: the seat changed hands and the change was announced (`onChange`).
   */
  async reclaim(roomId: string, seat: Seat, tokenHash: string): Promise<{ room: LiveRoom; announced: boolean } | null> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return null;
      const current = room.seats.find((s) => s.index === seat);
      if (current?.tokenHash !== tokenHash) return { room, announced: false };
      // Asked of the database whatever memory says: the takeover may have happened on another server.
      const gotBack = await this.store.reclaimSeat(roomId, seat, tokenHash);
      if (!gotBack && !current.takenOver) return { room, announced: false };
      room.replaceSeats(await this.store.loadSeats(roomId));
      this.onChange(room);
      return { room, announced: true };
    });
  }

  /**
   * The solver's suggestion for `seat`, from that seat's own view, in a room with hints on. It is
   * worked out outside the room's queue (the state it reads is never mutated), on a worker thread
   * when the service has them (`policy.hint`), and remembered per seat and seq, so asking again costs nothing.
   */
  async hint(roomId: string, seat: Seat | null, matchId: string | null = null): Promise<HintReply | ErrorReply> {
    const checked = await this.withRoom(roomId, null, async (room) => {
      if (!room.hints) return fault('HINTS_OFF', 'This room was created without hints.');
      if (seat === null) return fault('NOT_SEATED', 'Only the players get hints.');
      const moved = seatMoved(room, matchId);
      if (moved) return moved;
      await this.catchUp(room);
      return {
        room,
        seat,
        key: `${room.matchId}:${room.seq}:${seat}`,
        view: room.family.view(room.state, seat) as unknown,
        family: room.family,
      };
    });
    if ('ok' in checked) return checked;
    const memo = checked.room.hintAt(checked.key);
    if (memo) return memo;
    const hint =
      (await this.thinkHint?.(checked.family.id, checked.view, checked.seat).catch(() => undefined)) ??
      hintFor(checked.family, checked.view, checked.seat);
    const reply: HintReply = { ok: true, code: hint.code, ...(hint.kind ? { kind: hint.kind } : {}), possible: hint.possible };
    checked.room.rememberHint(checked.key, reply);
    return reply;
  }

  /**
   * A seated player's vote for a rematch of the finished match. The last missing vote starts
   * match number + 1 in the same room with the same options, a new seed, and everyone one
   * seat on, so that the first codemaker changes.
   */
  async rematch(roomId: string, seat: Seat, accept: boolean, matchId: string | null = null): Promise<RematchReply | ErrorReply> {
    return this.withRoom(roomId, matchId, async (room) => {
      if (room.daily !== null) return SEALED();
      await this.catchUp(room);
      if (!room.status().finished) return fault('MATCH_NOT_FINISHED', 'The match is still being played.');
      const tokenHash = room.seats.find((s) => s.index === seat)?.tokenHash;
      if (!tokenHash) return fault('NOT_SEATED', 'This seat is free.');
      const votes = await this.store.voteRematch(roomId, seat, tokenHash, accept);
      if (votes === null) return fault('MATCH_CHANGED', 'The seats have moved: join the room again.');
      room.setRematchVotes(votes);
      // Bots (their own seats, and seats they play for someone away) always accept.
      const seated = room.peopleSeats();
      if (!seated.every((s) => room.rematchVotes.has(s))) {
        this.onChange(room);
        return { ok: true, started: false };
      }
      // Another server may win this race (the match number is unique); either way the room now has the new match.
      await this.store.startRematch(
        roomId,
        {
          id: newMatchId(),
          number: room.matchNumber + 1,
          family: room.family.id,
          options: room.options,
          seed: newSeed(),
          salt: newSalt(),
        },
        rotateSeats,
      );
      const next = await this.reload(room);
      if (!next) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      this.onRematch(next);
      this.onChange(next);
      return { ok: true, started: true };
    });
  }

  /** Replaces the cached room by what the store holds now (its newest match). */
  private async reload(room: LiveRoom): Promise<LiveRoom | null> {
    this.live.delete(room.id);
    return this.load(room.id);
  }

  /**
   * When `seat` was taken, as the database recorded it: that clock, not this process's, starts the
   * turn timer once the table is full, so every process (and a restart) derives the same deadline.
   */
  private async claimedAt(roomId: string, seat: Seat): Promise<Date> {
    const stored = (await this.store.loadSeats(roomId)).find((s) => s.index === seat);
    return stored?.claimedAt ?? new Date();
  }

  /**
   * Runs `fn` on the room, in the room's queue: ROOM_NOT_FOUND for a room that does not exist, and
   * MATCH_CHANGED when `matchId` (the match a socket got its seat in; null: not checked) is not
   * the room's match any more.
   */
  private withRoom<R>(roomId: string, matchId: string | null, fn: (room: LiveRoom) => Promise<R>): Promise<R | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      // An append of unknown outcome: nothing is judged against memory before the log is read (a
      // failed read throws: UNAVAILABLE, nothing changed, and the room stays unsure).
      if (room.unsure) await this.catchUp(room);
      return seatMoved(room, matchId) ?? fn(room);
    });
  }

  /**
   * Reads the log of a room left unsure by an append of unknown outcome, soon and then less and
   * less often until a read succeeds: the room catches up (and announces what it finds) even if
   * no one acts in it here again. Ends when the room has left memory (it is loaded from the log),
   * or after REREAD_TRIES (its next operation still reads first).
   */
  private rereadLater(roomId: string, waitMs = REREAD_FIRST_MS, tries = 1): void {
    if (this.rereads.has(roomId) || tries > REREAD_TRIES) return;
    const timer = setTimeout(() => {
      void this.queue
        .run(roomId, async () => {
          const room = this.live.get(roomId);
          if (room?.unsure) await this.catchUp(room);
        })
        .then(
          () => this.rereads.delete(roomId),
          () => {
            this.rereads.delete(roomId);
            this.rereadLater(roomId, Math.min(REREAD_MAX_MS, waitMs * 2), tries + 1);
          },
        );
    }, waitMs).unref();
    this.rereads.set(roomId, timer);
  }

  private async load(roomId: string): Promise<LiveRoom | null> {
    const cached = this.live.get(roomId);
    if (cached) return cached;
    const stored = await this.store.loadRoom(roomId);
    if (!stored) return null;
    const room = new LiveRoom(stored, this.timers.secondMs);
    this.live.set(roomId, room);
    this.onLoad(room);
    return room;
  }

  /** Folds what the log holds past memory; whether memory moved. */
  private async catchUp(room: LiveRoom): Promise<boolean> {
    const unsure = room.unsure;
    const before = room.seq;
    const newer = await this.store.actionsSince(room.matchId, room.seq);
    room.foldIn(newer);
    await this.recordFinish(room);
    const moved = room.seq !== before;
    // An action of ours stored while its sender heard OUTCOME_UNKNOWN: nobody announced it yet.
    if (unsure && moved) this.onChange(room);
    return moved;
  }

  /** The result column is derivable from the log; it is kept for listing matches without folding. */
  private async recordFinish(room: LiveRoom): Promise<void> {
    const status = room.status();
    if (!status.finished || room.finishedRecorded) return;
    await this.store.finishMatch(room.matchId, { winners: status.winners, draw: status.draw, scores: status.scores });
    room.markFinishRecorded();
  }
}
