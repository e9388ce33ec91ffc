import type { SeatSummary } from '@mm/protocol';
import type { MatchStatus, Seat, SeatOutcome } from '@mm/rules';
import { seatLetter } from '../../lib/table/format';
import { botPlayingFor, isFreeSeat, seatName } from '../../lib/table/seats';
import { t } from '../../lib/i18n/index.svelte';
import { waitsFor, type Turn } from './turn';

/** Texts shared by the families' tables (call them where `t()` is reactive: markup or $derived). */

/** Each seat's name at the table ("Bot B" for a bot, "Seat C" while free): read it where `t()` is reactive. */
export const seatNames =
  (seats: readonly SeatSummary[]) =>
  (seat: number): string =>
    seatName(seats[seat], seat, t);

/**
 * The status line every table shares, or null where the family's own applies (this phone's
 * move, or the move of a seated player): the match over, nobody to wait for yet, a free seat
 * that owes the move, or a bot playing for someone away.
 */
export function sharedStatus(turn: Turn, seats: readonly SeatSummary[], seat: Seat | null): string | null {
  if (turn.kind === 'finished') return t('status.finished');
  if (turn.kind === 'none') return t('status.waitPlayers');
  if (waitsFor(turn, seat)) return null;
  const free = turn.actors.find((s) => isFreeSeat(seats[s]));
  if (free !== undefined) return t('status.waitSeat', { letter: seatLetter(free) });
  // with two seats owing at once (Parker's secrets), the family says so itself
  return turn.actors.length === 1 ? botStatus(seats, turn.actor, seat) : null;
}

/**
 * The status line of a secret or a guess to play: "your …" for the player to move, "waiting
 * for …" for the other seated players, "… is …" for spectators.
 */
export function moveStatus(move: 'secret' | 'guess', mine: boolean, seated: boolean, name: string): string {
  if (move === 'secret')
    return mine ? t('status.yourSecret') : seated ? t('status.waitSecret', { name }) : t('status.watchSecret', { name });
  return mine ? t('status.yourGuess') : seated ? t('status.waitGuess', { name }) : t('status.watchGuess', { name });
}

/**
 * The status line while a bot plays `actor`'s seat for someone away ("Bot B is playing for
 * Eve…"), or null when that seat's holder plays it (or it is this phone's own seat).
 */
export const botStatus = (seats: readonly SeatSummary[], actor: number, seat: number | null): string | null =>
  actor === seat ? null : botPlayingFor(seats[actor], actor, t);

/** The big line of a finished two-seat match: this phone's win or loss, a draw, or who won. */
export function matchResultText(result: SeatOutcome | null, status: MatchStatus, nameOf: (seat: number) => string): string {
  if (result === 'win') return t('result.win');
  if (result === 'lose') return t('result.lose');
  if (status.draw) return t('result.draw');
  const w = status.winners[0];
  return w === undefined ? t('result.draw') : t('result.winner', { name: nameOf(w) });
}

/** "Alice 2 — Bob 1": every seat's name and score. */
export const scoreLine = (
  seats: readonly { index: number }[],
  scores: readonly number[],
  nameOf: (seat: number) => string,
): string => seats.map((s) => `${nameOf(s.index)} ${scores[s.index] ?? 0}`).join(' — ');
