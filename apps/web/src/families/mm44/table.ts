import type { Code } from '@mm/rules/pure';
import type { Mm44Action, Mm44Options, Mm44Peg, Mm44View } from '@mm/rules/families/mm44';
import { mm44LastMove, mm44LatestRow } from '@mm/rules/families/mm44/pure';
import { t } from '../../lib/i18n/index.svelte';
import { sharedStatus } from '../shared/table-texts';
import { mayMake } from '../shared/turn';
import { lastLine, type ComposerSpec, type TableModel, type TableState } from '../shared/table';
import { resultFor } from '../shared/seat-result';
import { boardsOf, ROW_RULES, seatingShape } from './model';

/** Master Mind 44's reading of its table (docs/rules.md §4): its boards are its own, drawn by its snippets. */
export interface Mm44Table extends TableModel {
  options: Mm44Options;
  shape: { players: number; boardsEach: number };
  /** the board whose row is owed (the view names it), or null in the final calls and once over */
  rowBoard: number | null;
  /** the boards this phone's seat holds */
  myBoards: number[];
  iAmOut: boolean;
  /** this phone may call "Master Mind!" now */
  mayCall: boolean;
  /** the "Master Mind!" answer composer is open */
  showCall: boolean;
  /** the row just placed, on its board (1-based) */
  latest: { board: number; row: number } | null;
}

/** What this phone does beside the rules' state: whether its call composer is open, and how a hint's call opens it. */
export interface Mm44Local {
  calling: boolean;
  callWith: (code: Code) => void;
}

/** A peg of an answer, in words. */
export const answerText = (peg: Mm44Peg): string =>
  peg === 'black' ? t('mm44.answerBlack') : peg === 'white' ? t('mm44.answerWhite') : t('mm44.answerNone');

function statusText(s: TableState<Mm44View, Mm44Action>, rowBoard: number | null): string {
  const { turn, seat, nameOf } = s;
  const shared = sharedStatus(turn, s.room.seats, seat);
  if (shared !== null || turn.kind === 'finished' || turn.kind === 'none') return shared ?? '';
  const mine = turn.actor === seat;
  const name = nameOf(turn.actor);
  if (turn.kind !== 'row') return mine ? t('mm44.yourFinalCall') : t('mm44.waitFinalCall', { name });
  const n = (rowBoard ?? 0) + 1;
  if (mine) return t('mm44.yourRow', { n });
  return seat !== null ? t('mm44.waitRow', { name, n }) : t('mm44.watchRow', { name, n });
}

export function mm44Table(s: TableState<Mm44View, Mm44Action>, local: Mm44Local): Mm44Table {
  const { view, status, seat, nameOf, turn } = s;
  const rowBoard = turn.kind === 'row' ? view.turn : null;
  const mayCall = !s.replay && mayMake(status, seat, 'call');
  const showCall = local.calling && mayCall;
  const last = mm44LastMove(view, s.last);
  const result = resultFor(status, seat);

  const lastText = lastLine(
    last,
    s,
    (l) =>
      l.kind === 'row'
        ? t('mm44.you.lastRow', { n: l.board + 1 })
        : l.kind === 'call'
          ? t(l.correct ? 'mm44.you.lastCallRight' : 'mm44.you.lastCallWrong')
          : t('mm44.you.lastPass'),
    (l, name) =>
      l.kind === 'row'
        ? t('mm44.lastRow', { name, n: l.board + 1 })
        : l.kind === 'call'
          ? t(l.correct ? 'mm44.lastCallRight' : 'mm44.lastCallWrong', { name })
          : t('mm44.lastPass', { name }),
  );

  const composer: ComposerSpec | null =
    showCall || rowBoard === null
      ? null
      : {
          mode: 'guess',
          title: t('mm44.rowTitle', { n: rowBoard + 1 }),
          rules: ROW_RULES,
          reset: `${rowBoard}-${view.boards[rowBoard]?.rows.length ?? 0}`,
          send: (code) => s.act({ type: 'row', code }),
          unit: 'deals',
          submitLabel: t('mm44.placeRow'),
          composerHint: t('mm44.composerHint'),
          oncall: mayCall ? local.callWith : undefined,
        };

  return {
    statusText: statusText(s, rowBoard),
    lastText,
    phase: view.phase,
    result: {
      outcome: result ?? (view.winner === null ? 'draw' : 'decided'),
      text:
        result === 'win'
          ? t('mm44.youWin')
          : view.winner === null
            ? t('mm44.nobodyWins')
            : t('result.winner', { name: nameOf(view.winner) }),
    },
    boards: [],
    // the composer (or the call) first, beside the boards
    moveAfter: -1,
    composer,
    earlier: null,
    options: view.options,
    shape: seatingShape(view.options.seating),
    rowBoard,
    myBoards: boardsOf(view, seat),
    iAmOut: seat !== null && view.out[seat] === true,
    mayCall,
    showCall,
    latest: last?.kind === 'row' ? mm44LatestRow(view) : null,
  };
}
