import {
  secretOf,
  type ActReply,
  type BotReply,
  type ClaimReply,
  type ErrorReply,
  type HintReply,
  type LeaveReply,
  type ParsedClientMessage,
  type RematchReply,
  type SettingsReply,
} from '@mm/protocol';
import { DEFAULT_BOT_STRENGTH, getFamily, type BotStrength, type Seat } from '@mm/rules';
import { hintFor } from '../bots/play';
import type { Store } from '../db/store';
import { describeIssues, fault } from '../errors';
import { newSalt } from '../security/commitments';
import { hashToken, newMatchId, newRoomId, newSeatToken, newSeed } from '../security/tokens';
import { AwayClocks } from './away-clocks';
import { LiveRoom } from './live-room';
import { distinctSeatName } from './seat-names';
import { SerialQueue } from './serial-queue';

/** How many times an append is retried after another server took the seq first. */
const APPEND_ATTEMPTS = 3;

/**
 * A seat-bound message from a socket that got its seat in an earlier match of the room:
 * a rematch has moved everyone one seat on since, so that seat number is someone else's now.
 */
const seatMoved = (room: LiveRoom, matchId: string | null): ErrorReply | null =>
  matchId !== null && matchId !== room.matchId
    ? fault('MATCH_CHANGED', 'A new match began in this room and the seats moved: join the room again.')
    : null;

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

/** Hooks the room service calls; each runs inside the room's queue and must not wait on it. */
export interface RoomHooks {
  /** after every committed change, in commit order per room */
  onChange: (room: LiveRoom) => void;
  /** a rematch has begun (before its first onChange): every socket of the room must join again */
  onRematch?: (room: LiveRoom) => void;
  /** a room came into memory (created, or loaded from its log) */
  onLoad?: (room: LiveRoom) => void;
}

/**
 * The authority over rooms: every change goes through here, one at a time per
 * room, and is committed to the store before memory changes or anyone is told.
 */
export class RoomService {
  private readonly live = new Map<string, LiveRoom>();
  /** actionIds already accepted, per match, so a resend is recognised before the rules judge it */
  private readonly accepted = new Map<string, Map<string, number>>();
  private readonly queue = new SerialQueue();
  /** the latest hint given in each room (by match, seq and seat) */
  private readonly hints = new WeakMap<LiveRoom, { key: string; reply: HintReply }>();
  private readonly away = new AwayClocks();

  private readonly onChange: (room: LiveRoom) => void;
  private readonly onRematch: (room: LiveRoom) => void;
  private readonly onLoad: (room: LiveRoom) => void;

  constructor(
    private readonly store: Store,
    hooks: RoomHooks,
    /** `secondMs`: the length of one second of every room timer (SECOND_MS) */
    private readonly timers: { secondMs: number } = { secondMs: 1000 },
  ) {
    this.onChange = hooks.onChange;
    this.onRematch = hooks.onRematch ?? (() => {});
    this.onLoad = hooks.onLoad ?? (() => {});
  }

  /**
   * `creatorDeviceId`: the hash of the creating device's token; that device may change the room's settings.
   * `settings.bots` must pass `botSeatsProblem` (a RangeError otherwise).
   */
  async create(
    familyId: string,
    options: unknown,
    creatorDeviceId: string | null = null,
    settings: RoomSettings = DEFAULT_ROOM_SETTINGS,
  ): Promise<LiveRoom> {
    const family = getFamily(familyId);
    if (!family) throw new Error(`unknown family ${familyId}`);
    const problem = botSeatsProblem(familyId, options, settings.bots);
    if (problem) throw new RangeError(problem);
    const roomId = newRoomId();
    await this.store.createRoom({
      roomId,
      family: familyId,
      options,
      seatCount: family.seatCount(options),
      matchId: newMatchId(),
      seed: newSeed(),
      salt: newSalt(),
      creatorDeviceId,
      bots: settings.bots,
      botStrength: settings.botStrength,
      hints: settings.hints,
      takeOverAfterSec: settings.takeOverAfterSec,
      turnSeconds: settings.turnSeconds ?? null,
    });
    const room = await this.get(roomId);
    if (!room) throw new Error(`room ${roomId} vanished after creation`);
    return room;
  }

  /** The room, loaded from its log on first use (after a restart, too). Null if unknown. */
  get(roomId: string): Promise<LiveRoom | null> {
    return this.queue.run(roomId, () => this.load(roomId));
  }

  /** The player a device belongs to; null for a device never seen. */
  playerOfDevice(deviceId: string): Promise<string | null> {
    return this.store.playerOfDevice(deviceId);
  }

  /** Cached room or null, without touching the store. */
  /** Rooms held in memory now (a gauge of /metrics). */
  get loadedCount(): number {
    return this.live.size;
  }

  cached(roomId: string): LiveRoom | undefined {
    return this.live.get(roomId);
  }

  /** Catches a cached room up with the seats, actions (or a rematch) another server may have committed. */
  refresh(roomId: string): Promise<LiveRoom | null> {
    return this.queue.run(roomId, async () => {
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
      const room = this.live.get(roomId);
      if (room) this.accepted.delete(room.matchId);
      this.live.delete(roomId);
    });
  }

  /**
   * A person takes the free seat `seat`, under `asked` or, if another seat shows a name that looks
   * the same, `asked` numbered (seat-names.ts). `seatSocket` is the transport's part of the change, done
   * after the commit and before the change is announced (in the room's queue; it must not wait on
   * it): the claiming socket moves to the seat's channel, so the one broadcast of the claim reaches it.
   */
  async claim(
    roomId: string,
    seat: Seat,
    asked: string,
    deviceId: string | null,
    seatSocket: (seat: Seat, matchId: string) => Promise<void> | void = () => {},
  ): Promise<ClaimReply | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      const current = room.seats.find((s) => s.index === seat);
      if (!current) return fault('NO_SUCH_SEAT', `This table has seats 0 to ${room.seats.length - 1}.`);
      if (current.tokenHash !== null || current.bot) return fault('SEAT_TAKEN', 'Someone already sits there.');
      // Two seats of one room never look alike (seat-names.ts).
      const name = distinctSeatName(
        asked,
        room.seats.filter((s) => s.index !== seat).map((s) => s.name),
      );
      const token = newSeatToken();
      const tokenHash = hashToken(token);
      const playerId = deviceId ? await this.store.ensurePlayer(deviceId, { name }) : null;
      const won = await this.store.claimSeat(roomId, seat, { name, tokenHash, deviceId, playerId });
      if (!won) {
        // another server seated someone first: learn who
        const fresh = await this.store.loadRoom(roomId);
        if (fresh) room.replaceSeats(fresh.seats);
        return fault('SEAT_TAKEN', 'Someone already sits there.');
      }
      room.seatPerson(seat, { name, tokenHash, deviceId, playerId }, await this.claimedAt(roomId, seat));
      await seatSocket(seat, room.matchId);
      this.onChange(room);
      return { ok: true, seat, seatToken: token };
    });
  }

  /** `matchId`: the match the socket got its seat in (null: not checked). */
  async leave(roomId: string, seat: Seat, matchId: string | null = null): Promise<LeaveReply | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      const moved = seatMoved(room, matchId);
      if (moved) return moved;
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
   * refused unless a bot still plays the seat (its person may have come back meanwhile).
   */
  async act(
    roomId: string,
    seat: Seat,
    msg: ParsedClientMessage<'match:act'>,
    matchId: string | null = null,
    by: { bot?: boolean } = {},
  ): Promise<ActReply | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      const moved = seatMoved(room, matchId);
      if (moved) return moved;
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
        const before = room.seq;
        await this.catchUp(room);
        return room.seq !== before;
      };
      for (let attempt = 0; attempt < APPEND_ATTEMPTS; attempt++) {
        const seen = this.acceptedIds(room).get(msg.actionId);
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
        const outcome = await this.store.appendAction(room.matchId, {
          seq,
          seat,
          actionId: msg.actionId,
          payload: parsed.data,
          salt,
        });
        if (outcome.ok) {
          room.accept(seq, seat, parsed.data, next.state, salt);
          this.acceptedIds(room).set(msg.actionId, seq);
          await this.recordFinish(room);
          this.onChange(room);
          return { ok: true, seq };
        }
        if (outcome.reason === 'duplicate') {
          return fault('DUPLICATE_ACTION', 'This action was already played.', { seq: outcome.seq });
        }
        // Another server appended this seq first: fold what it wrote and judge the action again.
        fresh = true;
        await this.catchUp(room);
      }
      return fault('STALE_SEQ', 'The match is busy: try again.', { seq: room.seq });
    });
  }

  /** The creator's device turns spectating on or off. */
  async setSpectators(roomId: string, deviceId: string | null, on: boolean): Promise<SettingsReply | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      if (!room.isCreator(deviceId))
        return fault('NOT_CREATOR', 'Only the device that created this room may change its settings.');
      await this.store.setSpectators(roomId, on);
      room.setSpectating(on);
      this.onChange(room);
      return { ok: true };
    });
  }

  /** The creator's device seats a bot in a free seat. */
  async seatBot(
    roomId: string,
    deviceId: string | null,
    seat: Seat,
    strength: BotStrength = DEFAULT_BOT_STRENGTH,
  ): Promise<BotReply | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      if (!room.isCreator(deviceId)) return fault('NOT_CREATOR', 'Only the device that created this room may seat a bot.');
      const current = room.seats.find((s) => s.index === seat);
      if (!current) return fault('NO_SUCH_SEAT', `This table has seats 0 to ${room.seats.length - 1}.`);
      if (current.tokenHash !== null || current.bot) return fault('SEAT_TAKEN', 'Someone already sits there.');
      if (!(await this.store.seatBot(roomId, seat, strength))) {
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
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      const moved = seatMoved(room, matchId);
      if (moved) return moved;
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
      if (!(await this.store.takeOverSeat(roomId, seat, current.tokenHash))) {
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
   * worked out outside the room's queue (the state it reads is never mutated) and remembered per
   * seat and seq, so asking again costs nothing.
   */
  async hint(roomId: string, seat: Seat | null, matchId: string | null = null): Promise<HintReply | ErrorReply> {
    const checked = await this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
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
    const memo = this.hints.get(checked.room);
    if (memo?.key === checked.key) return memo.reply;
    const hint = hintFor(checked.family, checked.view, checked.seat);
    const reply: HintReply = { ok: true, code: hint.code, ...(hint.kind ? { kind: hint.kind } : {}), possible: hint.possible };
    this.hints.set(checked.room, { key: checked.key, reply });
    return reply;
  }

  /**
   * A seated player's vote for a rematch of the finished match. The last missing vote starts
   * match number + 1 in the same room with the same options, a new seed, and everyone one
   * seat on, so that the first codemaker changes.
   */
  async rematch(roomId: string, seat: Seat, accept: boolean, matchId: string | null = null): Promise<RematchReply | ErrorReply> {
    return this.queue.run(roomId, async () => {
      const room = await this.load(roomId);
      if (!room) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      const moved = seatMoved(room, matchId);
      if (moved) return moved;
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
      await this.store.startRematch(roomId, {
        id: newMatchId(),
        number: room.matchNumber + 1,
        family: room.family.id,
        options: room.options,
        seed: newSeed(),
        salt: newSalt(),
      });
      const next = await this.reload(room);
      if (!next) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
      this.onRematch(next);
      this.onChange(next);
      return { ok: true, started: true };
    });
  }

  /** Replaces the cached room by what the store holds now (its newest match). */
  private async reload(room: LiveRoom): Promise<LiveRoom | null> {
    this.accepted.delete(room.matchId);
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

  private async load(roomId: string): Promise<LiveRoom | null> {
    const cached = this.live.get(roomId);
    if (cached) return cached;
    const stored = await this.store.loadRoom(roomId);
    if (!stored) return null;
    const room = new LiveRoom(stored, this.timers.secondMs);
    this.accepted.set(room.matchId, new Map(stored.actions.map((a) => [a.actionId, a.seq])));
    this.live.set(roomId, room);
    this.onLoad(room);
    return room;
  }

  private async catchUp(room: LiveRoom): Promise<void> {
    const newer = await this.store.actionsSince(room.matchId, room.seq);
    room.foldIn(newer);
    for (const a of newer) this.acceptedIds(room).set(a.actionId, a.seq);
    await this.recordFinish(room);
  }

  private acceptedIds(room: LiveRoom): Map<string, number> {
    let ids = this.accepted.get(room.matchId);
    if (!ids) this.accepted.set(room.matchId, (ids = new Map()));
    return ids;
  }

  /** The result column is derivable from the log; it is kept for listing matches without folding. */
  private async recordFinish(room: LiveRoom): Promise<void> {
    const status = room.status();
    if (!status.finished || room.finishedRecorded) return;
    await this.store.finishMatch(room.matchId, { winners: status.winners, draw: status.draw, scores: status.scores });
    room.markFinishRecorded();
  }
}
