import {
  DEFAULT_BOT_STRENGTH,
  getFamily,
  type AnyFamily,
  type BotStrength,
  type MatchStatus,
  type Seat,
  type Viewer,
} from '@mm/rules';
import type { Commitment, HintReply, RoomSummary, Snapshot } from '@mm/protocol';
import { botName } from '../bots/names';
import type { KeptSeat, StoredAction, StoredRoom, StoredSeat } from '../db/store';
import { FoldedMatch } from './folded-match';
import { emptySeat } from './seating';
import { readySeats, type StartGate } from './start-gate';

/**
 * One room held in memory: its seats and settings around its current match, a `FoldedMatch`
 * of the stored log (`seq` is the number of actions folded). Everything is read-only from
 * outside and changes through its own methods, which only RoomService calls, one operation at
 * a time, and only after the database has accepted the change.
 */
export class LiveRoom {
  readonly id: string;
  readonly createdAt: Date;
  #creatorPlayerId: string | null;
  #spectating: boolean;
  /** seated players may ask for hints */
  readonly hints: boolean;
  /** seconds a person must be gone before the others may hand the seat to a bot; null: never */
  readonly takeOverAfterSec: number | null;
  /** the turn timer (seconds per move); null: none */
  readonly turnSeconds: number | null;
  /**
   * A Code of the day's room: the puzzle number its one match plays (null for any other room).
   * Such a room is sealed (one match, its seat fixed, nobody watching) and closes at the puzzle's reveal.
   */
  readonly daily: number | null;
  /** the length of one of those seconds in ms (SECOND_MS: tests shorten it) */
  readonly secondMs: number;
  #seats: StoredSeat[];
  #rematchVotes: Set<Seat>;
  /** the current match; its per-match memo of accepted actionIds goes with it */
  readonly #match: FoldedMatch;
  #finishedRecorded: boolean;
  /** the latest hint given (by seq and seat): asking again at the same point costs nothing */
  #hint: { key: string; reply: HintReply } | null = null;
  /** a room made as a challenge: the seat kept for a friend, and how the challenge stands */
  #challenge: KeptSeat | null;
  /** an append's outcome is unknown (the database went away mid-way): the log is read before anything else is accepted */
  #unsure = false;
  #foldedIn = 0;
  /** a simultaneous start's gate (start-gate.ts); read only where `gated` */
  #start: StartGate;

  constructor(stored: StoredRoom, secondMs = 1000) {
    // The match's family: another game at the same table may play another one than the first.
    const family = getFamily(stored.match.family);
    if (!family) throw new Error(`Room ${stored.id} has an unknown family ${stored.match.family}`);
    this.id = stored.id;
    this.createdAt = stored.createdAt;
    this.#creatorPlayerId = stored.creatorPlayerId;
    this.#spectating = stored.spectators;
    this.hints = stored.hints;
    this.takeOverAfterSec = stored.takeOverAfterSec;
    this.turnSeconds = stored.turnSeconds;
    this.daily = stored.daily;
    this.secondMs = secondMs;
    this.#rematchVotes = new Set(stored.rematchVotes);
    this.#seats = stored.seats;
    this.#match = new FoldedMatch(family, stored.match, stored.actions);
    this.#finishedRecorded = stored.match.finishedAt !== null;
    this.#challenge = stored.challenge ?? null;
    this.#start = toGate(stored.match.start);
  }

  /** The room's challenge, whatever its status (null: the room was not made as one). */
  get challenge(): KeptSeat | null {
    return this.#challenge;
  }

  /** The seat kept for a challenged friend at `now`: while the challenge waits and has not expired. */
  keptSeat(now: Date): KeptSeat | null {
    const c = this.#challenge;
    return c?.status === 'pending' && c.expiresAt > now ? c : null;
  }

  /** The challenge was made (with the room) or ended. */
  setChallenge(challenge: KeptSeat): void {
    this.#challenge = challenge;
  }

  /** the player who made the room (null: made without a device, or that player deleted) */
  get creatorPlayerId(): string | null {
    return this.#creatorPlayerId;
  }
  get family(): AnyFamily {
    return this.#match.family;
  }
  get options(): unknown {
    return this.#match.options;
  }
  get matchId(): string {
    return this.#match.id;
  }
  get matchNumber(): number {
    return this.#match.number;
  }
  get seed(): string {
    return this.#match.seed;
  }

  /** watchers see the match (the creator may turn it off) */
  get spectating(): boolean {
    return this.#spectating;
  }
  get seats(): readonly StoredSeat[] {
    return this.#seats;
  }
  /** seats that accepted a rematch of this (finished) match */
  get rematchVotes(): ReadonlySet<Seat> {
    return this.#rematchVotes;
  }
  get state(): unknown {
    return this.#match.state;
  }
  get seq(): number {
    return this.#match.seq;
  }
  get last(): { seq: number; seat: Seat; type: string } | null {
    return this.#match.last;
  }
  /** public hashes of the secrets set so far, and of the seed for a dealt family */
  get commitments(): readonly Commitment[] {
    return this.#match.commitments;
  }
  /** the match's result is stored (it finished, and RoomService recorded it) */
  get finishedRecorded(): boolean {
    return this.#finishedRecorded;
  }

  /** The seq at which this match accepted `actionId`, if it did. */
  acceptedSeq(actionId: string): number | undefined {
    return this.#match.acceptedSeq(actionId);
  }

  /**
   * The match opens only after ready and a countdown: its family starts every seat at once, and it
   * is not a Code of the day (one seat, which starts when its attempt begins).
   */
  get gated(): boolean {
    return this.family.simultaneousStart === true && this.daily === null;
  }
  /** the match is open: moves, bots and turn clocks run */
  get started(): boolean {
    return !this.gated || this.#start.startedAt !== null;
  }
  get start(): StartGate {
    return this.#start;
  }

  /** The gate as stored now (after a ready, a seat change, the start, or read from the store). */
  setStart(gate: StartGate | StoredMatchGate): void {
    this.#start = toGate(gate);
  }

  /** The hint remembered for `key` (match, seq and seat), if it is the latest one given. */
  hintAt(key: string): HintReply | null {
    return this.#hint?.key === key ? this.#hint.reply : null;
  }

  rememberHint(key: string, reply: HintReply): void {
    this.#hint = { key, reply };
  }

  /** Memory may be behind the log: an append of this room may have been stored unacknowledged. */
  get unsure(): boolean {
    return this.#unsure;
  }

  /** An append's outcome is unknown: memory may be behind the log until the log is read again (`foldIn`). */
  markUnsure(): void {
    this.#unsure = true;
  }

  /**
   * Folds stored actions that follow `seq` (read from the log after `seq`: memory is caught up,
   * and an unknown outcome settled); a gap or a refused entry means a corrupt log.
   */
  foldIn(actions: readonly StoredAction[]): void {
    this.#match.foldIn(actions);
    this.#unsure = false;
    if (actions.length > 0) this.#foldedIn++;
  }

  /**
   * How many times actions this copy did not accept itself were folded in: each may have been
   * announced by another process, so what that process sent is what the room's sockets now hold
   * (a delta built on what this process sent last would not follow it).
   */
  get foldedIn(): number {
    return this.#foldedIn;
  }

  /** Moves to the state after the action `actionId` committed at `seq` (with its commitment salt, for a secret). */
  accept(seq: number, seat: Seat, actionId: string, action: unknown, state: unknown, salt: string | null, at = Date.now()): void {
    this.#match.accept(seq, seat, actionId, action, state, salt, at);
  }

  /** A person took the free seat `seat`. */
  seatPerson(
    seat: Seat,
    person: { name: string; tokenHash: string; deviceId: string | null; playerId: string | null },
    claimedAt: Date,
  ): void {
    this.#setSeat({ ...emptySeat(seat), ...person, claimedAt });
  }

  /** The seat's person shows another name. */
  renameSeat(seat: Seat, name: string): void {
    this.#seats = this.#seats.map((s) => (s.index === seat ? { ...s, name } : s));
  }

  /** The seat's person gave it up before the match began. */
  freeSeat(seat: Seat): void {
    this.#setSeat(emptySeat(seat));
  }

  /** A bot of its own (named after the seat) sits in the free seat `seat`. */
  seatBot(seat: Seat, strength: BotStrength, claimedAt: Date): void {
    this.#setSeat({ ...emptySeat(seat), name: botName(seat), bot: true, botStrength: strength, claimedAt });
  }

  /** A bot plays for the seat's person, who is away; the seat keeps their name, token and device. */
  handToBot(seat: Seat): void {
    this.#seats = this.#seats.map((s) =>
      s.index === seat ? { ...s, bot: true, takenOver: true, botStrength: DEFAULT_BOT_STRENGTH } : s,
    );
  }

  /**
   * Two players became one: the seats `from` holds and the room, if `from` made it, are `into`'s
   * (tokens, names and seats stay). Whether anything here was `from`'s.
   */
  playerMerged(from: string, into: string): boolean {
    const theirs = this.#seats.some((s) => s.playerId === from);
    if (theirs) this.#seats = this.#seats.map((s) => (s.playerId === from ? { ...s, playerId: into } : s));
    const made = this.#creatorPlayerId === from;
    if (made) this.#creatorPlayerId = into;
    return theirs || made;
  }

  /** The seats as the database holds them now (another process may have changed them). */
  replaceSeats(seats: StoredSeat[]): void {
    this.#seats = seats;
  }

  setSpectating(on: boolean): void {
    this.#spectating = on;
  }

  setRematchVotes(votes: readonly Seat[]): void {
    this.#rematchVotes = new Set(votes);
  }

  markFinishRecorded(): void {
    this.#finishedRecorded = true;
  }

  /** A seat changes hands: whoever held it before, their rematch vote goes with them. */
  #setSeat(next: StoredSeat): void {
    this.#seats = this.#seats.map((s) => (s.index === next.index ? next : s));
    this.#rematchVotes.delete(next.index);
  }

  /** Worked out once per state: a broadcast asks for it in the summary and in every seat's snapshot. */
  status(): MatchStatus {
    return this.#match.status();
  }

  snapshot(viewer: Viewer): Snapshot {
    return this.#match.snapshot(viewer, this.deadlines());
  }

  /**
   * When the turn timer runs out (ms since the epoch) for each seat that owes a move; none without a
   * timer, once over, or while a seat is free. A shared link takes a while to open: nobody loses a turn
   * before the whole table has sat down, and the clock starts again when the last seat is taken.
   * A table where no person plays has no clock: its bots move by themselves, and may wait, paused,
   * for someone to watch (duties/attention.ts) without losing a turn when they resume.
   */
  deadlines(): { seat: Seat; at: number }[] {
    if (this.turnSeconds === null || !this.started) return [];
    if (this.seats.some((s) => s.tokenHash === null && !s.bot)) return [];
    if (this.peopleSeats().length === 0) return [];
    // A simultaneous start's clocks count from its opening.
    const tableFull = Math.max(this.#start.startedAt ?? 0, ...this.seats.map((s) => s.claimedAt?.getTime() ?? 0));
    return this.family.turnClock.deadlines(this.status(), this.#match.turnStarts, tableFull, this.turnSeconds * this.secondMs);
  }

  /** What a socket with this seat (null: a watcher) may see of the match: nothing for a watcher while spectating is off. */
  snapshotFor(seat: Seat | null): Snapshot | null {
    return seat === null && !this.spectating ? null : this.snapshot(seat);
  }

  /** Whether `playerId` made the room (any device of theirs may change its settings). */
  isCreator(playerId: string | null): boolean {
    return playerId !== null && this.creatorPlayerId !== null && playerId === this.creatorPlayerId;
  }

  /**
   * The seat a socket may hold: the one its seat token names, unless that seat belongs to another
   * player than the socket's device (a device removed from the player keeps old seat tokens);
   * without a token, the first seat its player holds (claimed on another device of theirs).
   * 'refused' for a token this room does not know or that is not the player's.
   */
  seatFor(tokenHash: string | null, playerId: string | null): { seat: Seat; tokenHash: string } | null | 'refused' {
    if (tokenHash !== null) {
      const held = this.seats.find((s) => s.tokenHash === tokenHash);
      if (!held || (held.playerId !== null && held.playerId !== playerId)) return 'refused';
      return { seat: held.index, tokenHash };
    }
    if (playerId === null) return null;
    const mine = this.seats.find((s) => s.playerId === playerId && s.tokenHash !== null);
    return mine?.tokenHash ? { seat: mine.index, tokenHash: mine.tokenHash } : null;
  }

  /** The seats a bot plays now (its own, or for a person away). */
  botSeats(): Seat[] {
    return this.seats.filter((s) => s.bot).map((s) => s.index);
  }

  isBot(seat: Seat): boolean {
    return this.seats.some((s) => s.index === seat && s.bot);
  }

  /** Seats held by a person who plays them (a person's seat taken over by a bot is not one). */
  peopleSeats(): Seat[] {
    return this.seats.filter((s) => s.tokenHash !== null && !s.bot).map((s) => s.index);
  }

  summary(connected: ReadonlySet<Seat>, spectators: number): RoomSummary {
    return {
      id: this.id,
      family: this.family.id,
      options: this.options as Record<string, unknown>,
      // A bot is always there: its seat counts as connected.
      seats: this.seats.map((s) => ({
        index: s.index,
        name: s.name,
        connected: s.bot || connected.has(s.index),
        bot: s.bot,
        takenOver: s.takenOver,
        botStrength: s.bot ? s.botStrength : null,
      })),
      spectators,
      spectating: this.spectating,
      hints: this.hints,
      takeOverAfterSec: this.takeOverAfterSec,
      turnSeconds: this.turnSeconds,
      match: { id: this.matchId, number: this.matchNumber },
      rematch: [...this.rematchVotes].sort((a, b) => a - b),
      status: this.status(),
      createdAt: this.createdAt.toISOString(),
      ...(this.daily !== null ? { daily: this.daily } : {}),
      // The friend's name only: their player stays the server's.
      ...(this.#challenge
        ? {
            challenge: {
              seat: this.#challenge.seat,
              name: this.#challenge.name,
              status: this.#challenge.status,
              expiresAt: this.#challenge.expiresAt.toISOString(),
            },
          }
        : {}),
      ...(this.started
        ? {}
        : { start: { ready: readySeats(this.#start, this.seats), startsAt: this.#start.startsAt, now: Date.now() } }),
    };
  }
}

type StoredMatchGate = StoredRoom['match']['start'];
const ms = (d: Date | number | null): number | null => (d === null ? null : typeof d === 'number' ? d : d.getTime());
const toGate = (g: StoredMatchGate | StartGate): StartGate => ({
  ready: [...g.ready],
  startsAt: ms(g.startsAt),
  startedAt: ms(g.startedAt),
});
