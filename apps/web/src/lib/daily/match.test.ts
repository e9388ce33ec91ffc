import { createHash } from 'node:crypto';
import type { DailyCommitmentsReply } from '@mm/protocol';
import { dailyPreimage } from '@mm/protocol/pure';
import { puzzleNumberOf } from '@mm/rules/pure';
import { describe, expect, it } from 'vitest';
import { memoryStore } from '../net/storage';
import { candidateNumbers, dailyNumberOf, verifyDailyMatch } from './match';
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

describe('candidateNumbers', () => {
  it('lists the puzzle numbers that were somebody’s today when the attempt was made', () => {
    const noonUtc = new Date('2026-11-26T12:00:00Z');
    const today = puzzleNumberOf('2026-11-26');
    // at noon UTC, UTC−12 is at midnight of the same date and UTC+14 already on the next one
    expect(candidateNumbers(noonUtc)).toEqual([today, today + 1]);
  });
});

describe('dailyNumberOf', () => {
  it("finds the puzzle whose attempt was played in the match's room, asking only for candidate numbers", async () => {
    const asked: number[] = [];
    const at = new Date('2026-11-26T12:00:00Z');
    const [first, second] = candidateNumbers(at) as [number, number];
    const attempt = async (n: number) => {
      asked.push(n);
      return { attempt: n === second ? ({ roomId: 'room-b' } as never) : null };
    };
    expect(await dailyNumberOf('room-b', at, attempt)).toBe(second);
    expect(asked).toEqual([first, second]);
    expect(await dailyNumberOf('room-other', at, attempt)).toBeNull();
  });
});

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
