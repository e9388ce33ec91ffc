import type {
  CreateGroupBody,
  GroupInviteReply,
  GroupJoinReply,
  GroupPageReply,
  GroupPreviewReply,
  GroupsReply,
} from '@mm/protocol/pure';
import { deviceHeader, getJson, sendJson } from '../net/api';

// Groups' HTTP calls (docs/protocol.md), each under this device's identity.

/** GET /api/groups: the player's groups. */
export const fetchGroups = (fetchImpl: typeof fetch = fetch): Promise<GroupsReply> =>
  getJson('/api/groups', deviceHeader(), fetchImpl);
/** POST /api/groups: a group of one, its invitation link to share. */
export const createGroup = (body: CreateGroupBody, fetchImpl: typeof fetch = fetch): Promise<GroupInviteReply> =>
  sendJson('POST', '/api/groups', body, 201, fetchImpl);
/** POST /api/rooms/:id/group: the same, from a table's running score. */
export const createTableGroup = (
  roomId: string,
  body: CreateGroupBody,
  fetchImpl: typeof fetch = fetch,
): Promise<GroupInviteReply> => sendJson('POST', `/api/rooms/${encodeURIComponent(roomId)}/group`, body, 201, fetchImpl);
/** GET /api/groups/:id: the group page (members only). */
export const fetchGroup = (id: string, fetchImpl: typeof fetch = fetch): Promise<GroupPageReply> =>
  getJson(`/api/groups/${encodeURIComponent(id)}`, deviceHeader(), fetchImpl);
/** DELETE /api/groups/:id/members/:person: leave (one's own id) or remove a member (the maker). */
export const removeGroupMember = (id: string, person: string, fetchImpl: typeof fetch = fetch): Promise<null> =>
  sendJson('DELETE', `/api/groups/${encodeURIComponent(id)}/members/${encodeURIComponent(person)}`, undefined, 204, fetchImpl);
/** POST /api/groups/:id/invite: a new link, the old one stops working (the maker). */
export const renewGroupInvite = (id: string, fetchImpl: typeof fetch = fetch): Promise<GroupInviteReply> =>
  sendJson('POST', `/api/groups/${encodeURIComponent(id)}/invite`, undefined, 200, fetchImpl);
/** POST /api/groups/preview: the group an invitation is for. */
export const previewGroupInvite = (token: string, fetchImpl: typeof fetch = fetch): Promise<GroupPreviewReply> =>
  sendJson('POST', '/api/groups/preview', { token }, 200, fetchImpl);
/** POST /api/groups/join */
export const joinGroup = (token: string, fetchImpl: typeof fetch = fetch): Promise<GroupJoinReply> =>
  sendJson('POST', '/api/groups/join', { token }, 200, fetchImpl);

/** The link that lets someone join a group. */
export const groupInviteUrl = (origin: string, token: string): string => `${origin}/g/${token}`;

/** This browser's time zone (IANA), the one a group made here counts its weeks in. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
