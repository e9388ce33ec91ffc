// Ratings per family with openskill (Weng-Lin; its default model, Plackett-Luce, for any number of
// seats). Pure: the store calls `rateFinish` inside the transaction that records a match's finish,
// and `foldRatings` replays the stored matches to show the stored ratings are exactly their fold.
import { ordinal, rate, rating } from 'openskill';
import { asResult, placesOf, type SeatOfMatch } from './outcome';

export interface RatingValue {
  mu: number;
  sigma: number;
}

/** A finished match as the store keeps it: what decides whether it is rated and how. */
export interface FinishedMatchFacts {
  family: string;
  /** the stored result (JSON): anything but a family's status rates nobody */
  result: unknown;
  /** a Code of the day's match: one seat against the house, never rated */
  daily: boolean;
  seats: readonly SeatOfMatch[];
}

/** One person's place in a rated match (1: first). */
export interface Placing {
  playerId: string;
  rank: number;
}

/**
 * The people a finished match rates, with their places; null when it rates nobody: a Code of the
 * day, fewer than two seats, a seat without a person (a bot from the start, a deleted player), one
 * person in two seats, or every seat abandoned.
 */
export function placings(match: FinishedMatchFacts): Placing[] | null {
  const { seats } = match;
  const result = asResult(match.result);
  if (match.daily || result === null || seats.length < 2 || seats.some((s, i) => s.seat !== i)) return null;
  const people = seats.map((s) => s.playerId);
  if (people.some((p) => p === null) || new Set(people).size !== people.length) return null;
  if (seats.every((s) => s.abandoned)) return null;
  const places = placesOf(match.family, result, seats);
  return seats.map((s) => ({ playerId: s.playerId!, rank: places.get(s.seat)! }));
}

/** A player's rating before their first rated match of a family. */
export const FIRST_RATING: RatingValue = rating();

/** The new ratings of `places`' players, in their order, from `prior` (same order; null: none yet). */
export function rateFinish(places: readonly Placing[], prior: readonly (RatingValue | null)[]): RatingValue[] {
  const teams = prior.map((r) => [rating(r ?? FIRST_RATING)]);
  const rated = rate(teams, { rank: places.map((p) => p.rank) });
  return rated.map(([r]) => ({ mu: r!.mu, sigma: r!.sigma }));
}

/** The one integer a rating is shown as: openskill's conservative ordinal (mu − 3σ), scaled so a newcomer has 1000. */
export const shownRating = (r: RatingValue): number => Math.round(ordinal(r, { alpha: 40, target: 1000 }));

export interface FoldedRating extends RatingValue {
  games: number;
}

/** `playerId family`: the key of a player's rating in one family. */
export const ratingKey = (playerId: string, family: string): string => `${playerId} ${family}`;

/** One player's rating right after one rated match. */
export interface RatingStep extends RatingValue {
  matchId: string;
  playerId: string;
  family: string;
  at: Date;
}

/**
 * Every rating, folded from the finished matches in the order they finished, and each rated
 * match's new ratings (`steps`, in that order): what the finishes wrote one at a time.
 */
export function foldRatings(matches: Iterable<FinishedMatchFacts & { id?: string; finishedAt?: Date }>): Map<
  string,
  FoldedRating
> & {
  steps: RatingStep[];
} {
  const ratings = Object.assign(new Map<string, FoldedRating>(), { steps: [] as RatingStep[] });
  for (const match of matches) {
    const places = placings(match);
    if (places === null) continue;
    const keys = places.map((p) => ratingKey(p.playerId, match.family));
    const next = rateFinish(
      places,
      keys.map((k) => ratings.get(k) ?? null),
    );
    keys.forEach((k, i) => ratings.set(k, { ...next[i]!, games: (ratings.get(k)?.games ?? 0) + 1 }));
    places.forEach((p, i) =>
      ratings.steps.push({
        matchId: match.id ?? '',
        playerId: p.playerId,
        family: match.family,
        at: match.finishedAt ?? new Date(0),
        ...next[i]!,
      }),
    );
  }
  return ratings;
}

/** The store's `MatchRater`: who a finished match rates, and how; and all of them at once. */
export const matchRater = {
  placings,
  rate: rateFinish,
  fold: (matches: readonly StoredFinishLike[]) => foldRatings(matches).steps,
};
type StoredFinishLike = FinishedMatchFacts & { id: string; finishedAt: Date };
