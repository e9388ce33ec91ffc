// The one front of the rooms: every change of a room goes through here. The work is split by
// concern behind it: the rooms in memory and their queues (room-cache.ts), making rooms
// (create-commands.ts), who sits where (seat-commands.ts), what is played (match-commands.ts), a
// simultaneous start (start-commands.ts), challenges (challenge-commands.ts) and the room's
// settings (room-settings.ts). Each method's comment here is its contract.
import type {
  ActReply,
  BotReply,
  ClaimReply,
  ChallengeStatus,
  ErrorReply,
  HintReply,
  LeaveReply,
  ParsedClientMessage,
  ReadyReply,
  RematchReply,
  AnotherReply,
  RenameReply,
  SettingsReply,
} from '@mm/protocol';
import { DEFAULT_BOT_STRENGTH, type BotStrength, type Seat } from '@mm/rules';
import type { NewChallenge, RoomStorage } from '../db/store';
import type { Principal } from '../security/principal';
import { newSeatToken } from '../security/tokens';
import type { LiveRoom } from './live-room';
import { ChallengeCommands } from './challenge-commands';
import { CreateCommands, type Created, type MadeRoom } from './create-commands';
import { MatchCommands, type HintSource, type MoveBy } from './match-commands';
import type { Absence, Presence } from './presence';
import { RoomCache, type RoomHooks, type RoomTimers } from './room-cache';
import { DEFAULT_ROOM_SETTINGS, SettingsCommands, type RoomSettings } from './room-settings';
import { SeatCommands, type Holder, type Joined, type Joiner, type JoinTransport } from './seat-commands';
import { StartCommands } from './start-commands';

export type { HintSource } from './match-commands';
export type { RoomHooks } from './room-cache';
export { DEFAULT_ROOM_SETTINGS, type RoomSettings } from './room-settings';

export type { Created } from './create-commands';
export { SEALED, type Joined, type JoinTransport } from './seat-commands';

/**
 * The authority over rooms: every change goes through here, one at a time per
 * room, and is committed to the store before memory changes or anyone is told.
 */
export class RoomService {
  private readonly cache: RoomCache;
  private readonly seats: SeatCommands;
  private readonly matches: MatchCommands;
  private readonly settings: SettingsCommands;
  private readonly challenges: ChallengeCommands;
  private readonly starts: StartCommands;
  private readonly creates: CreateCommands;

  constructor(
    private readonly store: RoomStorage,
    /**
     * `secondMs`: the length of one second of every room timer (SECOND_MS); `idleMs`: how long a
     * room nobody is in stays in memory (ROOM_IDLE_MS)
     */
    timers: RoomTimers = { secondMs: 1000 },
    /** `now`: the clock that closes a Code of the day's room at its puzzle's reveal (tests set it) */
    policy: { now?: () => Date; hint?: HintSource } = {},
  ) {
    const now = policy.now ?? (() => new Date());
    this.cache = new RoomCache(store, timers);
    this.seats = new SeatCommands(this.cache, store, now);
    this.matches = new MatchCommands(this.cache, store, now, policy.hint);
    this.settings = new SettingsCommands(this.cache, store);
    this.challenges = new ChallengeCommands(this.cache, store, this.seats, now);
    this.starts = new StartCommands(this.cache, store);
    this.creates = new CreateCommands(this.cache, store, this.seats, this.settings);
  }

  /** Hears every room's changes from now on (each hook in the room's queue); returns how to stop. */
  subscribe(hooks: RoomHooks): () => void {
    return this.cache.subscribe(hooks);
  }

  /**
   * `creator`: who makes the room (the request's principal); their player, made if the device has none,
   * becomes the room's creator, and every device of theirs may change its settings.
   * `settings.bots` must pass `botSeatsProblem` (BAD_REQUEST otherwise, and nothing is made). With `sit`, the creator takes
   * the first seat no bot plays (`creatorSeatOf`; BAD_REQUEST when there is none) under `sit.name` or
   * "Player A", before the room's id leaves this call: nobody sees the room without them seated.
   * `made`: a room whose id its maker chose beforehand (so that a crash before the room exists can be
   * repaired by making it again: the second make of one id fails), and whose seed it chose (a house
   * seed naming the code), and `daily`: the Code of the day's puzzle number it plays (a sealed room).
   */
  create(
    familyId: string,
    options: unknown,
    creator: Principal | null = null,
    settings: RoomSettings = DEFAULT_ROOM_SETTINGS,
    sit?: { name?: string | undefined },
    made: MadeRoom = {},
  ): Promise<Created | ErrorReply> {
    return this.creates.create(familyId, options, creator, settings, sit, made);
  }

  /**
   * A sealed room of one player (the Code of the day's attempt): made if it is not yet (`made`: its
   * id, seed and puzzle number, chosen by its maker), closed to watchers, and its one seat taken by
   * the player under `seatToken` if nobody holds it. Each step is idempotent, so a call after a crash
   * between two of them finishes the job; a second make of one id fails and finds the first. The
   * seat taken is the service's choice (the creator's seat); a claim refused is one this same player
   * won meanwhile on another process.
   */
  openSealed(
    made: { roomId: string; familyId: string; options: unknown; seed: string; daily: number },
    player: { deviceId: string; name: () => Promise<string> },
    seatToken: string,
  ): Promise<{ room: LiveRoom; seat: Seat }> {
    return this.creates.openSealed(made, player, seatToken);
  }

  /** The room, loaded from its log on first use (after a restart, too). Null if unknown. */
  get(roomId: string): Promise<LiveRoom | null> {
    return this.cache.run(roomId, () => this.cache.load(roomId));
  }

  /** The player a device belongs to; null for a device never seen (a socket's principal: socket/principals.ts). */
  playerOfDevice(deviceId: string): Promise<string | null> {
    return this.store.playerOfDevice(deviceId);
  }

  /** Rooms held in memory now (a gauge of /metrics). */
  get loadedCount(): number {
    return this.cache.loadedCount;
  }

  /** The room if it is in memory, without touching the store. */
  cached(roomId: string): LiveRoom | undefined {
    return this.cache.cached(roomId);
  }

  /**
   * Catches a cached room up with the seats, actions (or a rematch) another server may have
   * committed; callers waiting for one room share one read (RoomCache.refresh).
   */
  refresh(roomId: string): Promise<LiveRoom | null> {
    return this.cache.refresh(roomId);
  }

  /**
   * A room whose seats or creator changed in the store outside this service ("Delete me"): a cached
   * copy is read again (it would still know the old tokens and creator), and the change is announced.
   */
  changedInStore(roomId: string): Promise<void> {
    return this.cache.changedInStore(roomId);
  }

  /**
   * A player deleted themselves ("Delete me"; `deviceIds`: their devices): in the room's queue,
   * each seat they hold goes to a bot of its own while the match runs in a room that allows
   * takeovers, and is freed otherwise; the room is read again (they may have made it) and the
   * change announced. The one place a deletion changes seats; idempotent, so every process that
   * holds the room may apply it.
   */
  playerDeleted(roomId: string, who: { playerId: string; deviceIds: readonly string[] }): Promise<void> {
    return this.seats.playerDeleted(roomId, who);
  }

  /**
   * Two players became one (identity/merge.ts recorded it): in the room's queue, every seat `from`
   * holds there is `into`'s, and so is the room if `from` made it, in the store and in memory, and
   * the change is announced. Idempotent, so every process that holds the room may apply it.
   */
  playerMerged(roomId: string, merge: { from: string; into: string }): Promise<void> {
    return this.seats.playerMerged(roomId, merge);
  }

  /**
   * Applies every merge whose seats have yet to follow (`playerMerged`, room by room; `told` hears
   * each room done, for the other processes' copies), then forgets it: after each merge, and at
   * start-up for one a crash cut short.
   */
  settleMerges(told: (roomId: string, merge: { from: string; into: string }) => void): Promise<void> {
    return this.seats.settleMerges(told);
  }

  /** Drops a room from memory (between two operations on it); its log brings it back. */
  forget(roomId: string): Promise<void> {
    return this.cache.forget(roomId);
  }

  /**
   * A socket joins the room as `who` (a device and, if known, its player; the player is read when
   * not given) with `seatToken`, if it has one: the service decides the seat it holds (by token, or
   * the seat its player holds), refuses a token of another player's seat (BAD_TOKEN) and a watcher of
   * a sealed room, takes `transport.claim`'s free seat for a joiner who holds none, has the transport
   * move the socket in (`transport.enter`), and gives back a seat a bot played while its person was
   * away. The transport only moves sockets into channels.
   */
  join(roomId: string, who: Joiner, seatToken: string | null, transport: JoinTransport): Promise<Joined | ErrorReply> {
    return this.seats.join(roomId, who, seatToken, transport);
  }

  /**
   * The room from this process's memory when a join would change nothing: the joiner (`who`) still
   * holds `seat` (null: watching, no seat held) in the room's current match `matchId`, and no bot
   * plays it for them. Null otherwise: the join must go the whole way (`join`). Reads nothing.
   */
  stillHeld(roomId: string, matchId: string, who: Holder, seat: Seat | null): LiveRoom | null {
    return this.seats.stillHeld(roomId, matchId, who, seat);
  }

  /**
   * A person takes the free seat `seat`, under `asked` or, if another seat shows a name that looks
   * the same, `asked` numbered (seat-names.ts). `seatSocket` is the transport's part of the change, done
   * after the commit and before the change is announced (in the room's queue; it must not wait on
   * it): the claiming socket moves to the seat's channel, so the one broadcast of the claim reaches it.
   * `token`: the seat token, when the seat's maker derives it (the Code of the day's); else a random one.
   */
  claim(
    roomId: string,
    seat: Seat,
    asked: string,
    deviceId: string | null,
    seatSocket: (seat: Seat, matchId: string) => Promise<void> | void = () => {},
    token: string = newSeatToken(),
  ): Promise<ClaimReply | ErrorReply> {
    return this.seats.claim(roomId, seat, asked, deviceId, seatSocket, token);
  }

  /**
   * The person holding `seat` shows `asked` from now on, numbered if another seat shows a name
   * that looks the same (seat-names.ts): a creator seated as "Player A" gives their own name.
   * `matchId`: the match the socket got its seat in (null: not checked).
   */
  rename(roomId: string, seat: Seat, asked: string, matchId: string | null = null): Promise<RenameReply | ErrorReply> {
    return this.seats.rename(roomId, seat, asked, matchId);
  }

  /** `matchId`: the match the socket got its seat in (null: not checked). */
  leave(roomId: string, seat: Seat, matchId: string | null = null): Promise<LeaveReply | ErrorReply> {
    return this.seats.leave(roomId, seat, matchId);
  }

  /**
   * `matchId`: the match the socket got its seat in (null: not checked). `by.bot`: a bot's move,
   * refused unless a bot still plays the seat (its person may have come back meanwhile);
   * `by.timeout`: the turn timer's. A person's move may carry neither a server-only action nor
   * an actionId of the server's own.
   */
  act(
    roomId: string,
    seat: Seat,
    msg: ParsedClientMessage<'match:act'>,
    matchId: string | null = null,
    by: MoveBy = {},
  ): Promise<ActReply | ErrorReply> {
    return this.matches.act(roomId, seat, msg, matchId, by);
  }

  /**
   * The person holding `seat` is ready (or not any more) for a simultaneous start: once every seat
   * is taken and every person ready, the countdown runs (`startsAt`), and `openMatch` opens the
   * match when it ends. `matchId`: the match the socket got its seat in (null: not checked).
   */
  ready(roomId: string, seat: Seat, ready: boolean, matchId: string | null = null): Promise<ReadyReply | ErrorReply> {
    return this.starts.ready(roomId, seat, ready, matchId);
  }

  /**
   * The countdown of `matchId` has ended: the match opens if everyone is still ready (the start
   * duty's call, duties/start-duty.ts). True only for the one call that opened it.
   */
  openMatch(roomId: string, matchId: string): Promise<boolean> {
    return this.starts.open(roomId, matchId);
  }

  /** The creator (a device of the player who made the room) turns spectating on or off. */
  setSpectators(roomId: string, playerId: string | null, on: boolean): Promise<SettingsReply | ErrorReply> {
    return this.settings.setSpectators(roomId, playerId, on);
  }

  /** Watchers no longer see the match (a room made private by the server, not by its creator). */
  closeToSpectators(roomId: string): Promise<LiveRoom | null> {
    return this.settings.closeToSpectators(roomId);
  }

  /** The creator (a device of the player who made the room) seats a bot in a free seat. */
  seatBot(
    roomId: string,
    playerId: string | null,
    seat: Seat,
    strength: BotStrength = DEFAULT_BOT_STRENGTH,
  ): Promise<BotReply | ErrorReply> {
    return this.seats.seatBot(roomId, playerId, seat, strength);
  }

  /**
   * Someone left the room (whoever sees the sockets says so): once the idle time has passed, the
   * room leaves memory if `presence` then finds nobody in it (null: unknown, it stays).
   */
  vacated(roomId: string, presence: () => Promise<Presence | null>): void {
    this.cache.vacated(roomId, presence);
  }

  /**
   * A seated player hands `seat` to a bot: allowed when the room says after how long, and its
   * person has had no socket in the seat (on any server) for at least that long by the away clock
   * of the transport, which `absence` reads (in the room's queue). `secondMs`: the length of one of
   * those seconds.
   */
  takeOver(
    roomId: string,
    bySeat: Seat,
    seat: Seat,
    matchId: string | null,
    absence: (room: LiveRoom) => Promise<Absence>,
    secondMs: number,
  ): Promise<BotReply | ErrorReply> {
    return this.seats.takeOver(roomId, bySeat, seat, matchId, absence, secondMs);
  }

  /**
   * The person holding `seat` (by its token's hash) is back: a bot that played for them stops.
   * `announced`: the seat changed hands and the change was announced (`onChange`).
   */
  reclaim(roomId: string, seat: Seat, tokenHash: string): Promise<{ room: LiveRoom; announced: boolean } | null> {
    return this.seats.reclaim(roomId, seat, tokenHash);
  }

  /**
   * The solver's suggestion for `seat`, from that seat's own view, in a room with hints on. It is
   * worked out outside the room's queue (the state it reads is never mutated), on a worker thread
   * when the service has them (`policy.hint`), and remembered per seat and seq, so asking again costs nothing.
   */
  hint(roomId: string, seat: Seat | null, matchId: string | null = null): Promise<HintReply | ErrorReply> {
    return this.matches.hint(roomId, seat, matchId);
  }

  /**
   * A seated player's vote for a rematch of the finished match. The last missing vote starts
   * match number + 1 in the same room with the same options, a new seed, and everyone one
   * seat on, so that the first codemaker changes.
   */
  rematch(roomId: string, seat: Seat, accept: boolean, matchId: string | null = null): Promise<RematchReply | ErrorReply> {
    return this.matches.rematch(roomId, seat, accept, matchId);
  }

  /**
   * A seated player picks another game (a preset of any family) once the match is over: it starts
   * at once in this room, the people keeping their order in its seats (the rules' `nextSeating`),
   * those without a seat watching. A second pick after it began gets MATCH_CHANGED.
   */
  another(roomId: string, seat: Seat, presetId: string, matchId: string | null = null): Promise<AnotherReply | ErrorReply> {
    return this.matches.another(roomId, seat, presetId, matchId);
  }

  /**
   * A room just made for a challenge (its id known to nobody else yet): its free seat
   * `challenge.seat` is kept for the challenged player until the challenge ends or expires. While
   * kept, a claim of it by anyone else, or a bot seated there, is refused with SEAT_RESERVED.
   */
  keepSeat(challenge: NewChallenge): Promise<{ ok: true; room: LiveRoom } | ErrorReply> {
    return this.challenges.keep(challenge);
  }

  /**
   * The challenged player (`who`: the device answering and its player) takes the kept seat under
   * `name` (null: "Player B", by the seat's letter), and the challenge is accepted: NO_SUCH_CHALLENGE for anyone else, CHALLENGE_OVER once
   * it ended or expired. The device's player holds the seat, so any device of theirs may join it.
   */
  acceptChallenge(
    roomId: string,
    challengeId: string,
    who: { deviceId: string; playerId: string },
    name: string | null,
  ): Promise<{ ok: true; seat: Seat; seatToken: string } | ErrorReply> {
    return this.challenges.accept(roomId, challengeId, who, name);
  }

  /** The challenge is declined, cancelled or expired (an expiry only once its time has passed): the seat is free. */
  endChallenge(
    roomId: string,
    challengeId: string,
    status: Exclude<ChallengeStatus, 'pending' | 'accepted'>,
  ): Promise<{ ok: true } | ErrorReply> {
    return this.challenges.end(roomId, challengeId, status);
  }
}
