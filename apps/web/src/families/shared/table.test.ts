import { describe, expect, it } from 'vitest';
import type { MatchStatus, OwedMove } from '@mm/rules';
import { loadLanguage } from '../../lib/i18n/index.svelte';
import { resultOutcome } from './table';
import { tableOf } from './table-fixture';

const status = (over: Partial<MatchStatus> = {}): MatchStatus => ({
  finished: false,
  toAct: [],
  owes: [],
  may: [],
  scores: [0, 0],
  winners: [],
  draw: false,
  ...over,
});

const owing = (seat: number, kind: OwedMove): MatchStatus => status({ toAct: [seat], owes: [{ seat, kind }] });

const props = (s: MatchStatus, viewer: number | null, replay = false) =>
  tableOf(['Ann', null], { family: 'duel' }, s, viewer, { last: { seq: 3, seat: 0, type: 'guess' }, replay }).state;

describe('the shared table state', () => {
  it('reads whose move it is from the rules’ status, and whether this phone owes it', () => {
    const s = props(owing(1, 'guess'), 1);
    expect(s.turn).toEqual({ kind: 'guess', actor: 1, actors: [1] });
    expect(s.myTurn).toBe(true);
    expect(s.playing).toBe(true);
    expect(s.last).toEqual({ seq: 3, seat: 0, type: 'guess' });
    expect(props(owing(1, 'guess'), 0).myTurn).toBe(false);
    expect(props(owing(1, 'guess'), null).myTurn).toBe(false);
  });

  it('never offers a move in a replay, even to the seat that owes it', () => {
    const s = props(owing(1, 'secret'), 1, true);
    expect(s.turn.kind).toBe('secret');
    expect(s.myTurn).toBe(false);
    expect(s.replay).toBe(true);
  });

  it('knows a finished match from its status', () => {
    const s = props(status({ finished: true, winners: [0] }), 0);
    expect(s.turn).toEqual({ kind: 'finished' });
    expect(s.playing).toBe(false);
  });

  it('names each seat as the room shows it: the player’s name, else the free seat’s letter', async () => {
    await loadLanguage('en');
    const s = props(owing(0, 'secret'), null);
    expect(s.nameOf(0)).toBe('Ann');
    expect(s.nameOf(1)).toMatch(/B/);
  });

  it('colours the result card with this phone’s result, or a spectator’s view of it', () => {
    const won = status({ finished: true, winners: [1] });
    expect(resultOutcome(won, 1)).toBe('win');
    expect(resultOutcome(won, 0)).toBe('lose');
    expect(resultOutcome(won, null)).toBe('decided');
    expect(resultOutcome(status({ finished: true, draw: true }), null)).toBe('draw');
  });
});
