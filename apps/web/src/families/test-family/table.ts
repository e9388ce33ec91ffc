import type { Code, CodeRules, FamilyId, Score, Seat } from '@mm/rules/pure';
import { t } from '../../lib/i18n/index.svelte';
import { matchResultText, moveStatus, sharedStatus } from '../shared/table-texts';
import { resultFor } from '../shared/seat-result';
import { codeComposer, resultOutcome, type TableModel, type TableState } from '../shared/table';

/**
 * The test-only family "guess my colour" (apps/server/src/test-family/one-peg.ts): seat A hides
 * one peg, seat B guesses it. Its whole table is this reading: it has no piece of its own to draw.
 */
export interface OnePegView {
  family: FamilyId;
  options: { colours: number; guesses: number };
  secretSet: boolean;
  secret: Code | null;
  rows: { guess: Code; score: Score }[];
  finished: boolean;
}

const rulesOf = (o: OnePegView['options']): CodeRules => ({ pegs: 1, colours: o.colours, repeats: true, blanks: false });

export function onePegTable(s: TableState<OnePegView>): TableModel {
  const { view, status, seat, turn, nameOf } = s;
  // its shared texts say what a secret was; a guess speaks for itself on the board
  const hider: Seat | null = view.rows.length === 0 ? (s.last?.seat ?? null) : null;
  return {
    statusText:
      sharedStatus(turn, s.room.seats, seat) ??
      (turn.kind === 'secret' || turn.kind === 'guess'
        ? moveStatus(turn.kind === 'secret' ? 'secret' : 'guess', turn.actor === seat, seat !== null, nameOf(turn.actor))
        : ''),
    lastText: hider === null ? null : hider === seat ? t('you.lastSecret') : t('last.secret', { name: nameOf(hider) }),
    result: { outcome: resultOutcome(status, seat), text: matchResultText(resultFor(status, seat), status, nameOf) },
    boards: [
      {
        label: t('board.title'),
        title: t('board.title'),
        progress: t('board.progress', { used: view.rows.length, total: view.options.guesses }),
        secret: {
          label: view.secret ? (view.finished ? t('round.secretWas') : t('board.yourSecret')) : t('board.noSecretYet'),
          code: view.secret,
          set: view.secretSet,
        },
        rows: view.rows,
        pegs: 1,
        latest: view.rows.length || null,
      },
    ],
    moveAfter: 0,
    composer: codeComposer(s, rulesOf(view.options), view.rows.length, {
      secret: t('composer.secretTitle'),
      guess: t('composer.guessTitle'),
    }),
    earlier: null,
  };
}
