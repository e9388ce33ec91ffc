import { describe, expect, it } from 'vitest';
import { getFamily, type AnyFamily } from '@mm/rules';
import type { StoredAction, StoredMatch } from '../db/store';
import { secretCommitment } from '../security/commitments';
import { FoldedMatch } from './folded-match';
import { LiveRoom } from './live-room';

const duel = getFamily('duel') as AnyFamily;
const createdAt = new Date('2026-01-01T10:00:00Z');
const match: StoredMatch = {
  id: 'm1',
  number: 1,
  family: 'duel',
  options: {},
  seed: 'seed',
  createdAt,
  finishedAt: null,
  result: null,
  salt: null,
  start: { ready: [], startsAt: null, startedAt: null },
};
const at = (s: number): Date => new Date(createdAt.getTime() + s * 1000);
/** Seat 0 sets the secret, seat 1 guesses once. */
const log: StoredAction[] = [
  { seq: 1, seat: 0, actionId: 'a1', payload: { type: 'setSecret', code: [0, 1, 2, 3] }, salt: 'salt-1', createdAt: at(5) },
  { seq: 2, seat: 1, actionId: 'a2', payload: { type: 'guess', code: [3, 2, 1, 0] }, salt: null, createdAt: at(9) },
];

describe('a match folded from its log', () => {
  it('is the family’s setup with every stored action applied, the secret committed under its salt', () => {
    const folded = new FoldedMatch(duel, match, log);
    expect(folded.seq).toBe(2);
    expect(folded.last).toEqual({ seq: 2, seat: 1, type: 'guess' });
    expect(folded.commitments).toEqual([secretCommitment(1, 0, 'salt-1', [0, 1, 2, 3])]);
    expect(folded.acceptedSeq('a2')).toBe(2);
    expect(folded.acceptedSeq('a3')).toBeUndefined();
    expect(folded.clockSince).toBe(at(9).getTime());
    // the guess is scored by the rules: the breaker owes the next one, from its own latest move
    expect(folded.status().toAct).toEqual([1]);
    expect(folded.owingSince(1)).toBe(at(9).getTime());
    expect(folded.owingSince(0)).toBeNull();
  });

  it('folds only what follows its seq, and refuses a log with a gap', () => {
    const folded = new FoldedMatch(duel, match, log.slice(0, 1));
    folded.foldIn(log);
    expect(folded.seq).toBe(2);
    expect(() => new FoldedMatch(duel, match, log.slice(1))).toThrow(/log gap before seq 2/);
  });

  it('gives a watcher the very snapshot a live room of the same rows gives, without a turn timer', () => {
    const folded = new FoldedMatch(duel, match, log);
    const room = new LiveRoom({
      id: 'r1',
      family: 'duel',
      options: {},
      createdAt,
      creatorPlayerId: null,
      spectators: true,
      hints: false,
      takeOverAfterSec: null,
      daily: null,
      turnSeconds: null,
      seats: [],
      rematchVotes: [],
      match,
      actions: log,
    });
    expect(folded.snapshot(null)).toEqual(room.snapshot(null));
    expect(folded.snapshot(null).deadlines).toEqual([]);
  });
});
