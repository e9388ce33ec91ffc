// What is played: a move judged by the rules against memory and appended to the log, a hint, the
// votes that start a rematch, and another game picked at the same table. Each runs in the room's
// queue (RoomCache); memory moves only once the store has committed.
import {
  secretOf,
  type ActReply,
  type ErrorReply,
  type HintReply,
  type ParsedClientMessage,
  type RematchReply,
  type AnotherReply,
} from '@mm/protocol';
import { isServerAction, type Seat } from '@mm/rules';
import { hintFor, type Hint } from '../bots/play';
import type { RoomStorage } from '../db/store';
import { mayHaveCommitted } from '../db/unavailable';
import { describeIssues, fault, matchChanged } from '../errors';
import { newSalt } from '../security/commitments';
import { BOT_ACTION_PREFIX, TIMEOUT_ACTION_PREFIX } from './action-ids';
import type { LiveRoom } from './live-room';
import { seatMoved, type RoomCache } from './room-cache';
import { closedAt, SEALED } from './seat-commands';
import { anotherGame, rematchOf, startNextMatch } from './next-match';

/** How many times an append is retried after another server took the seq first. */
const APPEND_ATTEMPTS = 3;

const OUTCOME_UNKNOWN = (): ErrorReply =>
  fault(
    'OUTCOME_UNKNOWN',
    'The database did not answer whether this action was stored: send it again with the same actionId (it is applied at most once).',
  );

const NOT_STARTED = (): ErrorReply =>
  fault('NOT_STARTED', 'The match opens once every seat is taken, everyone is ready and the countdown has ended.');

/** Who makes a move: a person unless told (`bot`: a bot's move; `timeout`: the turn timer's). */
export interface MoveBy {
  bot?: boolean;
  timeout?: boolean;
}

/**
 * Works a hint out off the event loop (the solver's worker threads), or undefined where it cannot
 * (a family the workers do not know): the service then works it out itself.
 */
export type HintSource = (familyId: string, view: unknown, seat: Seat) => Promise<Hint | undefined>;

/**
 * Why a move may not come from a person, or null: a server-only action (a turn's timeout) is the
 * turn timer's, and actionIds with the server's own prefixes name its bots' and timers' moves
 * (rooms/action-ids.ts), which a person's id must never collide with.
 */
function refusedFromPeople(msg: ParsedClientMessage<'match:act'>, by: MoveBy): ErrorReply | null {
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

export class MatchCommands {
  constructor(
    private readonly cache: RoomCache,
    private readonly store: RoomStorage,
    private readonly now: () => Date,
    private readonly thinkHint: HintSource | undefined,
  ) {}

  /** See RoomService.act. */
  act(
    roomId: string,
    seat: Seat,
    msg: ParsedClientMessage<'match:act'>,
    matchId: string | null,
    by: MoveBy,
  ): Promise<ActReply | ErrorReply> {
    const refused = refusedFromPeople(msg, by);
    if (refused) return Promise.resolve(refused);
    return this.cache.withRoom(roomId, matchId, async (room) => {
      // Judged in the room's queue, so no move queued before the reveal is accepted after it.
      const closed = closedAt(room, this.now());
      if (closed) return closed;
      // Past the countdown's end another process may have opened the match: the store says.
      if (!room.started && room.start.startsAt !== null && room.start.startsAt <= Date.now()) await this.cache.learnStart(room);
      if (!room.started) return NOT_STARTED();
      const before = room.seq;
      const reply = await this.judge(room, seat, msg, by);
      // Refused after the log moved memory on: what was read may be news to the room's sockets
      // (an action of ours stored unacknowledged, or one whose announcement was lost), so tell them.
      if (!reply.ok && room.seq !== before) this.cache.announce(room);
      return reply;
    });
  }

  /** The body of `act`, in the room's queue: judged against memory, appended, then memory moves. */
  private async judge(
    room: LiveRoom,
    seat: Seat,
    msg: ParsedClientMessage<'match:act'>,
    by: MoveBy,
  ): Promise<ActReply | ErrorReply> {
    if (by.bot) {
      // Seats may have changed on another server (a person back): read them, not memory.
      await this.cache.learnSeats(room);
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
      return this.cache.catchUp(room);
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
        this.cache.rereadLater(room.id);
        return OUTCOME_UNKNOWN();
      }
      if (outcome.ok) {
        room.accept(seq, seat, msg.actionId, parsed.data, next.state, salt);
        await this.cache.recordFinish(room);
        this.cache.announce(room);
        return { ok: true, seq };
      }
      if (outcome.reason === 'duplicate') {
        // Stored earlier, past what memory knows (an append of ours whose answer was lost): read up to it.
        if (outcome.seq > room.seq) await this.cache.catchUp(room);
        return fault('DUPLICATE_ACTION', 'This action was already played.', { seq: outcome.seq });
      }
      // Another server appended this seq first: fold what it wrote and judge the action again.
      fresh = true;
      await this.cache.catchUp(room);
    }
    return fault('STALE_SEQ', 'The match is busy: try again.', { seq: room.seq });
  }

  /** See RoomService.hint. */
  async hint(roomId: string, seat: Seat | null, matchId: string | null): Promise<HintReply | ErrorReply> {
    const checked = await this.cache.withRoom(roomId, null, async (room) => {
      if (!room.hints) return fault('HINTS_OFF', 'This room was created without hints.');
      if (seat === null) return fault('NOT_SEATED', 'Only the players get hints.');
      const moved = seatMoved(room, matchId);
      if (moved) return moved;
      await this.cache.catchUp(room);
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

  /** See RoomService.rematch. */
  rematch(roomId: string, seat: Seat, accept: boolean, matchId: string | null): Promise<RematchReply | ErrorReply> {
    return this.cache.withRoom(roomId, matchId, async (room) => {
      if (room.daily !== null) return SEALED();
      await this.cache.catchUp(room);
      if (!room.status().finished) return fault('MATCH_NOT_FINISHED', 'The match is still being played.');
      const tokenHash = room.seats.find((s) => s.index === seat)?.tokenHash;
      if (!tokenHash) return fault('NOT_SEATED', 'This seat is free.');
      const votes = await this.store.voteRematch(roomId, seat, tokenHash, accept);
      if (votes === null) return matchChanged();
      room.setRematchVotes(votes);
      // Bots (their own seats, and seats they play for someone away) always accept.
      const seated = room.peopleSeats();
      if (!seated.every((s) => room.rematchVotes.has(s))) {
        this.cache.announce(room);
        return { ok: true, started: false };
      }
      // Another server may win this race (the match number is unique); either way the room now has the new match.
      const started = await startNextMatch(this.cache, this.store, room, rematchOf(room));
      if ('ok' in started) return started;
      this.cache.announceRematch(started.room);
      this.cache.announce(started.room);
      return { ok: true, started: true };
    });
  }

  /**
   * See RoomService.another: a seated player picks another game (`presetId`) once the match is
   * over, and it starts at once at the same table, the rules seating the people in their order.
   */
  another(roomId: string, seat: Seat, presetId: string, matchId: string | null): Promise<AnotherReply | ErrorReply> {
    return this.cache.withRoom(roomId, matchId, async (room) => {
      if (room.daily !== null) return SEALED();
      const game = anotherGame(presetId);
      if ('ok' in game) return game;
      await this.cache.catchUp(room);
      if (!room.status().finished) return fault('MATCH_NOT_FINISHED', 'The match is still being played.');
      if (!room.seats.find((s) => s.index === seat)?.tokenHash) return fault('NOT_SEATED', 'This seat is free.');
      const started = await startNextMatch(this.cache, this.store, room, game);
      if ('ok' in started) return started;
      // Another process started the next match first, and told the room itself: this pick came too late.
      if (started.outcome === 'lost') return matchChanged();
      this.cache.announceRematch(started.room);
      this.cache.announce(started.room);
      return { ok: true, matchNumber: started.room.matchNumber };
    });
  }
}
