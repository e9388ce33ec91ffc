import {
  dailyAttemptBodySchema,
  dailyAttemptQuerySchema,
  dailyParamsSchema,
  dailyReminderSchema,
  type DailyAttemptReply,
  type DailyCommitmentsReply,
} from '@mm/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { describeIssues, httpError } from '../errors';
import type { CreationLimit } from '../http/creation-limit';
import { PUBLIC } from '../http/private-answer';
import { asPrincipal, devicePrincipal, playerPrincipal } from '../http/principal';
import type { DailyAttempts, Refusal } from './attempts';
import { FIRST_DAY, dailyPuzzle, dateOfPuzzle, isRevealed, playableNumbers } from './derive';

/** How many days past the latest playable one are committed to in advance. */
export const COMMITTED_AHEAD = 30;

/** Every commitment and reveal at `now`: revealed days carry code and salt, the others the hash only. */
export function commitmentsAt(secret: string, now: Date): DailyCommitmentsReply {
  const playable = playableNumbers(now);
  const upcoming: DailyCommitmentsReply['upcoming'] = [];
  const revealed: DailyCommitmentsReply['revealed'] = [];
  for (let n = 1; n <= playable.max + COMMITTED_AHEAD; n++) {
    const day = dailyPuzzle(secret, n);
    const date = dateOfPuzzle(n);
    if (isRevealed(n, now)) revealed.push({ n, date, commitment: day.commitment, code: day.code, salt: day.salt });
    else upcoming.push({ n, date, commitment: day.commitment });
  }
  return { firstDay: FIRST_DAY, playable, upcoming, revealed };
}

const REFUSALS: Record<Refusal, [number, string, string]> = {
  'not-playable': [409, 'NOT_PLAYABLE', 'That puzzle is not today’s anywhere on Earth now: play today’s.'],
  'not-finished': [403, 'DAILY_NOT_FINISHED', 'The day’s results are shown once your own attempt at it has ended.'],
};

/** The daily's routes (docs/protocol.md): the commitments, and a player's attempts, statistics and the day's summary. */
export function registerDailyRoutes(
  app: FastifyInstance,
  deps: {
    secret: string;
    now: () => Date;
    attempts: DailyAttempts;
    /** the address's bound on rooms, daily attempts and new players: an attempt makes a room */
    creations: CreationLimit;
  },
): void {
  const { attempts } = deps;
  app.get('/api/daily/commitments', PUBLIC, async (): Promise<DailyCommitmentsReply> => commitmentsAt(deps.secret, deps.now()));

  // Who asks: an attempt and a reminder set act for the player (made on first use), the rest only read it.
  const PLAYER = asPrincipal('player');
  const DEVICE = asPrincipal('device');
  const refused = (reply: FastifyReply, why: Refusal): FastifyReply => httpError(reply, ...REFUSALS[why]);

  app.post('/api/daily/attempt', { onRequest: [deps.creations.each], ...PLAYER }, async (req, reply) => {
    const body = dailyAttemptBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const attempt = await attempts.start(playerPrincipal(req), body.data.n, body.data.hard);
    return typeof attempt === 'string' ? refused(reply, attempt) : attempt;
  });

  app.get('/api/daily/attempt', DEVICE, async (req, reply) => {
    const query = dailyAttemptQuerySchema.safeParse(req.query);
    if (!query.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(query.error));
    return { attempt: await attempts.find(devicePrincipal(req), query.data.n) } satisfies DailyAttemptReply;
  });

  app.get('/api/daily/me', DEVICE, async (req) => attempts.me(devicePrincipal(req).playerId));

  app.get('/api/daily/:n/summary', DEVICE, async (req, reply) => {
    const params = dailyParamsSchema.safeParse(req.params);
    if (!params.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(params.error));
    const summary = await attempts.summary(devicePrincipal(req).playerId, params.data.n);
    return typeof summary === 'string' ? refused(reply, summary) : summary;
  });

  app.get('/api/daily/reminder', DEVICE, async (req) => attempts.reminder(devicePrincipal(req).playerId));

  app.put('/api/daily/reminder', PLAYER, async (req, reply) => {
    const body = dailyReminderSchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    return attempts.setReminder(playerPrincipal(req).playerId, body.data);
  });
}
