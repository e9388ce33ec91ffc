import { createHash } from 'node:crypto';
import type { DailyCommitmentsReply } from '@mm/protocol';
import { dailyPreimage } from '@mm/protocol/pure';
import { describe, expect, it } from 'vitest';
import { verifyDaily } from './verify';

const sha = async (s: string): Promise<string> => createHash('sha256').update(s, 'utf8').digest('hex');
const salt = 'a'.repeat(64);

async function reply(code: number[]): Promise<DailyCommitmentsReply> {
  const commitment = await sha(dailyPreimage(1, salt, code));
  return {
    firstDay: '2026-11-01',
    playable: { min: 2, max: 3 },
    revealed: [{ n: 1, date: '2026-11-01', commitment, code, salt }],
    upcoming: [{ n: 2, date: '2026-11-02', commitment: 'b'.repeat(64) }],
  };
}

describe('verifyDaily', () => {
  it("verifies a revealed day whose code and salt open its commitment (the browser's own hash)", async () => {
    expect(await verifyDaily(await reply([0, 5, 5, 2]), 1, null, sha)).toEqual({ kind: 'verified', code: [0, 5, 5, 2] });
  });

  it('catches a code swapped after the commitment, and a commitment changed since this device saw it', async () => {
    const swapped = await reply([0, 5, 5, 2]);
    swapped.revealed[0]!.code = [1, 1, 1, 1];
    expect(await verifyDaily(swapped, 1, null, sha)).toEqual({ kind: 'mismatch' });
    expect(await verifyDaily(await reply([0, 5, 5, 2]), 1, 'c'.repeat(64), sha)).toEqual({ kind: 'mismatch' });
  });

  it('says a day not yet ended is pending, and an unknown day unknown', async () => {
    const r = await reply([0, 5, 5, 2]);
    expect(await verifyDaily(r, 2, null, sha)).toEqual({ kind: 'pending' });
    expect(await verifyDaily(r, 40, null, sha)).toEqual({ kind: 'unknown' });
  });
});
