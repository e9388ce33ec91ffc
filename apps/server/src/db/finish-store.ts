// A match's finish and what rests on it: the ratings, written in the same transaction that
// records the finish, and the reads of the head-to-head and the ratings. Storage decides nothing of
// the game: who a finished match rates, and how, is the `MatchRater` handed in (rooms → ratings).
import type { Database } from './database.js';

/** One seat of a finished match as its MatchPlayer row keeps it. */
export interface FinishedSeat {
  seat: number;
  /** null: a bot, or a person without a player (seated before players, or deleted since) */
  playerId: string | null;
  /** a bot was playing it for its person when the match finished */
  abandoned: boolean;
  /** the name the seat showed in that match (a bot's is its seat's) */
  name: string;
}

/** A finished match as stored: what the ratings and the head-to-head are worked out from. */
export interface StoredFinish {
  id: string;
  family: string;
  finishedAt: Date;
  result: unknown;
  /** a Code of the day's match */
  daily: boolean;
  seats: FinishedSeat[];
}

export interface StoredRating {
  family: string;
  mu: number;
  sigma: number;
  games: number;
}

export interface StoredRatingChange {
  family: string;
  mu: number;
  sigma: number;
  at: Date;
}

/** Who a finished match rates and how (apps/server/src/ratings). */
export interface MatchRater {
  /** the players it rates with their places (1: first), or null: it rates nobody */
  placings(match: StoredFinish): { playerId: string; rank: number }[] | null;
  /** their new ratings, in the order of `places`, from `prior` (null: none yet) */
  rate(
    places: readonly { playerId: string; rank: number }[],
    prior: readonly ({ mu: number; sigma: number } | null)[],
  ): { mu: number; sigma: number }[];
  /** every rated match's new ratings, folded from `matches` in their order */
  fold(
    matches: readonly StoredFinish[],
  ): { matchId: string; playerId: string; family: string; mu: number; sigma: number; at: Date }[];
}

/** The person who held one seat of a match, for their card. */
export interface SeatHolder {
  playerId: string | null;
  /** the player's name now, else the name they sat down with */
  name: string;
}

export interface FinishStore {
  /**
   * Records that a match finished with `result`, once: a second call (another process that folded
   * the same finish) changes nothing. With `rating`, the same transaction marks the seats a bot was
   * playing for their person (`abandoned`) and rates the match.
   */
  finishMatch(matchId: string, result: unknown, rating?: { abandoned: readonly number[]; rater: MatchRater }): Promise<void>;
  /**
   * Rates every finished match, from the first, where none has been rated yet (a database whose
   * matches finished before there were ratings): the ratings are then the fold of all of them. Done
   * once per database (a Chore row), whatever it found: later calls read nothing else. Once any
   * rating exists there is nothing to do either. Returns the ratings written.
   */
  rateHistory(rater: MatchRater): Promise<number>;
  ratingsOf(playerId: string): Promise<StoredRating[]>;
  /** the player's rating after each of their rated matches, oldest first (at most the `limit` newest) */
  ratingChangesOf(playerId: string, limit: number): Promise<StoredRatingChange[]>;
  /** the finished matches (no Code of the day) both players sat in, newest first, at most `limit` */
  sharedMatches(a: string, b: string, limit: number): Promise<StoredFinish[]>;
  /** every finished match in the order the ratings took them (the order they finished) */
  finishedMatches(): Promise<StoredFinish[]>;
  /**
   * The finished matches of one room in the order they finished; null: no such room, or a Code of
   * the day's (sealed: its score is nobody's business).
   */
  tableFinishes(roomId: string): Promise<StoredFinish[] | null>;
  /** who sat in `seat` of `matchId`; undefined: no such match; null: nobody sat there */
  seatHolder(matchId: string, seat: number): Promise<SeatHolder | null | undefined>;
}

/**
 * Every finish takes this lock: finishes are ordered one after the other, and each one's
 * `finishedAt` is later than every finish before it, so "the order they finished" is one order,
 * the same for the ratings as they were written and for any fold of the stored matches.
 */
/** The Chore row that says the history was rated (or had nothing to rate). */
const RATE_HISTORY = 'rate-history';
const LOCK = `SELECT pg_advisory_xact_lock(hashtextextended('mm:match-finish', 0))`;
const FINISH = `UPDATE "Match" SET result = $2::jsonb,
  "finishedAt" = GREATEST(clock_timestamp() AT TIME ZONE 'UTC',
    (SELECT max("finishedAt") FROM "Match") + interval '1 millisecond')
  WHERE id = $1 AND "finishedAt" IS NULL RETURNING id`;
/** A seat whose player no longer exists counts as nobody's. */
const FINISHED = `SELECT m.id, m.family, (extract(epoch FROM m."finishedAt") * 1000)::float8 AS "finishedMs", m.result, r.daily IS NOT NULL AS daily,
  coalesce((SELECT json_agg(json_build_object('seat', mp.seat, 'playerId', p.id, 'abandoned', mp.abandoned, 'name', mp.name) ORDER BY mp.seat)
    FROM "MatchPlayer" mp LEFT JOIN "Player" p ON p.id = mp."playerId" WHERE mp."matchId" = m.id), '[]') AS seats
  FROM "Match" m JOIN "Room" r ON r.id = m."roomId"`;

/**
 * How long a finish may wait for a connection, and run (it takes milliseconds; the lock makes finishes
 * wait their turn). Longer than Prisma's defaults: an action already stored must not be answered as
 * failed because a busy pool kept its finish waiting.
 */
const FINISH_TRANSACTION = { maxWait: 15_000, timeout: 15_000 };

interface FinishedRow extends Record<string, unknown> {
  id: string;
  family: string;
  /** ms since the epoch: a timestamp without a zone would be read in the process's local time */
  finishedMs: number;
  result: unknown;
  daily: boolean;
  seats: FinishedSeat[] | string;
}

const toFinish = (row: FinishedRow): StoredFinish => ({
  id: row.id,
  family: row.family,
  finishedAt: new Date(row.finishedMs),
  result: typeof row.result === 'string' ? (JSON.parse(row.result) as unknown) : row.result,
  daily: row.daily,
  seats: typeof row.seats === 'string' ? (JSON.parse(row.seats) as FinishedSeat[]) : row.seats,
});

export function createFinishStore(db: Database): FinishStore {
  const { prisma } = db;
  return {
    async finishMatch(matchId, result, rating) {
      const value = JSON.stringify(result ?? null);
      await prisma.$transaction(async (tx) => {
        await tx.$executeRawUnsafe(LOCK);
        const finished = await tx.$queryRawUnsafe<unknown[]>(FINISH, matchId, value === 'null' ? null : value);
        if (finished.length === 0 || rating === undefined) return;
        if (rating.abandoned.length > 0) {
          await tx.$executeRawUnsafe(
            `UPDATE "MatchPlayer" SET abandoned = true WHERE "matchId" = $1 AND seat = ANY($2::int[])`,
            matchId,
            [...rating.abandoned],
          );
        }
        const [row] = await tx.$queryRawUnsafe<FinishedRow[]>(`${FINISHED} WHERE m.id = $1`, matchId);
        const match = toFinish(row!);
        const places = rating.rater.placings(match);
        if (places === null) return;
        const ids = places.map((p) => p.playerId);
        const stored = await tx.rating.findMany({ where: { family: match.family, playerId: { in: ids } } });
        const prior = ids.map((id) => stored.find((r) => r.playerId === id) ?? null);
        const next = rating.rater.rate(places, prior);
        for (const [i, playerId] of ids.entries()) {
          const { mu, sigma } = next[i]!;
          await tx.rating.upsert({
            where: { playerId_family: { playerId, family: match.family } },
            create: { playerId, family: match.family, mu, sigma, games: 1, updatedAt: match.finishedAt },
            update: { mu, sigma, games: { increment: 1 }, updatedAt: match.finishedAt },
          });
        }
        await tx.ratingChange.createMany({
          data: ids.map((playerId, i) => ({ matchId, playerId, family: match.family, ...next[i]!, at: match.finishedAt })),
        });
      }, FINISH_TRANSACTION);
    },

    async rateHistory(rater) {
      return prisma.$transaction(
        async (tx) => {
          await tx.$executeRawUnsafe(LOCK);
          // Marked done in the same transaction: a history with nothing to rate (only bots, dailies)
          // leaves no rating behind to say so, and would be read and folded again at every start.
          const marked = await tx.chore.createMany({ data: [{ name: RATE_HISTORY }], skipDuplicates: true });
          if (marked.count === 0) return 0;
          if ((await tx.ratingChange.findFirst({ select: { matchId: true } })) !== null) return 0;
          const rows = await tx.$queryRawUnsafe<FinishedRow[]>(
            `${FINISHED} WHERE m."finishedAt" IS NOT NULL ORDER BY m."finishedAt", m.id`,
          );
          const steps = rater.fold(rows.map(toFinish));
          if (steps.length === 0) return 0;
          await tx.ratingChange.createMany({ data: steps });
          const latest = new Map<string, (typeof steps)[number] & { games: number }>();
          for (const step of steps) {
            const key = `${step.playerId} ${step.family}`;
            latest.set(key, { ...step, games: (latest.get(key)?.games ?? 0) + 1 });
          }
          await tx.rating.createMany({
            data: [...latest.values()].map((r) => ({
              playerId: r.playerId,
              family: r.family,
              mu: r.mu,
              sigma: r.sigma,
              games: r.games,
              updatedAt: r.at,
            })),
          });
          return latest.size;
        },
        { timeout: 120_000 },
      );
    },

    async ratingsOf(playerId) {
      return prisma.rating.findMany({ where: { playerId }, select: { family: true, mu: true, sigma: true, games: true } });
    },

    async ratingChangesOf(playerId, limit) {
      const rows = await prisma.ratingChange.findMany({
        where: { playerId },
        orderBy: [{ at: 'desc' }, { matchId: 'desc' }],
        take: limit,
        select: { family: true, mu: true, sigma: true, at: true },
      });
      return rows.reverse();
    },

    async sharedMatches(a, b, limit) {
      const rows = await db.sql<FinishedRow>(
        `${FINISHED} WHERE m."finishedAt" IS NOT NULL AND r.daily IS NULL
           AND EXISTS (SELECT 1 FROM "MatchPlayer" x WHERE x."matchId" = m.id AND x."playerId" = $1)
           AND EXISTS (SELECT 1 FROM "MatchPlayer" y WHERE y."matchId" = m.id AND y."playerId" = $2)
         ORDER BY m."finishedAt" DESC, m.id DESC LIMIT $3`,
        [a, b, limit],
      );
      return rows.map(toFinish);
    },

    async finishedMatches() {
      const rows = await db.sql<FinishedRow>(`${FINISHED} WHERE m."finishedAt" IS NOT NULL ORDER BY m."finishedAt", m.id`, []);
      return rows.map(toFinish);
    },

    async tableFinishes(roomId) {
      const rows = await db.sql<FinishedRow>(
        `${FINISHED} WHERE m."roomId" = $1 AND m."finishedAt" IS NOT NULL AND r.daily IS NULL ORDER BY m."finishedAt", m.id`,
        [roomId],
      );
      if (rows.length > 0) return rows.map(toFinish);
      // Nothing finished yet: tell an empty table from a room that is not there (or sealed).
      const room = await prisma.room.findUnique({ where: { id: roomId }, select: { daily: true } });
      return room && room.daily === null ? [] : null;
    },

    async seatHolder(matchId, seat) {
      const match = await prisma.match.findUnique({ where: { id: matchId }, select: { id: true } });
      if (!match) return undefined;
      const row = await prisma.matchPlayer.findUnique({ where: { matchId_seat: { matchId, seat } } });
      if (!row) return null;
      const player = row.playerId === null ? null : await prisma.player.findUnique({ where: { id: row.playerId } });
      return { playerId: player?.id ?? null, name: player?.name || row.name };
    },
  };
}
