// A player's statistics per family (GET /api/me/stats), from their finished matches as the history
// keeps them. Pure: the route reads the rows and each match's review view, this only counts, so
// the counting is tested without a database. What counts is the rules' own: the result (winners,
// scores) read through its `outcome` and `rank`, and the guesses each code broken took (the family's
// `codesBroken`, read from its review view).
import type { FamilyStats, StatsReply } from '@mm/protocol';
import { getFamily } from '@mm/rules';

export interface StatsMatch {
  family: string;
  /** the match's options (`pegs`: the code size) */
  options: unknown;
  /** the player's seats in the match */
  seats: readonly number[];
  result: { winners: readonly number[]; draw: boolean; scores: readonly number[] };
  /** the family's review view of the finished match */
  review: unknown;
  /** a Code of the day's match: counted by the daily's own statistics (GET /api/daily/me), never here */
  daily?: boolean;
}

const pegsOf = (options: unknown): number | null => {
  const pegs = (options as { pegs?: unknown } | null)?.pegs;
  return typeof pegs === 'number' && Number.isInteger(pegs) && pegs > 0 ? pegs : null;
};

/** The guesses each code the player broke took, as its family counts them. */
export function guessesToBreak(match: StatsMatch): number[] {
  const codesBroken = getFamily(match.family)?.codesBroken;
  return codesBroken ? match.seats.flatMap((seat) => codesBroken(match.review, seat)) : [];
}

/** The best rank of the player's seats, 1 for the top, as the family places every seat (`rank`); null when it does not. */
export function rankOf(match: StatsMatch): number | null {
  const rank = getFamily(match.family)?.rank;
  if (!rank || match.result.scores.length === 0 || match.seats.length === 0) return null;
  const ranks = rank(match.result.scores);
  return Math.min(...match.seats.map((seat) => ranks[seat] ?? ranks.length));
}

const won = (m: StatsMatch): boolean => getFamily(m.family)?.outcome(m.result, m.seats) === 'win';

/** `matches`: the player's finished matches, oldest first; a Code of the day's is no race and counts nowhere here. */
export function playerStats(all: readonly StatsMatch[]): StatsReply {
  const matches = all.filter((m) => !m.daily);
  const byFamily = new Map<string, StatsMatch[]>();
  for (const m of matches) byFamily.set(m.family, [...(byFamily.get(m.family) ?? []), m]);
  const families: FamilyStats[] = [...byFamily].map(([family, ms]) => {
    let run = 0;
    let longestWinRun = 0;
    for (const m of ms) {
      run = won(m) ? run + 1 : 0;
      longestWinRun = Math.max(longestWinRun, run);
    }
    const ranks: number[] = [];
    for (const m of ms) {
      const rank = rankOf(m);
      if (rank === null) continue;
      while (ranks.length < rank) ranks.push(0);
      ranks[rank - 1]!++;
    }
    const bySize = new Map<number, number[]>();
    for (const m of ms) {
      const pegs = pegsOf(m.options);
      const guesses = guessesToBreak(m);
      if (pegs === null || guesses.length === 0) continue;
      bySize.set(pegs, [...(bySize.get(pegs) ?? []), ...guesses]);
    }
    const breaks = [...bySize]
      .sort(([a], [b]) => a - b)
      .map(([pegs, guesses]) => {
        const histogram = Array.from({ length: Math.max(...guesses) }, () => 0);
        for (const g of guesses) histogram[g - 1]!++;
        return {
          pegs,
          codes: guesses.length,
          average: Math.round((guesses.reduce((a, b) => a + b, 0) / guesses.length) * 100) / 100,
          best: Math.min(...guesses),
          histogram,
        };
      });
    const firstRank = ranks.findIndex((n) => n > 0);
    return {
      family,
      played: ms.length,
      won: ms.filter(won).length,
      longestWinRun,
      ranks,
      bestRank: firstRank === -1 ? null : firstRank + 1,
      breaks,
    };
  });
  families.sort((a, b) => b.played - a.played || a.family.localeCompare(b.family));
  return { families, matches: matches.length };
}
