// The running score of a table (GET /api/rooms/:id/score): every finished match of one room folded
// into wins and matches played per person, and per family with the family's own points. Pure: the
// route reads the room's finished matches (one query) and this counts them, so a restart changes
// nothing and nothing is kept beside the matches.
import type { TableScoreReply } from '@mm/protocol';
import { getFamily } from '@mm/rules';
import type { StoredFinish } from '../db/store';
import { asResult } from './outcome';

type Entry = TableScoreReply['players'][number];
type FamilyEntry = Entry['families'][number];

/** Who a seat was: its player, whichever seat they sat in; a seat of no player (a bot) by its name. */
const personKey = (seat: StoredFinish['seats'][number]): string =>
  seat.playerId !== null ? `player:${seat.playerId}` : `name:${seat.name}`;

/** `matches`: the room's finished matches in the order they finished. */
export function tableScore(matches: readonly StoredFinish[]): TableScoreReply {
  const people = new Map<string, { entry: Entry; families: Map<string, FamilyEntry> }>();
  for (const match of matches) {
    const result = asResult(match.result);
    const family = getFamily(match.family);
    if (result === null || !family) continue;
    const bySeat = new Map<string, StoredFinish['seats']>();
    for (const seat of match.seats) bySeat.set(personKey(seat), [...(bySeat.get(personKey(seat)) ?? []), seat]);
    for (const [key, seats] of bySeat) {
      // A seat a bot finished for its person is played, never won (as the ratings take it).
      const kept = seats.filter((s) => !s.abandoned).map((s) => s.seat);
      const won = kept.length > 0 && family.outcome(result, kept) === 'win' ? 1 : 0;
      const points = family.pointsAddUp ? seats.reduce((sum, s) => sum + (result.scores[s.seat] ?? 0), 0) : null;
      const person = people.get(key) ?? { entry: { name: '', won: 0, played: 0, families: [] }, families: new Map() };
      person.entry.name = seats[0]!.name;
      person.entry.won += won;
      person.entry.played += 1;
      const f = person.families.get(match.family) ?? {
        family: match.family,
        won: 0,
        played: 0,
        points: points === null ? null : 0,
      };
      f.won += won;
      f.played += 1;
      if (points !== null) f.points = (f.points ?? 0) + points;
      person.families.set(match.family, f);
      people.set(key, person);
    }
  }
  const players = [...people.values()].map(({ entry, families }) => ({
    ...entry,
    families: [...families.values()].sort((a, b) => b.played - a.played || a.family.localeCompare(b.family)),
  }));
  players.sort((a, b) => b.won - a.won || b.played - a.played || a.name.localeCompare(b.name));
  return { players };
}
