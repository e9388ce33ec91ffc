import { familyIdSchema } from '@mm/rules';
import { z } from 'zod';
import { displayNameSchema } from './display-name';
import { roomIdSchema } from './ids';
import { familyRatingSchema } from './ratings';

// Groups and their weekly league (docs/architecture.md, Groups; docs/rules.md §8). Members are named
// by the same ids as the friends' listings (a hash of their player); a group page is for its members only.

/** Members a group holds at most. */
export const GROUP_MEMBERS_MAX = 50;
/** Groups a player may be in at most. */
export const GROUPS_PER_PLAYER_MAX = 30;
/** This week's matches a group page lists at most, newest first. */
export const GROUP_WEEK_MATCHES_MAX = 50;

/** Whether `zone` is an IANA time zone the runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: string): boolean {
  if (zone.length === 0 || zone.length > 64 || !/^[A-Za-z0-9_+/-]+$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const timeZoneSchema = z.string().refine(isTimeZone, 'not an IANA time zone (like "Europe/Paris")');
const isoDate = z.string().describe('ISO 8601');
const personIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16,32}$/, 'not an id of the listing');
/** A group's id: 96 random bits, base64url. */
export const groupIdSchema = z.string().regex(/^[A-Za-z0-9_-]{16}$/, 'not a group id');
/** The secret of a group invitation link (/g/<token>): 128 random bits, base64url. */
export const groupInviteTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22}$/, 'not a group invitation');

/** POST /api/groups and POST /api/rooms/:id/group */
export const createGroupBodySchema = z.strictObject({
  name: displayNameSchema.describe('the group’s name (the rules of a player’s name)'),
  timeZone: timeZoneSchema.describe(
    'IANA: the league’s week starts on Monday 00:00 there; the Code of the day’s "today" is its date there',
  ),
});
export type CreateGroupBody = z.input<typeof createGroupBodySchema>;

/** GET /api/groups/:id, POST /api/groups/:id/invite */
export const groupParamsSchema = z.strictObject({ id: groupIdSchema });
/** DELETE /api/groups/:id/members/:person */
export const groupMemberParamsSchema = z.strictObject({ id: groupIdSchema, person: personIdSchema });
/** POST /api/rooms/:id/group */
export const tableGroupParamsSchema = z.strictObject({ id: roomIdSchema });
/** POST /api/groups/preview and POST /api/groups/join */
export const groupInviteBodySchema = z.strictObject({ token: groupInviteTokenSchema });
export type GroupInviteBody = z.input<typeof groupInviteBodySchema>;

/** POST /api/groups, POST /api/rooms/:id/group → 201; POST /api/groups/:id/invite → 200 */
export const groupInviteReplySchema = z.strictObject({
  id: groupIdSchema,
  token: groupInviteTokenSchema.describe('opened as /g/<token>: anyone with it may join until the maker makes a new one'),
});
export type GroupInviteReply = z.output<typeof groupInviteReplySchema>;

/** GET /api/groups: the asking player's groups, by name. */
export const groupsReplySchema = z.strictObject({
  groups: z.array(
    z.strictObject({
      id: groupIdSchema,
      name: z.string(),
      members: z.number().int().min(1),
      maker: z.boolean().describe('the asker is its maker'),
    }),
  ),
});
export type GroupsReply = z.output<typeof groupsReplySchema>;

/** POST /api/groups/preview: the group an invitation is for. */
export const groupPreviewReplySchema = z.strictObject({
  name: z.string(),
  members: z.number().int().min(0),
  member: z.boolean().describe('the asker (when the header names a device) is a member already'),
});
export type GroupPreviewReply = z.output<typeof groupPreviewReplySchema>;

/** POST /api/groups/join: the group joined (or already joined). */
export const groupJoinReplySchema = z.strictObject({ id: groupIdSchema, name: z.string() });
export type GroupJoinReply = z.output<typeof groupJoinReplySchema>;

const leagueLineShape = {
  points: z.number().int().min(0).describe('3 a win, 1 a draw, 0 a loss'),
  won: z.number().int().min(0),
  drawn: z.number().int().min(0),
  lost: z.number().int().min(0),
  played: z.number().int().min(0),
};
export const leagueLineSchema = z.strictObject(leagueLineShape);
export type LeagueLine = z.output<typeof leagueLineSchema>;

const outcomeSchema = z.enum(['win', 'draw', 'lose']);
/** How a member's attempt at a Code of the day ended; only ended attempts are ever listed. */
const dailyResultSchema = z.strictObject({
  n: z.number().int().min(1),
  status: z.enum(['won', 'lost', 'unfinished']),
  guesses: z.number().int().min(0).describe('rows used'),
});

/** GET /api/groups/:id: the group page, for its members only. */
export const groupPageReplySchema = z.strictObject({
  id: groupIdSchema,
  name: z.string(),
  timeZone: z.string(),
  token: groupInviteTokenSchema.describe('its invitation link, /g/<token>'),
  you: personIdSchema.describe('the asker’s id in this page'),
  week: z.strictObject({ start: isoDate, end: isoDate, monday: z.string().describe('YYYY-MM-DD, in the group’s zone') }),
  members: z
    .array(
      z.strictObject({
        id: personIdSchema,
        name: z.string().describe('empty when they never chose one'),
        maker: z.boolean(),
        joinedAt: isoDate,
        ratings: z.array(familyRatingSchema).describe('most played first'),
        week: leagueLineSchema.extend({
          families: z.array(leagueLineSchema.extend({ family: familyIdSchema })).describe('most played first'),
        }),
      }),
    )
    .describe('the league table: points this week, then wins, then name'),
  matches: z
    .array(
      z.strictObject({
        id: z.string().describe('the match: its replay is /m/<id>'),
        family: familyIdSchema,
        finishedAt: isoDate,
        players: z.array(
          z.strictObject({
            name: z.string().describe('as the seat showed it; empty for a deleted player'),
            member: personIdSchema.nullable().describe('the member who sat there; null: a bot or someone else'),
            outcome: outcomeSchema,
          }),
        ),
      }),
    )
    .describe('this week’s finished matches that at least two members played together, newest first'),
  daily: z.strictObject({
    today: z.number().int().describe('the puzzle number of today’s date in the group’s zone'),
    week: z.array(z.number().int()).describe('the puzzle numbers of this week, Monday to today'),
    members: z
      .array(
        z.strictObject({
          id: personIdSchema,
          name: z.string(),
          streak: z.number().int().min(0).describe('Codes of the day won in a row, up to today or yesterday'),
          results: z.array(dailyResultSchema).describe('this week’s ended attempts only, never a running one nor any code'),
        }),
      )
      .describe('every member, the most won this week first'),
  }),
});
export type GroupPageReply = z.output<typeof groupPageReplySchema>;
export type GroupMemberLine = GroupPageReply['members'][number];
export type GroupWeekMatch = GroupPageReply['matches'][number];
export type GroupDailyLine = GroupPageReply['daily']['members'][number];
