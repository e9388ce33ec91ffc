import { describe, expect, it } from 'vitest';
import { isTimeZone } from '@mm/protocol';
import { leagueTable, memberOutcomes, startOfDay, weekOf, type LeagueMatch } from './league';

const at = (iso: string): Date => new Date(iso);
const iso = (d: Date): string => d.toISOString();

describe('the week of a group', () => {
  it('starts on Monday 00:00 in the group’s zone, not in UTC', () => {
    // Sunday 23:30 in Paris is already Monday in UTC+2 and still Sunday in New York.
    const sundayNight = at('2026-11-29T22:30:00Z'); // Sunday 23:30 in Paris (UTC+1)
    expect(iso(weekOf(sundayNight, 'Europe/Paris').start)).toBe('2026-11-22T23:00:00.000Z');
    expect(iso(weekOf(at('2026-11-29T23:00:00Z'), 'Europe/Paris').start)).toBe('2026-11-29T23:00:00.000Z');
    expect(iso(weekOf(sundayNight, 'UTC').start)).toBe('2026-11-23T00:00:00.000Z');
    expect(iso(weekOf(sundayNight, 'Pacific/Auckland').start)).toBe('2026-11-29T11:00:00.000Z');
    expect(iso(weekOf(sundayNight, 'America/New_York').start)).toBe('2026-11-23T05:00:00.000Z');
    expect(iso(weekOf(sundayNight, 'Asia/Kolkata').start)).toBe('2026-11-29T18:30:00.000Z');
  });

  it('takes the Monday boundary itself as the new week, and the instant before as the old one', () => {
    const start = at('2026-11-29T23:00:00Z');
    expect(iso(weekOf(start, 'Europe/Paris').start)).toBe(iso(start));
    expect(iso(weekOf(new Date(start.getTime() - 1), 'Europe/Paris').end)).toBe(iso(start));
    expect(weekOf(start, 'Europe/Paris').monday).toEqual({ year: 2026, month: 11, day: 30 });
  });

  it('is an hour shorter or longer across a change of clocks', () => {
    // Europe springs forward on Sunday 29 March 2026, falls back on Sunday 25 October 2026.
    const spring = weekOf(at('2026-03-25T12:00:00Z'), 'Europe/Berlin');
    expect(iso(spring.start)).toBe('2026-03-22T23:00:00.000Z');
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(167);
    const autumn = weekOf(at('2026-10-21T12:00:00Z'), 'Europe/Berlin');
    expect(iso(autumn.end)).toBe('2026-10-25T23:00:00.000Z');
    expect((autumn.end.getTime() - autumn.start.getTime()) / 3_600_000).toBe(169);
  });

  it('starts a day whose midnight the clocks skip at its first instant', () => {
    // Chile springs forward at midnight (Saturday 5 to Sunday 6 September 2026): that Sunday has no 00:00.
    const sunday = startOfDay({ year: 2026, month: 9, day: 6 }, 'America/Santiago');
    expect(iso(sunday)).toBe('2026-09-06T04:00:00.000Z'); // 01:00 at UTC−3
    // and where the clocks go back at midnight, the day starts at the one midnight after the change
    expect(iso(startOfDay({ year: 2026, month: 4, day: 5 }, 'America/Santiago'))).toBe('2026-04-05T04:00:00.000Z');
  });

  it('knows the IANA zones and refuses anything else', () => {
    for (const zone of ['Europe/Paris', 'America/Argentina/Buenos_Aires', 'UTC', 'Asia/Kathmandu'])
      expect(isTimeZone(zone)).toBe(true);
    for (const zone of ['', 'Mars/Olympus', 'Europe/Paris\u0000', 'x'.repeat(80)]) expect(isTimeZone(zone)).toBe(false);
  });
});

const duel = (winner: number | null, a: string | null, b: string | null, abandoned: number[] = []): LeagueMatch => ({
  family: 'duel',
  result: { winners: winner === null ? [] : [winner], draw: winner === null, scores: [0, 0] },
  seats: [
    { seat: 0, playerId: a, abandoned: abandoned.includes(0) },
    { seat: 1, playerId: b, abandoned: abandoned.includes(1) },
  ],
});

describe('the league', () => {
  const members = new Set(['ann', 'bob', 'cy']);

  it('gives 3 a win, 1 a draw and 0 a loss, in all and per family', () => {
    const table = leagueTable([duel(0, 'ann', 'bob'), duel(null, 'bob', 'cy'), duel(1, 'ann', 'cy')], members);
    expect(table.get('ann')!.total).toEqual({ points: 3, won: 1, drawn: 0, lost: 1, played: 2 });
    expect(table.get('bob')!.total).toEqual({ points: 1, won: 0, drawn: 1, lost: 1, played: 2 });
    expect(table.get('cy')!.total).toEqual({ points: 4, won: 1, drawn: 1, lost: 0, played: 2 });
    expect(table.get('cy')!.families.get('duel')).toEqual(table.get('cy')!.total);
  });

  it('counts only matches two members finished together: not one against a stranger or a bot', () => {
    const table = leagueTable([duel(0, 'ann', 'stranger'), duel(0, 'ann', null), duel(1, 'dee', 'bob')], members);
    for (const m of members) expect(table.get(m)!.total.played).toBe(0);
    expect(memberOutcomes(duel(0, 'ann', null), members)).toBeNull();
  });

  it('counts a seat a bot finished for its member as a loss, whatever the bot did', () => {
    const outcomes = memberOutcomes(duel(0, 'ann', 'bob', [0]), members);
    expect(Object.fromEntries(outcomes!)).toEqual({ ann: 'lose', bob: 'lose' });
  });

  it('skips a match whose result it cannot read', () => {
    expect(memberOutcomes({ ...duel(0, 'ann', 'bob'), result: null }, members)).toBeNull();
    expect(memberOutcomes({ ...duel(0, 'ann', 'bob'), family: 'no-such-game' }, members)).toBeNull();
  });
});
