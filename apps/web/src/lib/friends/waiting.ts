import type { DailyMeReply, FriendPerson, FriendsReply, MatchListReply } from '@mm/protocol/pure';

/** Where today's Code of the day stands for the player: not begun, begun, or over. */
export type DailyToday = 'todo' | 'playing' | 'done';

/** What the home page shows first: what waits for the player. */
export interface Waiting {
  /** unfinished matches where the player owes a move now, as listed by the history */
  turns: MatchListReply['matches'];
  /** people asking to be friends */
  asking: FriendPerson[];
  /** today's puzzle for a player who has played the Code of the day before; null for one who never has */
  daily: { n: number; today: DailyToday; streak: number } | null;
}

/**
 * Gathers the three answers the home page reads (any of them may have failed: null) into what
 * waits for the player. The daily line is for players of the daily only, so a first visit shows nothing.
 */
export function waitingFor(
  matches: MatchListReply | null,
  friends: FriendsReply | null,
  daily: DailyMeReply | null,
  todaysPuzzle: number,
): Waiting {
  const attempt = daily?.attempts.find((a) => a.n === todaysPuzzle);
  const today: DailyToday = !attempt ? 'todo' : attempt.status === 'playing' ? 'playing' : 'done';
  return {
    turns: (matches?.matches ?? []).filter((m) => m.yourTurn && m.finishedAt === null),
    asking: friends?.asking ?? [],
    daily: daily && daily.attempts.length > 0 ? { n: todaysPuzzle, today, streak: daily.stats.currentStreak } : null,
  };
}

/** Nothing to show: the home page keeps its first screen for the games. */
export const nothingWaits = (w: Waiting): boolean => w.turns.length === 0 && w.asking.length === 0 && w.daily === null;

/** The address a friend invitation opens: /f/<token>, the token in the path (a week, single use). */
export const inviteUrl = (origin: string, token: string): string => `${origin}/f/${token}`;
