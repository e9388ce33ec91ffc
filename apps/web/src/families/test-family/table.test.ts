import { beforeAll, describe, expect, it } from 'vitest';
import type { Snapshot } from '@mm/protocol';
import type { FamilyId, MatchStatus } from '@mm/rules';
import { loadLanguage, t } from '../../lib/i18n/index.svelte';
import { tableOf } from '../shared/table-fixture';
import { onePegTable, type OnePegView } from './table';

const view = (over: Partial<OnePegView> = {}): OnePegView => ({
  family: 'one-peg' as FamilyId,
  options: { colours: 6, guesses: 8 },
  secretSet: false,
  secret: null,
  rows: [],
  finished: false,
  ...over,
});

const owes = (s: number, kind: 'secret' | 'guess'): MatchStatus => ({
  finished: false,
  toAct: [s],
  owes: [{ seat: s, kind }],
  may: [],
  scores: [0, 0],
  winners: [],
  draw: false,
});

function table(v: OnePegView, status: MatchStatus, viewer: number | null, last: Snapshot['last'] = null) {
  return onePegTable(tableOf(['Ann', 'Bob'], v, status, viewer, { last }).state);
}

beforeAll(() => loadLanguage('en'));

// A family's whole table can be its reading: the test-only family draws nothing of its own.
describe('a family made of its reading alone', () => {
  it('asks the hider for one peg, and tells the guesser who hides it', () => {
    const hider = table(view(), owes(0, 'secret'), 0);
    expect(hider.statusText).toBe(t('status.yourSecret'));
    expect(hider.composer).toMatchObject({ mode: 'secret', rules: { pegs: 1, colours: 6 } });
    expect(table(view(), owes(0, 'secret'), 1).statusText).toBe(t('status.waitSecret', { name: 'Ann' }));
  });

  it('shows its one board, the row just played highlighted, and the hidden peg as hidden', () => {
    const v = view({ secretSet: true, rows: [{ guess: [2], score: { black: 0, white: 0 } }] });
    const guesser = table(v, owes(1, 'guess'), 1, { seq: 2, seat: 1, type: 'guess' });
    expect(guesser.boards).toHaveLength(1);
    expect(guesser.boards[0]).toMatchObject({ latest: 1, pegs: 1, secret: { code: null, set: true } });
    expect(guesser.composer).toMatchObject({ mode: 'guess', reset: '1-guess' });
    expect(guesser.lastText).toBeNull();
  });
});
