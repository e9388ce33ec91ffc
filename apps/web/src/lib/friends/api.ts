import type {
  FriendInviteAcceptReply,
  FriendInvitePreviewReply,
  FriendInviteReply,
  FriendRelationReply,
  FriendsReply,
} from '@mm/protocol/pure';
import { deviceHeader, getJson, sendJson } from '../net/api';

// Friends' HTTP calls (docs/protocol.md), each under this device's identity.

/** GET /api/friends: friends, requests both ways, people played with, live invitation links. */
export const fetchFriends = (fetchImpl: typeof fetch = fetch): Promise<FriendsReply> =>
  getJson('/api/friends', deviceHeader(), fetchImpl);
/** PUT /api/friends/:id: asks someone played with to be friends, or agrees when they asked. */
export const askFriend = (id: string, fetchImpl: typeof fetch = fetch): Promise<FriendRelationReply> =>
  sendJson('PUT', `/api/friends/${encodeURIComponent(id)}`, undefined, 200, fetchImpl);
/** DELETE /api/friends/:id: no longer friends, or a request declined or withdrawn. */
export const removeFriend = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/friends/${encodeURIComponent(id)}`, undefined, 204, fetchImpl);
/** POST /api/friends/invites: a link that makes whoever accepts it a friend. */
export const newFriendInvite = (fetchImpl: typeof fetch = fetch): Promise<FriendInviteReply> =>
  sendJson('POST', '/api/friends/invites', undefined, 201, fetchImpl);
/** DELETE /api/friends/invites/:id: that link no longer works. */
export const revokeFriendInvite = (id: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/friends/invites/${encodeURIComponent(id)}`, undefined, 204, fetchImpl);
/** POST /api/friends/invites/preview: who made the invitation. */
export const previewFriendInvite = (token: string, fetchImpl: typeof fetch = fetch): Promise<FriendInvitePreviewReply> =>
  sendJson('POST', '/api/friends/invites/preview', { token }, 200, fetchImpl, false);
/** POST /api/friends/invites/accept: friends with its maker at once. */
export const acceptFriendInvite = (token: string, fetchImpl: typeof fetch = fetch): Promise<FriendInviteAcceptReply> =>
  sendJson('POST', '/api/friends/invites/accept', { token }, 200, fetchImpl);
