import type { DailyCommitmentsReply } from '@mm/protocol';
import { dailyPreimage } from '@mm/protocol/pure';
import { webDigest, type Digest } from '../replay/verify';

export type DailyVerification =
  /** the revealed code and salt hash to the commitment published for the day */
  | { kind: 'verified'; code: number[] }
  /** they do not: the code was changed after it was committed to */
  | { kind: 'mismatch' }
  /** the day has not ended everywhere yet: only its commitment is public */
  | { kind: 'pending' }
  /** the server published nothing for that day */
  | { kind: 'unknown' };

/**
 * Checks day `n` in the browser, trusting nothing the server says but the hash (docs/rules.md
 * §6.2): the revealed code and salt must hash to the commitment; and a commitment this device
 * saw before the reveal (`seen`, stored while it was upcoming) must be the one revealed now.
 */
export async function verifyDaily(
  reply: DailyCommitmentsReply,
  n: number,
  seen: string | null = null,
  digest: Digest = webDigest,
): Promise<DailyVerification> {
  const revealed = reply.revealed.find((d) => d.n === n);
  if (!revealed) return reply.upcoming.some((d) => d.n === n) ? { kind: 'pending' } : { kind: 'unknown' };
  if (seen !== null && seen !== revealed.commitment) return { kind: 'mismatch' };
  const hash = await digest(dailyPreimage(n, revealed.salt, revealed.code));
  return hash === revealed.commitment ? { kind: 'verified', code: revealed.code } : { kind: 'mismatch' };
}
