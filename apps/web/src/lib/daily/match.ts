import type { DailyCommitmentsReply } from '@mm/protocol/pure';
import type { Code } from '@mm/rules/pure';
import type { KeyValueStore } from '../net/storage';
import { seenCommitment } from './seen';
import type { Digest } from '../replay/verify';
import { verifyDaily, type DailyVerification } from './verify';

/**
 * The daily's fairness check on a match that was a player's attempt at a Code of the day
 * (docs/rules.md, the Code of the day; the server marks the match with the puzzle's number): whether
 * that day's revealed code opens its commitment and is the code the match was played against.
 */

/** Day `n`'s check, with the commitment this device kept before the reveal, and the match's own code. */
export async function verifyDailyMatch(
  reply: DailyCommitmentsReply,
  n: number,
  played: Code | null,
  store: KeyValueStore,
  digest?: Digest,
): Promise<DailyVerification> {
  const v = await verifyDaily(reply, n, seenCommitment(store, n), digest);
  if (v.kind === 'verified' && (played === null || played.join() !== v.code.join())) return { kind: 'mismatch' };
  return v;
}
