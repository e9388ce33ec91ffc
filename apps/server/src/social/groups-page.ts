// A group page (GET /api/groups/:id) worked out from the stored facts at `now`: pure, so what a member
// may see is decided here, once. Of the Code of the day it shows ended attempts only, and their rows
// used and result: never a running attempt, its room, nor any code (docs/rules.md §8).
import type { GroupPageReply } from '@mm/protocol';
import { dailyStats, getFamily, isRevealed, puzzleNumberOf } from '@mm/rules';
import { asResult } from '../ratings/outcome';
import { shownRating } from '../ratings/rate';
import type { GroupFacts, MemberAttempt, WeekMatch } from './groups-store';
import { isoDateOf, leagueTable, localDateOf, weekOf, type LeagueLine, type LeagueOutcome } from './league';
import { publicPersonId } from './store';

type Rating = { playerId: string; family: string; mu: number; sigma: number; games: number };

const byPlayedThenName = <T extends { played: number; family: string }>(a: T, b: T): number =>
  b.played - a.played || a.family.localeCompare(b.family);

/** How each seat of a listed match ended: a seat a bot finished for its person lost. */
function seatOutcomes(match: WeekMatch): LeagueOutcome[] {
  const result = asResult(match.result);
  const family = getFamily(match.family);
  return match.seats.map((s) => (result === null || !family || s.abandoned ? 'lose' : family.outcome(result, [s.seat])));
}

/** An attempt that has ended, as a member's line shows it; null while it runs (its puzzle not yet revealed). */
function ended(a: MemberAttempt, now: Date): { n: number; status: 'won' | 'lost' | 'unfinished'; guesses: number } | null {
  if (a.status !== 'playing') return { n: a.n, status: a.status, guesses: a.guesses };
  return isRevealed(a.n, now) ? { n: a.n, status: 'unfinished', guesses: a.guesses } : null;
}

export function groupPage(
  facts: GroupFacts,
  data: { now: Date; matches: readonly WeekMatch[]; attempts: readonly MemberAttempt[]; ratings: readonly Rating[] },
  viewer: string,
  week: ReturnType<typeof weekOf>,
  shownMatches: number,
): GroupPageReply {
  const { now } = data;
  const ids = new Set(facts.members.map((m) => m.playerId));
  const league = leagueTable(data.matches, ids);
  const line = (l: LeagueLine) => ({ points: l.points, won: l.won, drawn: l.drawn, lost: l.lost, played: l.played });

  const members = facts.members.map((m) => {
    const entry = league.get(m.playerId)!;
    return {
      id: publicPersonId(m.playerId),
      name: m.name,
      maker: m.playerId === facts.makerId,
      joinedAt: m.joinedAt.toISOString(),
      ratings: data.ratings
        .filter((r) => r.playerId === m.playerId)
        .sort((a, b) => b.games - a.games || a.family.localeCompare(b.family))
        .map((r) => ({ family: r.family, rating: shownRating(r), games: r.games })),
      week: {
        ...line(entry.total),
        families: [...entry.families].map(([family, l]) => ({ family, ...line(l) })).sort(byPlayedThenName),
      },
    };
  });
  members.sort((a, b) => b.week.points - a.week.points || b.week.won - a.week.won || a.name.localeCompare(b.name));

  const today = puzzleNumberOf(isoDateOf(localDateOf(now, facts.timeZone)));
  const monday = puzzleNumberOf(isoDateOf(week.monday));
  const weekNumbers = Array.from({ length: today - monday + 1 }, (_, i) => monday + i).filter((n) => n >= 1);
  const daily = facts.members.map((m) => {
    const mine = data.attempts.filter((a) => a.playerId === m.playerId).flatMap((a) => ended(a, now) ?? []);
    const stats = dailyStats(
      mine.map((a) => ({ n: a.n, guesses: a.status === 'won' ? a.guesses : null })),
      today,
    );
    return {
      id: publicPersonId(m.playerId),
      name: m.name,
      streak: stats.currentStreak,
      results: mine.filter((a) => weekNumbers.includes(a.n)).sort((a, b) => a.n - b.n),
    };
  });
  const wins = (d: (typeof daily)[number]): number => d.results.filter((r) => r.status === 'won').length;
  const rows = (d: (typeof daily)[number]): number => d.results.reduce((sum, r) => sum + r.guesses, 0);
  daily.sort((a, b) => wins(b) - wins(a) || rows(a) - rows(b) || a.name.localeCompare(b.name));

  return {
    id: facts.id,
    name: facts.name,
    timeZone: facts.timeZone,
    token: facts.token,
    you: publicPersonId(viewer),
    week: { start: week.start.toISOString(), end: week.end.toISOString(), monday: isoDateOf(week.monday) },
    members,
    matches: data.matches.slice(0, shownMatches).map((match) => {
      const outcomes = seatOutcomes(match);
      return {
        id: match.id,
        family: match.family,
        finishedAt: match.finishedAt.toISOString(),
        players: match.seats.map((s, i) => ({
          name: s.name,
          member: s.playerId !== null && ids.has(s.playerId) ? publicPersonId(s.playerId) : null,
          outcome: outcomes[i]!,
        })),
      };
    }),
    daily: { today, week: weekNumbers, members: daily },
  };
}
