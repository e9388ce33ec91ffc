import type { RoomChallenge } from './challenges';
import { z } from 'zod';
import {
  BOT_STRENGTHS,
  DEFAULT_BOT_STRENGTH,
  families,
  type AnyFamily,
  type BotStrength,
  type FamilyId,
  type MatchStatus,
  type MatchView,
  type Seat,
} from '@mm/rules';
import type { Commitment } from './fairness';
import type { Snapshot } from './snapshot';
import { DEVICE_TOKEN_HEADER, TAKEOVER_SECONDS, TURN_SECONDS } from './constants';
import { matchIdSchema, seatIndexSchema, tokenSchema } from './ids';
import { displayNameSchema } from './display-name';

/**
 * What a room adds to its family's rules (docs/rules.md §5): the same for every family.
 * - `bots`: seats a bot takes from the start, and `botStrength` how well they play;
 * - `hints`: a "hint" button during play (public: the summary says so);
 * - `takeOverAfterSec`: once a seated person has been gone this long, the other players
 *   may hand the seat to a bot until the person returns (null: never);
 * - `turnSeconds`: the turn timer (docs/rules.md §5): a seat that owes a move this long after the
 *   latest accepted action (or the match's start) gets a server-appended `timeout` (null: no timer).
 */
export const roomSettingsShape = {
  bots: z.array(seatIndexSchema).max(8).default([]),
  /** how well the bots of `bots` play */
  botStrength: z.enum(BOT_STRENGTHS).default(DEFAULT_BOT_STRENGTH),
  hints: z.boolean().default(false),
  takeOverAfterSec: z.number().int().min(TAKEOVER_SECONDS.min).max(TAKEOVER_SECONDS.max).nullable().default(null),
  turnSeconds: z.number().int().min(TURN_SECONDS.min).max(TURN_SECONDS.max).nullable().default(null),
};

/**
 * The creator plays: creating the room seats them in its first seat no bot plays, in the same
 * request (the reply carries the seat token), so there is no moment when the creator is not
 * seated. Without a name they sit as "Player A" (by the seat's letter). Left out: the creator
 * only hosts (or watches a table of bots) and may take a free seat later like anyone.
 */
export const creatorSeatSchema = z
  .object({ name: displayNameSchema.optional().describe('left out: "Player A", by the seat letter') })
  .strict();

/** POST /api/rooms for one family. Options may be left out entirely: `prefault` parses `{}`, so every field gets its default. */
const createRoomBodyOf = (family: AnyFamily) =>
  z
    .object({
      family: z.literal(family.id),
      options: family.optionsSchema.prefault({}),
      ...roomSettingsShape,
      sit: creatorSeatSchema.optional(),
    })
    .strict();

let bodySchema: z.ZodType<CreateRoomBodyParsed, CreateRoomBody> | null = null;

/**
 * POST /api/rooms: one branch per registered family, made from the registry (once, when first
 * used: the registry is fixed by then), so the protocol never lists families itself.
 */
export function createRoomBodySchema(): z.ZodType<CreateRoomBodyParsed, CreateRoomBody> {
  if (!bodySchema) {
    const [first, ...rest] = Object.values(families()).map(createRoomBodyOf);
    bodySchema = z.discriminatedUnion('family', [first!, ...rest]);
  }
  return bodySchema;
}
export type CreateRoomBody = z.input<ReturnType<typeof createRoomBodyOf>>;
export type CreateRoomBodyParsed = z.output<ReturnType<typeof createRoomBodyOf>>;

/** Headers of POST /api/rooms: the device token is optional (a room without it has no creator). */
export const createRoomHeadersSchema = z.object({ [DEVICE_TOKEN_HEADER]: tokenSchema.optional() });
/** Headers of GET /api/matches: "me" is this device. */
export const matchListHeadersSchema = z.object({ [DEVICE_TOKEN_HEADER]: tokenSchema });

/** GET /api/matches?player=me&limit=…&cursor=…: newest first; `cursor` is the `nextCursor` of the previous page. */
export const matchListQuerySchema = z
  .object({
    player: z.literal('me'),
    limit: z.coerce.number().int().min(1).max(50).default(20),
    cursor: matchIdSchema.optional(),
  })
  .strict();
export type MatchListQuery = z.input<typeof matchListQuerySchema>;

/** GET /api/matches/:id */
export const matchParamsSchema = z.object({ id: matchIdSchema }).strict();

export interface CreateRoomReply {
  id: string;
  url: string;
  /** the creator's seat when the request asked to `sit`, else null */
  seated: CreatorSeat | null;
}

/** The creator's seat, as `seat:claim` would have answered (the token is theirs alone). */
export interface CreatorSeat {
  seat: Seat;
  name: string;
  seatToken: string;
}

export interface SeatSummary {
  index: number;
  name: string | null;
  connected: boolean;
  /** a bot plays this seat (from the start, added by the creator, or taking over for someone gone) */
  bot: boolean;
  /** a person's seat that a bot plays for now; the person gets it back by coming back */
  takenOver: boolean;
  /** how well the bot plays; null when no bot plays the seat */
  botStrength: BotStrength | null;
}

/** GET /api/rooms/:id and in every room update: public, never hidden information. */
export interface RoomSummary {
  id: string;
  family: FamilyId;
  options: Record<string, unknown>;
  seats: SeatSummary[];
  spectators: number;
  /** false when the creator turned spectating off: watchers then get no snapshot */
  spectating: boolean;
  /** the room was created with hints on: every seated player may ask for one */
  hints: boolean;
  /** null: seats are never handed to a bot; else after how many seconds away they may be */
  takeOverAfterSec: number | null;
  /** null: no turn timer; else the seconds each seat has for a move (docs/rules.md §5) */
  turnSeconds: number | null;
  /** the room's current match (the newest) */
  match: { id: string; number: number };
  /** seats that accepted a rematch of the finished current match */
  rematch: Seat[];
  status: MatchStatus;
  createdAt: string;
  /** a Code of the day's room: the puzzle number its one match plays (absent for any other room) */
  daily?: number;
  /** a room made as a challenge: the seat kept for the friend, and how it ended (absent for any other room) */
  challenge?: RoomChallenge;
  /**
   * A simultaneous start still waiting (the race, Parker: docs/rules.md, "Ready and countdown"):
   * the seats ready (bots always are), when the countdown ends (ms since the epoch; null while it
   * does not run) and the server's clock when this summary was made, so that a client counts down
   * whatever its own clock says. Absent once the match is open, and for every other match.
   */
  start?: { ready: Seat[]; startsAt: number | null; now: number };
}

/** Who sat where in one match (a rematch moves everyone one seat on). */
export interface MatchPlayer {
  seat: Seat;
  name: string;
}

/** The result stored when a match finished. */
export interface MatchResult {
  winners: Seat[];
  draw: boolean;
  scores: number[];
}

/** One line of GET /api/matches. */
export interface MatchListItem {
  id: string;
  roomId: string;
  /** 1 for the room's first match, +1 for every rematch */
  number: number;
  family: FamilyId;
  /** `person`: a player sat there (not a bot, nor someone deleted since): their card answers */
  players: (MatchPlayer & { you: boolean; person: boolean })[];
  /** null while the match is played */
  result: MatchResult | null;
  createdAt: string;
  finishedAt: string | null;
  /** the replay (finished) or public view (unfinished): /m/<id> */
  url: string;
  /** this device owes a move in this (unfinished) match now: /history lists these first */
  yourTurn: boolean;
  /** with a turn timer, when this device's move times out (ISO 8601); else null */
  deadline: string | null;
  /** the Code of the day's puzzle number, when this match was a player's attempt at it */
  daily?: number;
}

export interface MatchListReply {
  matches: MatchListItem[];
  /** pass as `cursor` for the next (older) page; null on the last page */
  nextCursor: string | null;
}

/** One accepted action of a finished match's log, with the salt of its commitment if it set a secret. */
export interface LoggedMatchAction {
  seq: number;
  seat: Seat;
  action: unknown;
  salt: string | null;
  at: string;
}

interface MatchDetailBase {
  id: string;
  roomId: string;
  number: number;
  family: FamilyId;
  options: Record<string, unknown>;
  players: MatchPlayer[];
  status: MatchStatus;
  createdAt: string;
  finishedAt: string | null;
  /** the Code of the day's puzzle number, when this match was a player's attempt at it */
  daily?: number;
}

/** GET /api/matches/:id of a finished match: everything, to replay and verify it. */
export interface FinishedMatchDetail extends MatchDetailBase {
  finished: true;
  seed: string;
  /** the match-level salt of the deal commitment (null for matches older than commitments) */
  salt: string | null;
  log: LoggedMatchAction[];
  /** the commitments every snapshot carried while the match was played */
  commitments: Commitment[];
  /** the final state with nothing hidden (`review`) */
  view: MatchView;
}

/** GET /api/matches/:id of a match still being played: only what a spectator may see. */
export interface LiveMatchDetail extends MatchDetailBase {
  finished: false;
  snapshot: Snapshot;
}

export type MatchDetail = FinishedMatchDetail | LiveMatchDetail;

export interface HealthReply {
  ok: true;
  db: 'embedded' | 'postgres';
}
