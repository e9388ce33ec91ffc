import { z } from 'zod';
import { BOT_STRENGTHS, DEFAULT_BOT_STRENGTH } from '@mm/rules';
import type { Seat } from '@mm/rules';
import type { ErrorReply } from './errors';
import { roomIdSchema, seatIndexSchema, tokenSchema } from './ids';
import { displayNameSchema } from './display-name';
import { REACTION_PRESETS, type ReactionPreset, type ReactionSender } from './constants';
import type { RoomSummary } from './http';
import type { Snapshot } from './snapshot';
import type { Patch } from './delta';

/** A preset's id (`presets()` of the rules); which ids exist is checked by the server. */
export const presetIdSchema = z.string().regex(/^[a-z0-9-]{1,40}$/, 'not a preset id');

/** Chosen by the client for each action so that a resend can never be applied twice. */
export const actionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not an action id');

/** Client → server messages. Each is sent with an acknowledgement callback. */
export const clientMessages = {
  'room:join': {
    summary:
      "Watch a room; with a seat token, take back that seat (reload, sleep, new network); with `claim`, sit in a free seat as you join (a room whose watchers' places are all taken still seats a person), and the reply carries the seat token.",
    schema: z
      .object({
        protocol: z.number().int(),
        roomId: roomIdSchema,
        seatToken: tokenSchema.optional(),
        deviceToken: tokenSchema.optional(),
        claim: z.object({ seat: seatIndexSchema, name: displayNameSchema }).strict().optional(),
      })
      .strict(),
  },
  'seat:claim': {
    summary: 'Sit in a free seat under a display name; the reply carries the secret seat token.',
    schema: z
      .object({
        seat: seatIndexSchema,
        name: displayNameSchema,
        deviceToken: tokenSchema.optional(),
      })
      .strict(),
  },
  'seat:rename': {
    summary:
      "Show another name in this socket's seat (numbered if another seat shows one that looks the same, as in seat:claim); the match's players list it too.",
    schema: z.object({ name: displayNameSchema }).strict(),
  },
  'seat:leave': {
    summary: 'Give the seat up (only before the match starts); the token stops working.',
    schema: z.object({}).strict(),
  },
  'match:act': {
    summary: "Play an action of the room's family as this socket's seat (the family's own schema judges `action`).",
    schema: z
      .object({
        actionId: actionIdSchema,
        /** the seq the client saw last; a different current seq is refused as STALE_SEQ */
        expectSeq: z.number().int().min(0).optional(),
        action: z.unknown(),
      })
      .strict(),
  },
  'room:sync': {
    summary:
      "Ask for the room's summary and this socket's current snapshot (catch-up after missed updates, or a delta that does not fold).",
    schema: z.object({}).strict(),
  },
  'room:settings': {
    summary:
      "The room's creator (any device of the player whose device token came with POST /api/rooms) turns spectating on or off; anyone else gets NOT_CREATOR.",
    schema: z.object({ spectators: z.boolean() }).strict(),
  },
  'match:rematch': {
    summary:
      'A seated player accepts (or withdraws from) a rematch of the finished match; when every seated player has accepted, it starts with everyone one seat on.',
    schema: z.object({ accept: z.boolean() }).strict(),
  },
  'match:another': {
    summary:
      'Once the match is over, a seated player picks another game by its preset id (any family); it starts at once at the same table, the same link: the people keep their order in the new seats, those without one watch, free seats may be taken (refused in a Code of the day: ROOM_SEALED; a pick that came after another began: MATCH_CHANGED).',
    schema: z.object({ preset: presetIdSchema }).strict(),
  },
  'seat:bot': {
    summary:
      "The room's creator seats a bot in a free seat, playing at `strength` (default strong) (NOT_CREATOR for anyone else, SEAT_TAKEN if it is not free).",
    schema: z.object({ seat: seatIndexSchema, strength: z.enum(BOT_STRENGTHS).default(DEFAULT_BOT_STRENGTH) }).strict(),
  },
  'seat:takeover': {
    summary:
      "A seated player hands a seat whose person has been away longer than the room's takeOverAfterSec to a bot; the person gets the seat back by joining with its token.",
    schema: z.object({ seat: seatIndexSchema }).strict(),
  },
  'match:hint': {
    summary:
      'In a room with hints on, a seated player asks the solver for a strong move from its own view (HINTS_OFF otherwise).',
    schema: z.object({}).strict(),
  },
  'room:react': {
    summary:
      'Send one of the preset reactions to everyone in the room (seated or watching): not an action, never stored. A few per 10 s per socket (RATE_LIMITED past them, nothing sent); a watcher may not while spectating is off (SPECTATING_OFF), nor anyone in a sealed room (ROOM_SEALED).',
    schema: z.object({ preset: z.enum(REACTION_PRESETS) }).strict(),
  },
  'room:ready': {
    summary:
      'A seated person says they are ready (or not any more) for a simultaneous start (race, Parker): once every seat is taken and every person ready, a 3-second countdown (`room.start.startsAt`) opens the match for everyone; not ready, a seat freed or changing hands stops it. MATCH_STARTED once the match is open, and for a match that does not wait.',
    schema: z.object({ ready: z.boolean() }).strict(),
  },
  presence: {
    summary:
      'The page says whether it is visible (on visibilitychange): a seat whose every page is hidden or gone gets its "your turn" as a Web Push.',
    schema: z.object({ visible: z.boolean() }).strict(),
  },
} as const;

export type ClientMessageName = keyof typeof clientMessages;
export type ClientMessage<N extends ClientMessageName> = z.input<(typeof clientMessages)[N]['schema']>;
export type ParsedClientMessage<N extends ClientMessageName> = z.output<(typeof clientMessages)[N]['schema']>;

export interface JoinReply {
  ok: true;
  room: RoomSummary;
  /** the seat this socket holds (from a valid seat token), or null to watch */
  seat: Seat | null;
  /** null for a watcher while spectating is off */
  snapshot: Snapshot | null;
  /** this device's player created the room (any device of theirs may change the room's settings) */
  creator: boolean;
  /** after a join with `claim`: keep it (localStorage), it is the only way back into this seat */
  seatToken?: string;
}
export interface ClaimReply {
  ok: true;
  seat: Seat;
  /** keep it (localStorage): it is the only way back into this seat */
  seatToken: string;
}
export interface RenameReply {
  ok: true;
  /** the name the seat shows now */
  name: string;
}
export interface ActReply {
  ok: true;
  seq: number;
}
export interface SyncReply {
  ok: true;
  /** the room as everyone sees it now: what a delta's hash covers with the snapshot */
  room: RoomSummary;
  /** null for a watcher while spectating is off */
  snapshot: Snapshot | null;
}
export interface LeaveReply {
  ok: true;
}
export interface SettingsReply {
  ok: true;
}
export interface RematchReply {
  ok: true;
  /** the vote completed the table and the new match has begun (expect room:rejoin) */
  started: boolean;
}

export interface AnotherReply {
  ok: true;
  /** the number of the match that began (expect room:rejoin) */
  matchNumber: number;
}

export interface BotReply {
  ok: true;
}
export interface HintReply {
  ok: true;
  /** a strong next code for this seat, or null when it has nothing to guess now */
  code: (number | null)[] | null;
  /**
   * what to do with `code` (present whenever `code` is): 'guess' it (duel, rotation, Parker);
   * in Master Mind 44 place it as this seat's 'row', or 'call' it ("Master Mind!")
   */
  kind?: 'guess' | 'row' | 'call';
  /** how many codes (MM44: deals) are still possible for this seat */
  possible: number;
}

export interface ReactReply {
  ok: true;
}

export interface PresenceReply {
  ok: true;
}

export interface ReadyReply {
  ok: true;
}

export interface ClientReplies {
  'room:join': JoinReply;
  'seat:claim': ClaimReply;
  'seat:rename': RenameReply;
  'seat:leave': LeaveReply;
  'match:act': ActReply;
  'room:sync': SyncReply;
  'room:settings': SettingsReply;
  'match:rematch': RematchReply;
  'match:another': AnotherReply;
  'seat:bot': BotReply;
  'seat:takeover': BotReply;
  'match:hint': HintReply;
  'room:react': ReactReply;
  'room:ready': ReadyReply;
  presence: PresenceReply;
}
export type Reply<N extends ClientMessageName> = ClientReplies[N] | ErrorReply;

/** Server → client messages. */
export const serverMessages = {
  'room:update':
    "The room or the match changed: the room summary and this socket's own snapshot, whole. Sent when a socket's channel has nothing to build on (its first update, a new match, a watcher without a view, after an outage); else `room:delta`.",
  'room:delta':
    "The room or the match changed: only what changed since the channel's previous update (`fromSeq`), to apply to the summary and snapshot held. A delta that does not follow what is held (`fromSeq` is not its seq, or the summary and snapshot it yields have another `hash`) means an update was missed: ask `room:sync`, whose reply carries both. One older than what is held is ignored.",
  'server:error': 'A message arrived without an acknowledgement callback and was refused: an ErrorReply.',
  'room:rejoin':
    'A rematch (everyone one seat on) or another game (seats carried over in order) began: send `room:join` again (with the same seat token) to get the new seat and view; a token whose person has no seat in it now (BAD_TOKEN) joins to watch.',
  'room:reaction':
    "Someone else in the room sent a reaction (`room:react`): the seat's number, or 'watcher' (never which one). Watchers get none while spectating is off.",
} as const;

export interface RoomReaction {
  from: ReactionSender;
  preset: ReactionPreset;
  /** when the server sent it (ms since the epoch) */
  at: number;
}

export interface RoomRejoin {
  roomId: string;
  /** the match that just began */
  matchId: string;
}

export interface RoomUpdate {
  room: RoomSummary;
  /** null for a watcher while spectating is off */
  snapshot: Snapshot | null;
  /** the seat this socket holds (null to watch) */
  seat: Seat | null;
}

/** What changed since a channel's previous update: see delta.ts for the patch's form. */
export interface RoomDelta {
  /** the match's number in the room (`snapshot.matchNumber`) */
  match: number;
  /** the seq of the snapshot this applies to */
  fromSeq: number;
  /** the seq of the snapshot it yields */
  toSeq: number;
  /** `valueHash` of `{ room, snapshot }`: the summary and snapshot it yields */
  hash: string;
  /** changes to the summary and the snapshot held */
  patch: { room?: Patch; snapshot?: Patch };
}

export interface ServerToClient {
  'room:update': (update: RoomUpdate) => void;
  'room:delta': (delta: RoomDelta) => void;
  'server:error': (error: ErrorReply) => void;
  'room:rejoin': (notice: RoomRejoin) => void;
  'room:reaction': (reaction: RoomReaction) => void;
}
export type ClientToServer = {
  [N in ClientMessageName]: (payload: ClientMessage<N>, ack: (reply: Reply<N>) => void) => void;
};
