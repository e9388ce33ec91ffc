import {
  DEFAULT_BOT_STRENGTH,
  getFamily,
  type AnyFamily,
  type BotStrength,
  type MatchStatus,
  type Seat,
  type Viewer,
} from '@mm/rules';
import { secretOf, type Commitment, type HintReply, type RoomSummary, type Snapshot } from '@mm/protocol';
import { botName } from '../bots/names';
import type { StoredAction, StoredRoom, StoredSeat } from '../db/store';
import { dealHash, secretCommitment } from '../security/commitments';
import { emptySeat } from './seating';

/** Every family's actions carry a `type`; which kind of move was made is public. */
export const actionType = (action: unknown): string =>
  action && typeof action === 'object' && 'type' in action ? String(action.type) : 'unknown';

/**
 * One room held in memory: its match state is the fold of the stored log, and
 * `seq` is the number of actions folded. Everything is read-only from outside and
 * changes through its own methods, which only RoomService calls, one operation at a
 * time, and only after the database has accepted the change.
 */
export class LiveRoom {
  readonly id: string;
  readonly family: AnyFamily;
  readonly options: unknown;
  readonly createdAt: Date;
  readonly matchId: string;
  readonly matchNumber: number;
  readonly seed: string;
  readonly creatorPlayerId: string | null;
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
  #clockSince: number;
  /** since when (ms since the epoch) each seat that owes a move has owed it: where its own clock starts */
  #owingSince = new Map<Seat, number>();
  #seats: StoredSeat[];
  #rematchVotes: Set<Seat>;
  #state: unknown;
  #seq = 0;
  #last: { seq: number; seat: Seat; type: string } | null = null;
  #commitments: Commitment[] = [];
  #finishedRecorded: boolean;
  /** this match's actionIds accepted so far, with their seq: a resend is recognised before the rules judge it */
  #acceptedIds = new Map<string, number>();
  /** the latest hint given (by seq and seat): asking again at the same point costs nothing */
  #hint: { key: string; reply: HintReply } | null = null;
  /** The status of the state it was worked out for: `status()` reuses it until the state changes. */
  private statusOf: { state: unknown; status: MatchStatus } | null = null;

  constructor(stored: StoredRoom, secondMs = 1000) {
    const family = getFamily(stored.family);
    if (!family) throw new Error(`Room ${stored.id} has an unknown family ${stored.family}`);
    this.id = stored.id;
    this.family = family;
    this.createdAt = stored.createdAt;
    this.matchId = stored.match.id;
    this.matchNumber = stored.match.number;
    this.seed = stored.match.seed;
    this.creatorPlayerId = stored.creatorPlayerId;
    this.#spectating = stored.spectators;
    this.hints = stored.hints;
    this.takeOverAfterSec = stored.takeOverAfterSec;
    this.turnSeconds = stored.turnSeconds;
    this.daily = stored.daily;
    this.secondMs = secondMs;
    this.#clockSince = stored.match.createdAt.getTime();
    this.#rematchVotes = new Set(stored.rematchVotes);
    if (stored.match.salt !== null && family.dealt) {
      this.#commitments.push({ kind: 'deal', hash: dealHash(stored.match.salt, stored.match.seed) });
    }
    // Stored options were parsed when the room was made; parsing again fills any default added since.
    this.options = family.optionsSchema.parse(stored.match.options);
    this.#seats = stored.seats;
    this.#state = family.setup(this.options, this.seed);
    for (const seat of this.status().toAct) this.#owingSince.set(seat, this.#clockSince);
    this.#finishedRecorded = stored.match.finishedAt !== null;
    this.foldIn(stored.actions);
  }

  /** watchers see the match (the creator may turn it off) */
  get spectating(): boolean {
    return this.#spectating;
  }
  /**
   * The time the latest accepted action was stored (ms since the epoch), or the match's creation
   * before any. Read from the log, so every process and every restart derives the same deadline.
   */
  get clockSince(): number {
    return this.#clockSince;
  }

  /**
   * When `seat`'s clock started, if it owes a move (ms since the epoch): the accepted action after
   * which it began to owe, or its own latest one if it still owes after it, or the match's
   * creation. Another seat's move does not restart it: where several seats owe at once (the
   * race's guesses, Parker's two secrets), each has its own `turnSeconds`. Folded from the log.
   */
  owingSince(seat: Seat): number | null {
    return this.#owingSince.get(seat) ?? null;
  }
  get seats(): readonly StoredSeat[] {
    return this.#seats;
  }
  /** seats that accepted a rematch of this (finished) match */
  get rematchVotes(): ReadonlySet<Seat> {
    return this.#rematchVotes;
  }
  get state(): unknown {
    return this.#state;
  }
  get seq(): number {
    return this.#seq;
  }
  get last(): { seq: number; seat: Seat; type: string } | null {
    return this.#last;
  }
  /** public hashes of the secrets set so far, and of the seed for a dealt family */
  get commitments(): readonly Commitment[] {
    return this.#commitments;
  }
  /** the match's result is stored (it finished, and RoomService recorded it) */
  get finishedRecorded(): boolean {
    return this.#finishedRecorded;
  }

  /** The seq at which this match accepted `actionId`, if it did. */
  acceptedSeq(actionId: string): number | undefined {
    return this.#acceptedIds.get(actionId);
  }

  /** The hint remembered for `key` (match, seq and seat), if it is the latest one given. */
  hintAt(key: string): HintReply | null {
    return this.#hint?.key === key ? this.#hint.reply : null;
  }

  rememberHint(key: string, reply: HintReply): void {
    this.#hint = { key, reply };
  }

  /** Folds stored actions that follow `seq`; a gap or a refused entry means a corrupt log. */
  foldIn(actions: readonly StoredAction[]): void {
    for (const a of actions) {
      if (a.seq <= this.#seq) continue;
      if (a.seq !== this.#seq + 1) throw new Error(`Room ${this.id}: log gap before seq ${a.seq}`);
      const parsed = this.family.actionSchema.parse(a.payload);
      const r = this.family.apply(this.#state, a.seat, parsed);
      if (!r.ok) throw new Error(`Room ${this.id}: stored action ${a.seq} refused: ${r.error.code}`);
      this.accept(a.seq, a.seat, a.actionId, parsed, r.state, a.salt, a.createdAt.getTime());
    }
  }

  /** Moves to the state after the action `actionId` committed at `seq` (with its commitment salt, for a secret). */
  accept(seq: number, seat: Seat, actionId: string, action: unknown, state: unknown, salt: string | null, at = Date.now()): void {
    this.#acceptedIds.set(actionId, seq);
    const owedBefore = this.#owingSince;
    this.#state = state;
    this.#owingSince = new Map(this.status().toAct.map((s): [Seat, number] => [s, s === seat ? at : (owedBefore.get(s) ?? at)]));
    this.#clockSince = at;
    this.#seq = seq;
    this.#last = { seq, seat, type: actionType(action) };
    const code = secretOf(action);
    if (code && salt !== null) this.#commitments.push(secretCommitment(seq, seat, salt, code));
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
    const known = this.statusOf;
    if (known !== null && known.state === this.#state) return known.status;
    const status = this.family.status(this.#state);
    this.statusOf = { state: this.#state, status };
    return status;
  }

  snapshot(viewer: Viewer): Snapshot {
    return {
      matchId: this.matchId,
      matchNumber: this.matchNumber,
      seq: this.seq,
      view: this.family.view(this.state, viewer),
      status: this.status(),
      last: this.last,
      commitments: this.commitments.map((c) => ({ ...c })),
      deadlines: this.deadlines().map((d) => ({ seat: d.seat, at: new Date(d.at).toISOString() })),
    };
  }

  /**
   * When the turn timer runs out (ms since the epoch) for each seat that owes a move; none without a
   * timer, once over, or while a seat is free. A shared link takes a while to open: nobody loses a turn
   * before the whole table has sat down, and the clock starts again when the last seat is taken.
   * A table where no person plays has no clock: its bots move by themselves, and may wait, paused,
   * for someone to watch (duties/attention.ts) without losing a turn when they resume.
   */
  deadlines(): { seat: Seat; at: number }[] {
    if (this.turnSeconds === null) return [];
    if (this.seats.some((s) => s.tokenHash === null && !s.bot)) return [];
    if (this.peopleSeats().length === 0) return [];
    const status = this.status();
    if (status.finished) return [];
    const tableFull = Math.max(...this.seats.map((s) => s.claimedAt?.getTime() ?? 0));
    const turnMs = this.turnSeconds * this.secondMs;
    return status.toAct.map((seat) => ({ seat, at: Math.max(this.owingSince(seat) ?? this.clockSince, tableFull) + turnMs }));
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
    };
  }
}
