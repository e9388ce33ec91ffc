import { seatLetter, TAKEOVER_SECONDS, type RoomSummary, type SeatSummary } from '@mm/protocol/pure';
import { boundedChoices } from './bounds';
import type { BotStrength, Seat } from '@mm/rules/pure';

/**
 * Readings of the room's seats. A seat is free when nobody, person or bot, sits in it
 * (a bot's seat may carry no name). A seat a bot plays for someone away (`takenOver`)
 * keeps that person's name: the person gets it back by coming back.
 */
export const isFreeSeat = (s: SeatSummary | undefined): boolean => !!s && s.name === null && !s.bot;

/**
 * Whether `viewer` (a seated player) may offer to hand `seat` to a bot: the room allows
 * takeovers, the match is on, and a person (not a bot) sits there but is disconnected.
 * The server alone decides whether they have been away long enough (NOT_AWAY).
 */
export function canOfferTakeover(
  room: Pick<RoomSummary, 'seats' | 'takeOverAfterSec' | 'status'>,
  seat: Seat,
  viewer: Seat | null,
): boolean {
  const s = room.seats[seat];
  return (
    room.takeOverAfterSec !== null &&
    !room.status.finished &&
    viewer !== null &&
    viewer !== seat &&
    !!s &&
    s.name !== null &&
    !s.bot &&
    !s.connected
  );
}

/** The choices offered for `takeOverAfterSec` on the home page (null: never). */
export const TAKEOVER_CHOICES = boundedChoices([null, 30, 60, 120, 300], TAKEOVER_SECONDS);

type Translate = (key: 'room.seat' | 'bot.name', params: { letter: string }) => string;

/** The name to show for a seat: its holder's, else "Bot B" for a nameless bot, else "Seat B". */
export function seatName(s: SeatSummary | undefined, index: Seat, t: Translate): string {
  if (s?.name) return s.name;
  const letter = seatLetter(index);
  return s?.bot ? t('bot.name', { letter }) : t('room.seat', { letter });
}

/**
 * The status line for a seat a bot plays for someone away ("Bot B is playing for Eve…"),
 * or null when its holder plays it (or it is a bot's own seat).
 */
export function botPlayingFor(
  s: SeatSummary | undefined,
  index: Seat,
  t: (key: 'bot.name' | 'status.botPlaying', params: Record<string, string>) => string,
): string | null {
  if (!s?.bot || !s.takenOver || !s.name) return null;
  return t('status.botPlaying', { bot: t('bot.name', { letter: seatLetter(index) }), name: s.name });
}

/** What a room adds to its family's rules (POST /api/rooms: `bots`, `hints`, `takeOverAfterSec`). */
export interface RoomSettings {
  /** seats a bot takes from the start */
  bots: Seat[];
  /** how well they play */
  botStrength: BotStrength;
  hints: boolean;
  takeOverAfterSec: number | null;
  /** the turn timer (seconds per move); null: none */
  turnSeconds: number | null;
}

// a newcomer's bot should leave them a game: medium unless they choose otherwise
export const defaultRoomSettings = (): RoomSettings => ({
  bots: [],
  botStrength: 'medium',
  hints: false,
  takeOverAfterSec: null,
  turnSeconds: null,
});

/** The settings as sent: only bots on seats the room has, in seat order, each once. */
export function settingsBody(s: RoomSettings, seats: number): RoomSettings {
  const bots = [...new Set(s.bots)].filter((b) => Number.isInteger(b) && b >= 0 && b < seats).sort((a, b) => a - b);
  return { bots, botStrength: s.botStrength, hints: s.hints, takeOverAfterSec: s.takeOverAfterSec, turnSeconds: s.turnSeconds };
}
