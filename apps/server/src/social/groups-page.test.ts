import { puzzleNumberOf, revealTime } from '@mm/rules';
import { describe, expect, it } from 'vitest';
import { groupPage } from './groups-page';
import type { GroupFacts, MemberAttempt } from './groups-store';
import { weekOf } from './league';
import { publicPersonId } from './store';

const facts: GroupFacts = {
  id: 'AAAAAAAAAAAAAAAA',
  name: 'Club',
  timeZone: 'Pacific/Auckland',
  token: 'B'.repeat(22),
  makerId: 'ann',
  members: [
    { playerId: 'ann', name: 'Ann', joinedAt: new Date('2026-11-01T00:00:00Z') },
    { playerId: 'bob', name: 'Bob', joinedAt: new Date('2026-11-02T00:00:00Z') },
  ],
};

const pageAt = (now: Date, attempts: MemberAttempt[]) =>
  groupPage(facts, { now, matches: [], attempts, ratings: [] }, 'bob', weekOf(now, facts.timeZone), 50);

describe('the Code of the day on a group page', () => {
  // Thursday 26 November 2026, 20:00 UTC: already Friday 27 in Auckland (UTC+13).
  const now = new Date('2026-11-26T20:00:00Z');
  const today = puzzleNumberOf('2026-11-27');

  it('takes today in the group’s zone, and the week from its Monday', () => {
    const page = pageAt(now, []);
    expect(page.daily.today).toBe(today);
    expect(page.daily.week).toEqual([today - 4, today - 3, today - 2, today - 1, today]);
    expect(page.week.monday).toBe('2026-11-23');
  });

  it('lists an attempt once it has ended, never while it runs, and a running one of a revealed day as unfinished', () => {
    const attempts: MemberAttempt[] = [
      { playerId: 'ann', n: today, status: 'won', guesses: 4 },
      { playerId: 'ann', n: today - 1, status: 'won', guesses: 5 },
      { playerId: 'bob', n: today, status: 'playing', guesses: 3 },
      // Bob never finished the day before yesterday's: revealed since, it ended unfinished.
      { playerId: 'bob', n: today - 2, status: 'playing', guesses: 2 },
    ];
    expect(revealTime(today - 2).getTime()).toBeLessThan(now.getTime());
    expect(revealTime(today).getTime()).toBeGreaterThan(now.getTime());
    const page = pageAt(now, attempts);
    expect(page.daily.members).toEqual([
      {
        id: publicPersonId('ann'),
        name: 'Ann',
        streak: 2,
        results: [
          { n: today - 1, status: 'won', guesses: 5 },
          { n: today, status: 'won', guesses: 4 },
        ],
      },
      { id: publicPersonId('bob'), name: 'Bob', streak: 0, results: [{ n: today - 2, status: 'unfinished', guesses: 2 }] },
    ]);
    expect(page.you).toBe(publicPersonId('bob'));
    expect(page.members.map((m) => [m.name, m.maker])).toEqual([
      ['Ann', true],
      ['Bob', false],
    ]);
  });
});
