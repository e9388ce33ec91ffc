import type { DailyMeReply, FriendPerson, FriendsReply, MatchListReply } from '@mm/protocol/pure';

/** Where today's Code of the day stands for the player: not begun, begun, or over. */
export type DailyToday = 'todo' | 'playing' | 'done';

/** What the home page shows beside its heading: what waits for the player. */
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
 * waits for the player. The daily's state is for players of the daily only: a first visit shows nothing.
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

/** Where the count of my turns leads: the one room, or /history, which lists the matches owing a move first. */
export const turnsHref = (turns: Waiting['turns']): string => (turns.length === 1 ? `/r/${turns[0]!.roomId}` : '/history');

/** The address a friend invitation opens: /f/<token>, the token in the path (a week, single use). */
export const inviteUrl = (origin: string, token: string): string => `${origin}/f/${token}`;
