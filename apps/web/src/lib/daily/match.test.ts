import { createHash } from 'node:crypto';
import type { DailyCommitmentsReply } from '@mm/protocol';
import { dailyPreimage } from '@mm/protocol/pure';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../net/storage';
import { verifyDailyMatch } from './match';
import { keepCommitment } from './seen';

const sha = async (s: string): Promise<string> => createHash('sha256').update(s, 'utf8').digest('hex');
const salt = 'a'.repeat(64);
const CODE = [0, 5, 5, 2];

async function revealed(): Promise<DailyCommitmentsReply> {
  const commitment = await sha(dailyPreimage(1, salt, CODE));
  return {
    firstDay: '2026-11-01',
    playable: { min: 2, max: 3 },
    revealed: [{ n: 1, date: '2026-11-01', commitment, code: CODE, salt }],
    upcoming: [],
  };
}

describe('verifyDailyMatch', () => {
  it('verifies a revealed day whose code is the one the match was played against', async () => {
    expect(await verifyDailyMatch(await revealed(), 1, CODE, memoryStore(), sha)).toEqual({ kind: 'verified', code: CODE });
  });

  it('catches a match played against another code than the committed one', async () => {
    expect(await verifyDailyMatch(await revealed(), 1, [1, 1, 1, 1], memoryStore(), sha)).toEqual({ kind: 'mismatch' });
  });

  it('checks the reveal against the commitment this device kept while the day was upcoming', async () => {
    const store = memoryStore();
    keepCommitment(
      {
        firstDay: '2026-11-01',
        playable: { min: 1, max: 1 },
        revealed: [],
        upcoming: [{ n: 1, date: '2026-11-01', commitment: 'c'.repeat(64) }],
      },
      1,
      store,
    );
    expect(await verifyDailyMatch(await revealed(), 1, CODE, store, sha)).toEqual({ kind: 'mismatch' });
  });
});
