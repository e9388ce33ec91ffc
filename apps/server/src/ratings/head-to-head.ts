// Two players' record against each other, from every finished match both sat in. Pure: the route
// reads the matches (newest first) and this counts them, places as the ratings take them.
import type { HeadToHead, HeadToHeadRecord } from '@mm/protocol';
import { asResult, placesOf, type SeatOfMatch } from './outcome';

export interface SharedMatch {
  family: string;
  finishedAt: Date;
  /** the stored result (JSON); a match without a family's result counts for neither */
  result: unknown;
  /** every seat of the match */
  seats: readonly SeatOfMatch[];
}

type Outcome = HeadToHead['last'][number]['outcome'];

/** How `me` did against `them` in one match: by each one's best place, equal places a draw. */
export function outcomeBetween(match: SharedMatch, me: string, them: string): Outcome | null {
  const result = asResult(match.result);
  if (result === null) return null;
  const places = placesOf(match.family, result, match.seats);
  const best = (player: string): number | null => {
    const mine = match.seats.filter((s) => s.playerId === player).map((s) => places.get(s.seat)!);
    return mine.length === 0 ? null : Math.min(...mine);
  };
  const [a, b] = [best(me), best(them)];
  if (a === null || b === null) return null;
  return a < b ? 'won' : a > b ? 'lost' : 'drawn';
}

const tally = (record: HeadToHeadRecord, outcome: Outcome): void => {
  record[outcome]++;
};

/** `matches`: the finished matches both sat in, newest first. */
export function headToHead(matches: readonly SharedMatch[], me: string, them: string): HeadToHead {
  const total = { won: 0, lost: 0, drawn: 0 };
  const byFamily = new Map<string, HeadToHeadRecord>();
  const last: HeadToHead['last'] = [];
  for (const match of matches) {
    const outcome = outcomeBetween(match, me, them);
    if (outcome === null) continue;
    tally(total, outcome);
    const family = byFamily.get(match.family) ?? { won: 0, lost: 0, drawn: 0 };
    tally(family, outcome);
    byFamily.set(match.family, family);
    if (last.length < 5) last.push({ family: match.family, at: match.finishedAt.toISOString(), outcome });
  }
  const played = (r: HeadToHeadRecord): number => r.won + r.lost + r.drawn;
  const families = [...byFamily]
    .map(([family, r]) => ({ family, ...r }))
    .sort((a, b) => played(b) - played(a) || a.family.localeCompare(b.family));
  return { total, families, last };
}
