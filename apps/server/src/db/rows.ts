// What the stores hand out, and how a database row becomes one: shared by the action log, the
// rooms-and-seats store and the history reader, so each row is read one way everywhere.
import { BOT_STRENGTHS, DEFAULT_BOT_STRENGTH, type BotStrength } from '@mm/rules';
import type { KeptSeat } from './challenges-store.js';
import { Prisma } from '../generated/prisma/client.js';

export interface StoredAction {
  seq: number;
  seat: number;
  actionId: string;
  payload: unknown;
  /** the salt of a secret's commitment; null for every other action */
  salt: string | null;
  createdAt: Date;
}
export interface StoredSeat {
  index: number;
  name: string | null;
  tokenHash: string | null;
  deviceId: string | null;
  /** the player holding the seat (every device of theirs may play it); null for a bot or a claim made without a device */
  playerId: string | null;
  /** a bot plays the seat (alone, with no token; or for its person when `takenOver`) */
  bot: boolean;
  /** the bot plays for the person whose name, token and device the seat keeps */
  takenOver: boolean;
  /** how well the bot plays (meaningful only while `bot`) */
  botStrength: BotStrength;
  /** when the seat was last taken, by a person or a bot (the database's clock); null while free */
  claimedAt: Date | null;
}
export interface StoredMatch {
  id: string;
  number: number;
  family: string;
  options: unknown;
  seed: string;
  createdAt: Date;
  finishedAt: Date | null;
  result: unknown | null;
  /** the salt of the commitment to the seed; null for matches made before commitments */
  salt: string | null;
  /** a simultaneous start's gate (rooms/start-gate.ts); a match of another family ignores it */
  start: StoredStartGate;
}
/** Who said ready, when the countdown ends (null: it does not run) and when the match opened (null: not yet). */
export interface StoredStartGate {
  ready: number[];
  startsAt: Date | null;
  startedAt: Date | null;
}
export interface StoredRoom {
  id: string;
  family: string;
  options: unknown;
  createdAt: Date;
  /** the player whose device made the room (null: made without a device, or that player deleted) */
  creatorPlayerId: string | null;
  /** watchers see the match */
  spectators: boolean;
  /** seated players may ask for hints */
  hints: boolean;
  /** seconds a person must be gone before the others may hand the seat to a bot; null: never */
  takeOverAfterSec: number | null;
  /** the turn timer: seconds a seat has for each move; null: none */
  turnSeconds: number | null;
  /** a Code of the day's room: the puzzle number its one match plays; null for any other room */
  daily: number | null;
  seats: StoredSeat[];
  /** seats that accepted a rematch of the newest match */
  rematchVotes: number[];
  /** The newest match. */
  match: StoredMatch;
  /** Of that match, by seq. */
  actions: StoredAction[];
  /** a room made as a challenge: its newest challenge (the seat kept for a friend); absent or null for any other */
  challenge?: KeptSeat | null;
}
export interface StoredMatchPlayer {
  seat: number;
  name: string;
  deviceId: string | null;
  playerId: string | null;
}

/** One match with everything a replay or the history needs. */
export interface StoredMatchRecord {
  match: StoredMatch;
  roomId: string;
  /** the room's spectating setting (it governs the public view of an unfinished match) */
  spectators: boolean;
  /** the room is a Code of the day's: its puzzle number (null for any other) */
  daily: number | null;
  players: StoredMatchPlayer[];
  actions: StoredAction[];
}

/** One line of a device's history. */
export interface StoredMatchSummary {
  match: StoredMatch;
  roomId: string;
  /** the room is a Code of the day's: its puzzle number (null for any other) */
  daily: number | null;
  players: StoredMatchPlayer[];
}

/**
 * Prisma's JSON input type excludes `undefined`, functions, cycles and a top-level
 * null; a round trip through JSON text turns anything serialisable into exactly
 * what will be read back, and fails loudly on the rest.
 */
export function json(value: unknown, what: string): Prisma.InputJsonValue | typeof Prisma.JsonNull {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  const parsed: unknown = JSON.parse(text);
  return parsed === null ? Prisma.JsonNull : (parsed as Prisma.InputJsonValue);
}

/**
 * The columns a unique violation names. Adapters differ: pg reports the index
 * (`Action_pkey`, `Action_matchId_actionId_key`), PGlite the quoted column list.
 */
export function uniqueViolationTarget(e: unknown): string[] | null {
  if (!(e instanceof Prisma.PrismaClientKnownRequestError) || e.code !== 'P2002') return null;
  const meta: Record<string, unknown> = e.meta ?? {};
  const names: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === 'string') names.push(v.replaceAll('"', ''));
    else if (Array.isArray(v)) v.forEach(collect);
  };
  collect(meta['target']);
  const adapterError = meta['driverAdapterError'];
  if (adapterError instanceof Error && typeof adapterError.cause === 'object' && adapterError.cause !== null) {
    const constraint: unknown = (adapterError.cause as { constraint?: unknown }).constraint;
    if (typeof constraint === 'object' && constraint !== null) {
      const c = constraint as { fields?: unknown; index?: unknown };
      collect(c.fields);
      collect(c.index);
    }
  }
  return names;
}

/** A Seat row as stored: the strength is plain text there, read back into a `BotStrength`. */
type SeatRow = Omit<StoredSeat, 'botStrength'> & { botStrength: string };
const strengthOf = (s: string): BotStrength =>
  (BOT_STRENGTHS as readonly string[]).includes(s) ? (s as BotStrength) : DEFAULT_BOT_STRENGTH;
export const toSeat = (s: SeatRow): StoredSeat => ({
  index: s.index,
  name: s.name,
  tokenHash: s.tokenHash,
  deviceId: s.deviceId,
  playerId: s.playerId,
  bot: s.bot,
  takenOver: s.takenOver,
  botStrength: strengthOf(s.botStrength),
  claimedAt: s.claimedAt,
});

type ActionRow = { seq: number; seat: number; actionId: string; payload: Prisma.JsonValue; salt: string | null; createdAt: Date };
export const toAction = (a: ActionRow): StoredAction => ({
  seq: a.seq,
  seat: a.seat,
  actionId: a.actionId,
  payload: a.payload,
  salt: a.salt,
  createdAt: a.createdAt,
});

type MatchRow = {
  id: string;
  number: number;
  family: string;
  options: Prisma.JsonValue;
  seed: string;
  salt: string | null;
  createdAt: Date;
  finishedAt: Date | null;
  result: Prisma.JsonValue;
  readySeats: number[];
  startsAt: Date | null;
  startedAt: Date | null;
};
export const toMatch = (m: MatchRow): StoredMatch => ({
  id: m.id,
  number: m.number,
  family: m.family,
  options: m.options,
  seed: m.seed,
  salt: m.salt,
  createdAt: m.createdAt,
  finishedAt: m.finishedAt,
  result: m.result,
  start: { ready: [...m.readySeats], startsAt: m.startsAt, startedAt: m.startedAt },
});
export const toPlayer = (p: StoredMatchPlayer): StoredMatchPlayer => ({
  seat: p.seat,
  name: p.name,
  deviceId: p.deviceId,
  playerId: p.playerId,
});
