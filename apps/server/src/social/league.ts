// A group's week and its league (docs/rules.md §8): pure, the clock and the zone are parameters.
// Weeks start on Monday 00:00 in the group's own time zone, read with Intl (the time zone data the
// runtime ships), so a week is 167, 168 or 169 hours long across a change of clocks, and a day whose
// midnight a change skips starts at the first instant it has.
import { getFamily } from '@mm/rules';
import { asResult } from '../ratings/outcome';

/** Points of a match counted in the league: 3 a win, 1 a draw, 0 a loss. */
export const LEAGUE_POINTS = { win: 3, draw: 1, lose: 0 } as const;

const DAY_MS = 86_400_000;
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** A calendar date of some time zone. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();
function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      weekday: 'short',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The date, weekday (0: Monday) and minutes past midnight that `at` shows in `timeZone`. */
function wallClock(at: Date, timeZone: string): LocalDate & { weekday: number; minutes: number } {
  const parts = Object.fromEntries(
    formatOf(timeZone)
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** The date `at` falls on in `timeZone`. */
export function localDateOf(at: Date, timeZone: string): LocalDate {
  const { year, month, day } = wallClock(at, timeZone);
  return { year, month, day };
}

/** `YYYY-MM-DD` */
export const isoDateOf = (d: LocalDate): string =>
  `${String(d.year).padStart(4, '0')}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

/** The date `days` after `d` (negative: before). */
export function addDays(d: LocalDate, days: number): LocalDate {
  const t = new Date(Date.UTC(d.year, d.month - 1, d.day) + days * DAY_MS);
  return { year: t.getUTCFullYear(), month: t.getUTCMonth() + 1, day: t.getUTCDate() };
}

const sameDate = (a: LocalDate, b: LocalDate): boolean => a.year === b.year && a.month === b.month && a.day === b.day;
/** Local time minus UTC at `at`, in ms (to the minute: no zone of today has seconds). */
function offsetAt(at: Date, timeZone: string): number {
  const w = wallClock(at, timeZone);
  const shown = Date.UTC(w.year, w.month - 1, w.day) + w.minutes * 60_000;
  return shown - Math.floor(at.getTime() / 60_000) * 60_000;
}

/**
 * The first instant of `date` in `timeZone`: its 00:00, or, where a change of clocks skips
 * midnight, the change itself (the day's first minute then reads 01:00).
 */
export function startOfDay(date: LocalDate, timeZone: string): Date {
  const midnight = Date.UTC(date.year, date.month - 1, date.day);
  // The offsets in force a day either side: one of them is midnight's, or the gap's edge.
  const offsets = new Set([offsetAt(new Date(midnight - DAY_MS), timeZone), offsetAt(new Date(midnight + DAY_MS), timeZone)]);
  const candidates = [...offsets]
    .map((offset) => new Date(midnight - offset))
    .filter((at) => sameDate(localDateOf(at, timeZone), date))
    .sort((a, b) => a.getTime() - b.getTime());
  const first = candidates[0];
  if (!first) throw new RangeError(`no instant of ${isoDateOf(date)} found in ${timeZone}`);
  return first;
}

/** The Monday of the week `at` falls in, in `timeZone`. */
export function mondayOf(at: Date, timeZone: string): LocalDate {
  const w = wallClock(at, timeZone);
  return addDays(w, -w.weekday);
}

/** The week `at` falls in, in `timeZone`: from its Monday's first instant to the next Monday's. */
export function weekOf(at: Date, timeZone: string): { monday: LocalDate; start: Date; end: Date } {
  const monday = mondayOf(at, timeZone);
  return { monday, start: startOfDay(monday, timeZone), end: startOfDay(addDays(monday, 7), timeZone) };
}

/** One seat of a finished match, as the league reads it. */
export interface LeagueSeat {
  seat: number;
  playerId: string | null;
  /** a bot finished it for its person: a loss, whatever the bot achieved (as the ratings take it) */
  abandoned: boolean;
}
export interface LeagueMatch {
  family: string;
  result: unknown;
  seats: readonly LeagueSeat[];
}

export type LeagueOutcome = 'win' | 'draw' | 'lose';

/** A member's week: points and what they came from, in all and per family. */
export interface LeagueLine {
  points: number;
  won: number;
  drawn: number;
  lost: number;
  played: number;
}

const emptyLine = (): LeagueLine => ({ points: 0, won: 0, drawn: 0, lost: 0, played: 0 });

/**
 * Each member's outcome in `match` when it counts for the league: at least two members finished it
 * together (others at the table, people or bots, earn nothing and stop nothing). Null: it does not count.
 */
export function memberOutcomes(match: LeagueMatch, members: ReadonlySet<string>): Map<string, LeagueOutcome> | null {
  const result = asResult(match.result);
  const family = getFamily(match.family);
  if (result === null || !family) return null;
  const seatsOf = new Map<string, LeagueSeat[]>();
  for (const seat of match.seats) {
    if (seat.playerId === null || !members.has(seat.playerId)) continue;
    seatsOf.set(seat.playerId, [...(seatsOf.get(seat.playerId) ?? []), seat]);
  }
  if (seatsOf.size < 2) return null;
  const outcomes = new Map<string, LeagueOutcome>();
  for (const [playerId, seats] of seatsOf) {
    const kept = seats.filter((s) => !s.abandoned).map((s) => s.seat);
    outcomes.set(playerId, kept.length === seats.length ? family.outcome(result, kept) : 'lose');
  }
  return outcomes;
}

/** The league of one week's matches: per member, in all and per family. Members without a match have an empty line. */
export function leagueTable(
  matches: readonly LeagueMatch[],
  members: ReadonlySet<string>,
): Map<string, { total: LeagueLine; families: Map<string, LeagueLine> }> {
  const table = new Map([...members].map((m) => [m, { total: emptyLine(), families: new Map<string, LeagueLine>() }]));
  for (const match of matches) {
    for (const [playerId, outcome] of memberOutcomes(match, members) ?? []) {
      const entry = table.get(playerId)!;
      const family = entry.families.get(match.family) ?? emptyLine();
      entry.families.set(match.family, family);
      for (const line of [entry.total, family]) {
        line.played += 1;
        line.points += LEAGUE_POINTS[outcome];
        if (outcome === 'win') line.won += 1;
        else if (outcome === 'draw') line.drawn += 1;
        else line.lost += 1;
      }
    }
  }
  return table;
}
