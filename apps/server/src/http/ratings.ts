// GET /api/me/ratings, a person's card (GET /api/matches/:id/seats/:seat/card) and a table's running
// score (GET /api/rooms/:id/score). A card shows
// what anyone may see of a person: their name, their public ratings and the head-to-head with the
// asker, and to a friend their id in the friends listing; never a device, a token, a seat token or
// another match of theirs.
import {
  playerCardParamsSchema,
  tableScoreParamsSchema,
  type FamilyRating,
  type MyRatingsReply,
  type PlayerCardReply,
} from '@mm/protocol';
import type { FastifyInstance } from 'fastify';
import type { Store, StoredRating } from '../db/store';
import { describeIssues, httpError } from '../errors';
import { headToHead } from '../ratings/head-to-head';
import { shownRating } from '../ratings/rate';
import { tableScore } from '../ratings/table-score';
import { asPrincipal, devicePrincipal } from './principal';

/** Points of one family's chart on /me. */
export const HISTORY_POINTS = 200;
/** The shared matches a head-to-head counts, newest first. */
export const HEAD_TO_HEAD_MATCHES = 1000;

const mostPlayedFirst = (a: StoredRating, b: StoredRating): number => b.games - a.games || a.family.localeCompare(b.family);
const shown = (r: StoredRating): FamilyRating => ({ family: r.family, rating: shownRating(r), games: r.games });

export function registerRatingRoutes(
  app: FastifyInstance,
  deps: {
    store: Store;
    /** `them`'s id in `me`'s friends listing when the two are friends, else null (the card offers a challenge then) */
    friendId?: (me: string, them: string) => Promise<string | null>;
  },
): void {
  const { store } = deps;

  app.get('/api/me/ratings', asPrincipal('device'), async (req) => {
    const { playerId } = devicePrincipal(req);
    if (playerId === null) return { families: [] } satisfies MyRatingsReply;
    const ratings = (await store.ratingsOf(playerId)).sort(mostPlayedFirst);
    const changes = await store.ratingChangesOf(playerId, HISTORY_POINTS * Math.max(1, ratings.length));
    const body: MyRatingsReply = {
      families: ratings.map((r) => ({
        ...shown(r),
        history: changes
          .filter((c) => c.family === r.family)
          .slice(-HISTORY_POINTS)
          .map((c) => ({ at: c.at.toISOString(), rating: shownRating(c) })),
      })),
    };
    return body;
  });

  app.get('/api/matches/:id/seats/:seat/card', asPrincipal('device'), async (req, reply) => {
    const me = devicePrincipal(req).playerId;
    const params = playerCardParamsSchema.safeParse(req.params);
    if (!params.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(params.error));
    const holder = await store.seatHolder(params.data.id, params.data.seat);
    if (holder === undefined) return httpError(reply, 404, 'MATCH_NOT_FOUND', 'No match has this id.');
    if (holder === null) return httpError(reply, 404, 'NO_SUCH_SEAT', 'Nobody sat in that seat of this match.');
    if (holder.playerId === null)
      return httpError(reply, 404, 'NOT_A_PERSON', 'No person holds that seat (a bot, or a deleted player).');
    const them = holder.playerId;
    const you = me === them;
    const shared = me === null || you ? [] : await store.sharedMatches(me, them, HEAD_TO_HEAD_MATCHES);
    const body: PlayerCardReply = {
      name: holder.name,
      you,
      ratings: (await store.ratingsOf(them)).sort(mostPlayedFirst).map(shown),
      headToHead: you ? null : headToHead(shared, me ?? '', them),
    };
    const friend = me === null || you || !deps.friendId ? null : await deps.friendId(me, them);
    return friend === null ? body : { ...body, friend };
  });
  app.get('/api/rooms/:id/score', async (req, reply) => {
    const params = tableScoreParamsSchema.safeParse(req.params);
    if (!params.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(params.error));
    const finishes = await store.tableFinishes(params.data.id);
    if (finishes === null) return httpError(reply, 404, 'ROOM_NOT_FOUND', 'This room does not exist.');
    return tableScore(finishes);
  });
}
