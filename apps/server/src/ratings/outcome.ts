// Where a finished match's result becomes places. The one adapter between the families and the
// ratings (and the head-to-head): when the families say their own rank (the Family contract's
// `rank`/`outcome`), only `seatRanks` changes.
import { getFamily } from '@mm/rules';

/** A finished match's result as the match row keeps it (the family's own status). */
export interface FinishedResult {
  winners: readonly number[];
  draw: boolean;
  scores: readonly number[];
}

const seatNumbers = (v: unknown): v is number[] => Array.isArray(v) && v.every((n) => typeof n === 'number');

/** A stored result (JSON) read as the family's status wrote it; null for anything else. */
export function asResult(stored: unknown): FinishedResult | null {
  if (stored === null || typeof stored !== 'object') return null;
  const { winners, draw, scores } = stored as Record<string, unknown>;
  return seatNumbers(winners) && typeof draw === 'boolean' && seatNumbers(scores) ? { winners, draw, scores } : null;
}

/** Who sat in one seat of a finished match, as its MatchPlayer row keeps it. */
export interface SeatOfMatch {
  seat: number;
  /** null: a bot, or a person without a player (seated before players, or deleted since) */
  playerId: string | null;
  /** a bot was playing the seat for its person when the match finished */
  abandoned: boolean;
}

/**
 * Each seat's place, 1 for the top, equal places for a tie: the family's own `rank` where it places
 * every seat; any other family has its winners first and everyone else after them, or everyone
 * first on a draw.
 */
export function seatRanks(familyId: string, result: FinishedResult, seats: number): number[] {
  const all = Array.from({ length: seats }, (_, seat) => seat);
  const rank = getFamily(familyId)?.rank;
  if (rank && result.scores.length === seats) return rank(result.scores);
  if (result.draw) return all.map(() => 1);
  return all.map((seat) => (result.winners.includes(seat) ? 1 : 2));
}

/**
 * The places that count between people: the family's, except that a seat its person abandoned (a
 * bot finished it for them) is last, below every seat played to the end, tied with any other
 * abandoned one, whatever the bot achieved.
 */
export function placesOf(familyId: string, result: FinishedResult, seats: readonly SeatOfMatch[]): Map<number, number> {
  const ranks = seatRanks(familyId, result, seats.length);
  const kept = seats.filter((s) => !s.abandoned).map((s) => ranks[s.seat] ?? 1);
  const last = Math.max(0, ...kept) + 1;
  return new Map(seats.map((s) => [s.seat, s.abandoned ? last : (ranks[s.seat] ?? 1)]));
}
