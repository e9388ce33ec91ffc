import type { DailyMeReply, FriendsReply, MatchListReply } from '@mm/protocol/pure';
import { describe, expect, it } from 'vitest';
import { inviteUrl, turnsHref, waitingFor } from './waiting';

type Item = MatchListReply['matches'][number];
const match = (id: string, over: Partial<Item>): Item => ({
  id,
  roomId: `room-${id}`,
  number: 1,
  family: 'duel',
  players: [],
  result: null,
  createdAt: '2026-11-27T10:00:00.000Z',
  finishedAt: null,
  url: `/r/room-${id}`,
  yourTurn: false,
  deadline: null,
  ...over,
});
const friends = (asking: FriendsReply['asking']): FriendsReply => ({
  friends: [],
  asking,
  asked: [],
  playedWith: [],
  invites: [],
});
const stats = {
  played: 3,
  winPercent: 100,
  currentStreak: 3,
  longestStreak: 3,
  distribution: [0, 0, 3, 0, 0, 0, 0, 0, 0, 0],
  lost: 0,
};
const daily = (attempts: DailyMeReply['attempts']): DailyMeReply => ({ attempts, stats });

describe('waitingFor', () => {
  it('lists the matches where it is my turn, the people asking, and today’s Code of the day with my streak', () => {
    const matches = {
      matches: [
        match('a', { yourTurn: true }),
        match('b', {}),
        match('c', { yourTurn: true, finishedAt: '2026-11-27T11:00:00.000Z' }),
      ],
      nextCursor: null,
    };
    const ann = { id: 'p'.repeat(22), name: 'Ann', at: '2026-11-27T09:00:00.000Z' };
    const w = waitingFor(matches, friends([ann]), daily([{ n: 40, hard: false, status: 'won', guesses: 3 }]), 41);
    expect(w.turns.map((m) => m.id)).toEqual(['a']);
    expect(w.asking).toEqual([ann]);
    expect(w.daily).toEqual({ n: 41, today: 'todo', streak: 3 });
  });

  it('leads a single turn to its room, several to the history (which lists them first)', () => {
    expect(turnsHref([match('a', { yourTurn: true })])).toBe('/r/room-a');
    expect(turnsHref([match('a', { yourTurn: true }), match('b', { yourTurn: true })])).toBe('/history');
  });

  it('says whether today’s puzzle is begun or over', () => {
    const playing = waitingFor(null, null, daily([{ n: 41, hard: false, status: 'playing', guesses: 2 }]), 41);
    expect(playing.daily?.today).toBe('playing');
    for (const status of ['won', 'lost', 'unfinished'] as const)
      expect(waitingFor(null, null, daily([{ n: 41, hard: true, status, guesses: 10 }]), 41).daily?.today).toBe('done');
  });

  it('shows nothing to a first visit, or when every call failed', () => {
    const nothing = { turns: [], asking: [], daily: null };
    expect(waitingFor({ matches: [], nextCursor: null }, friends([]), daily([]), 41)).toEqual(nothing);
    expect(waitingFor(null, null, null, 41)).toEqual(nothing);
  });
});

describe('inviteUrl', () => {
  it('puts the token in the path the router reads', () => {
    expect(inviteUrl('https://mm.example', 'AbCdEfGh_-12345ZabcdeF')).toBe('https://mm.example/f/AbCdEfGh_-12345ZabcdeF');
  });
});
