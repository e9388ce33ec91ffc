import type { DailyCommitmentsReply } from '@mm/protocol';
import type { FastifyInstance } from 'fastify';
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

/** GET /api/daily/commitments (docs/protocol.md). */
export function registerDailyRoutes(app: FastifyInstance, deps: { secret: string; now: () => Date }): void {
  app.get('/api/daily/commitments', async (): Promise<DailyCommitmentsReply> => commitmentsAt(deps.secret, deps.now()));
}
