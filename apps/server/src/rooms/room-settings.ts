// What a room adds to its family's rules (bots, hints, takeovers, the turn timer), checked before a
// room is made, and the one setting its creator changes later: whether watchers see the match.
import { creatorSeat, type ErrorReply, type SettingsReply } from '@mm/protocol';
import { getFamily, type BotStrength, type Seat } from '@mm/rules';
import type { RoomStorage } from '../db/store';
import { fault } from '../errors';
import type { LiveRoom } from './live-room';
import type { RoomCache } from './room-cache';

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
function botSeatsProblem(familyId: string, options: unknown, bots: readonly Seat[]): string | null {
  const family = getFamily(familyId);
  if (!family) return `unknown family ${familyId}`;
  const parsed = family.optionsSchema.safeParse(options);
  if (!parsed.success) return `options: not options of ${familyId}`;
  const seats = family.seatCount(parsed.data);
  const wrong = bots.find((b) => b >= seats);
  if (wrong !== undefined) return `bots: this table has seats 0 to ${seats - 1}; there is no seat ${wrong}`;
  const twice = bots.find((b, i) => bots.indexOf(b) !== i);
  if (twice !== undefined) return `bots: seat ${twice} is listed twice`;
  return null;
}

/** Why a creator who asked to sit cannot: bots play every seat. */
const NO_SEAT_TO_SIT = 'sit: bots play every seat of this table; leave sit out to watch it';

/** The seat a creator who plays takes (`creatorSeat` of the protocol), or null for an unknown family too. */
export function creatorSeatOf(familyId: string, options: unknown, bots: readonly Seat[]): Seat | null {
  const family = getFamily(familyId);
  return family ? creatorSeat(family.seatCount(family.optionsSchema.parse(options)), bots) : null;
}

/** Why a room of this family, options and bot seats cannot be made (`sit`: its creator asked to sit), or null. */
export function newRoomProblem(familyId: string, options: unknown, bots: readonly Seat[], sit: boolean): string | null {
  const problem = botSeatsProblem(familyId, options, bots);
  if (problem) return problem;
  return sit && creatorSeatOf(familyId, options, bots) === null ? NO_SEAT_TO_SIT : null;
}

export class SettingsCommands {
  constructor(
    private readonly cache: RoomCache,
    private readonly store: RoomStorage,
  ) {}

  /** See RoomService.setSpectators. */
  setSpectators(roomId: string, playerId: string | null, on: boolean): Promise<SettingsReply | ErrorReply> {
    return this.cache.withRoom(roomId, null, async (room) => {
      if (!room.isCreator(playerId))
        return fault('NOT_CREATOR', 'Only the player who created this room may change its settings.');
      await this.spectate(room, on);
      return { ok: true };
    });
  }

  /** See RoomService.closeToSpectators. */
  closeToSpectators(roomId: string): Promise<LiveRoom | null> {
    return this.cache.run(roomId, async () => {
      const room = await this.cache.load(roomId);
      if (room?.spectating) await this.spectate(room, false);
      return room;
    });
  }

  private async spectate(room: LiveRoom, on: boolean): Promise<void> {
    await this.store.setSpectators(room.id, on);
    room.setSpectating(on);
    this.cache.announce(room);
    this.cache.announceSettings(room);
  }
}
