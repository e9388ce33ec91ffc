import type { DailyAttemptReply, DailyCommitmentsReply } from '@mm/protocol/pure';
import { playableNumbers, type Code } from '@mm/rules/pure';
import type { KeyValueStore } from '../net/storage';
import { seenCommitment } from './seen';
import type { Digest } from '../replay/verify';
import { verifyDaily, type DailyVerification } from './verify';

/**
 * The daily's fairness check on a match of the player's history (docs/rules.md, the Code of the
 * day): which puzzle the match was the player's attempt at, then whether that day's revealed
 * code opens its commitment and is the code the match was played against.
 */

/** The puzzle numbers an attempt made at `createdAt` can be: those that were somebody's today then. */
export function candidateNumbers(createdAt: Date): number[] {
  const { min, max } = playableNumbers(createdAt);
  return Array.from({ length: max - min + 1 }, (_, i) => min + i);
}

/** The puzzle number of the player's attempt played in room `roomId`, or null when that room is no attempt of theirs. */
export async function dailyNumberOf(
  roomId: string,
  createdAt: Date,
  attemptAt: (n: number) => Promise<DailyAttemptReply>,
): Promise<number | null> {
  for (const n of candidateNumbers(createdAt)) {
    if ((await attemptAt(n)).attempt?.roomId === roomId) return n;
  }
  return null;
}

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
