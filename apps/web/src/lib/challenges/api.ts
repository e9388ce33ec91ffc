import type { ChallengeAcceptReply, ChallengeBody, ChallengeReply, ChallengesReply } from '@mm/protocol/pure';
import { deviceHeader, getJson, sendJson } from '../net/api';

// Challenges' HTTP calls (docs/protocol.md), each under this device's identity.

/** GET /api/challenges: challenges waiting for this player's answer, and their own. */
export const fetchChallenges = (fetchImpl: typeof fetch = fetch): Promise<ChallengesReply> =>
  getJson('/api/challenges', deviceHeader(), fetchImpl);
/** POST /api/challenges: a room of the preset with a seat kept for the friend. */
export const challengeFriend = (body: ChallengeBody, fetchImpl: typeof fetch = fetch): Promise<ChallengeReply> =>
  sendJson('POST', '/api/challenges', body, 201, fetchImpl);
/** POST /api/challenges/:id/accept: this device's player sits in the kept seat. */
export const acceptChallenge = (id: string, fetchImpl: typeof fetch = fetch): Promise<ChallengeAcceptReply> =>
  sendJson('POST', `/api/challenges/${encodeURIComponent(id)}/accept`, undefined, 200, fetchImpl);
/** POST /api/challenges/:id/decline: the seat is free, and the challenger's room says so. */
export const declineChallenge = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('POST', `/api/challenges/${encodeURIComponent(id)}/decline`, undefined, 204, fetchImpl);
/** DELETE /api/challenges/:id: the challenger takes the challenge back; the seat is free. */
export const cancelChallenge = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/challenges/${encodeURIComponent(id)}`, undefined, 204, fetchImpl);
