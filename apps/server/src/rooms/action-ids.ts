import type { Seat } from '@mm/rules';

/**
 * The ids of the actions the server makes itself: a bot's move and a turn timeout. Each is
 * named by where it is played (match, the seq it would get, seat), so two processes (or a
 * retry) that decide the same move name it alike and the log's unique `(match, actionId)` lets
 * only one of them in. People may not send ids with these prefixes (`RoomService.act` refuses them).
 */
export const BOT_ACTION_PREFIX = 'bot-';
export const TIMEOUT_ACTION_PREFIX = 'timeout-';

export const botActionId = (matchId: string, seq: number, seat: Seat): string => `${BOT_ACTION_PREFIX}${matchId}-${seq}-${seat}`;

export const timeoutActionId = (matchId: string, seq: number, seat: Seat): string =>
  `${TIMEOUT_ACTION_PREFIX}${matchId}-${seq}-${seat}`;
