import type {
  DailyAttempt,
  DailyAttemptReply,
  DailyCommitmentsReply,
  DailyMeReply,
  DailyReminder,
  DailySummaryReply,
} from '@mm/protocol/pure';
import { UTC_OFFSET_MINUTES } from '@mm/rules/pure';
import { deviceHeader, getJson, sendJson } from '../net/api';

// The daily's HTTP calls (docs/protocol.md): each under this device's identity, so an attempt
// started on one device of the player continues on another.

/** GET /api/daily/attempt?n=: the player's attempt at puzzle n, from whichever device it was started on. */
export const fetchAttempt = (n: number, fetchImpl: typeof fetch = fetch): Promise<DailyAttemptReply> =>
  getJson(`/api/daily/attempt?n=${n}`, deviceHeader(), fetchImpl);

/** POST /api/daily/attempt: starts the attempt (or answers the one already started, unchanged). */
export const startAttempt = (n: number, hard: boolean, fetchImpl: typeof fetch = fetch): Promise<DailyAttempt> =>
  sendJson('POST', '/api/daily/attempt', { n, hard }, 200, fetchImpl);

/** GET /api/daily/me: the player's attempts and statistics. */
export const fetchDailyMe = (fetchImpl: typeof fetch = fetch): Promise<DailyMeReply> =>
  getJson('/api/daily/me', deviceHeader(), fetchImpl);

/** GET /api/daily/:n/summary: the day's distribution and friends' results (once the player's own attempt has ended). */
export const fetchSummary = (n: number, fetchImpl: typeof fetch = fetch): Promise<DailySummaryReply> =>
  getJson(`/api/daily/${n}/summary`, deviceHeader(), fetchImpl);

/** GET /api/daily/commitments: every day's commitment, and the code and salt of the days that have ended everywhere. */
export const fetchCommitments = (fetchImpl: typeof fetch = fetch): Promise<DailyCommitmentsReply> =>
  getJson('/api/daily/commitments', {}, fetchImpl);

/** GET /api/daily/reminder: the player's daily reminder (hour null: none). */
export const fetchReminder = (fetchImpl: typeof fetch = fetch): Promise<DailyReminder> =>
  getJson('/api/daily/reminder', deviceHeader(), fetchImpl);

/** PUT /api/daily/reminder: a push at `hour` of the player's local time each day until today's attempt is done; null: none. */
export const saveReminder = (reminder: DailyReminder, fetchImpl: typeof fetch = fetch): Promise<DailyReminder> =>
  sendJson('PUT', '/api/daily/reminder', reminder, 200, fetchImpl);

/**
 * This browser's offset from UTC in minutes (UTC+2: 120), within the range the protocol accepts;
 * `0 −` rather than a minus sign, so that UTC itself is 0 and not −0.
 */
export const localUtcOffsetMinutes = (at: Date = new Date()): number =>
  Math.max(UTC_OFFSET_MINUTES.min, Math.min(UTC_OFFSET_MINUTES.max, 0 - at.getTimezoneOffset()));
