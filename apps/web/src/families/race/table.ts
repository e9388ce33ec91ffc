import type { RaceBoardView, RaceOptions, RaceView } from '@mm/rules/families/race';
import { raceCodeRules, raceLastMove } from '@mm/rules/families/race/pure';
import { t } from '../../lib/i18n/index.svelte';
import { sharedStatus } from '../shared/table-texts';
import { resultFor } from '../shared/seat-result';
import { codeComposer, lastLine, resultOutcome, type BoardCard, type TableModel, type TableState } from '../shared/table';
import { ownBoard, ranking } from './model';

/** The race's reading of its table: this phone's own board in full, the others' key pegs, the ranking. */
export interface RaceTable extends TableModel {
  options: RaceOptions;
  /** the boards shown as key pegs only (everyone else's while the race runs; all of them for a spectator) */
  pegBoards: RaceBoardView[];
  /** every seat, best place first (at the end: the ranking) */
  ranked: RaceBoardView[];
  /** how many seats are still racing */
  racing: number;
}

/** "5 of 10 rows", and how many of them the timer took. */
export const progressText = (b: RaceBoardView, total: number): string =>
  [t('race.board.progress', { used: b.used, total }), b.missed.length > 0 ? t('race.board.missed', { n: b.missed.length }) : null]
    .filter((x) => x !== null)
    .join(' · ');

/** Where a seat stands: broke the code (in n rows, place p), out of rows, or still racing. */
export const standingText = (b: RaceBoardView): string =>
  b.broken
    ? t('race.board.broken', { n: b.used, place: b.place ?? 0 })
    : b.out
      ? t('race.board.out', { place: b.place ?? 0 })
      : t('race.board.racing');

/**
 * How a Code of the day's attempt ended, in the daily's own words (its room's `daily` flag says it is
 * one): no match, no ranking. Null while it is played, or for any other race.
 */
function dailyEnd(s: TableState<RaceView>): string | null {
  const own = ownBoard(s.view, s.seat);
  if (s.room.daily === undefined || !s.status.finished || !own) return null;
  const total = s.view.options.guesses;
  return own.broken ? t('daily.won', { n: own.used, total }) : t('daily.lost', { total });
}

function statusText(s: TableState<RaceView>, racing: number): string {
  const daily = dailyEnd(s);
  if (daily !== null) return daily;
  const shared = sharedStatus(s.turn, s.room.seats, s.seat);
  if (shared !== null) return shared;
  if (s.myTurn) return t('status.yourGuess');
  const own = ownBoard(s.view, s.seat);
  if (own?.broken) return t('race.status.youBroke', { place: own.place ?? 0, n: racing });
  if (own?.out) return t('race.status.youOut', { n: racing });
  return t('race.status.racing', { n: racing });
}

function fullBoard(s: TableState<RaceView>, b: RaceBoardView, latest: number | null): BoardCard | null {
  if (b.shown !== 'code') return null;
  const mine = b.seat === s.seat;
  const title = mine ? t('race.board.mine') : t('race.board.of', { name: s.nameOf(b.seat) });
  return {
    label: title,
    title,
    progress: progressText(b, s.view.options.guesses),
    progressTestid: mine ? 'guess-progress' : undefined,
    testid: `race-board-${b.seat}`,
    seat: b.seat,
    secret: {
      label: s.view.code ? t('race.code') : t('race.code.hidden'),
      code: s.view.code,
      set: true,
      testid: s.view.code ? 'secret-reveal' : undefined,
    },
    rows: b.rows,
    pegs: s.view.options.pegs,
    latest,
  };
}

export function raceTable(s: TableState<RaceView>): RaceTable {
  const { view, status, seat, nameOf } = s;
  const last = raceLastMove(view, s.last);
  const racing = status.toAct.length;
  const own = ownBoard(view, seat);
  // this phone's board first, then (once the race is over) everyone else's in seat order
  const order = [...(own ? [own] : []), ...view.boards.filter((b) => b !== own)];
  const boards = order.flatMap((b) => {
    const latest = last && last.seat === b.seat && last.kind === 'guess' ? b.rows.length : null;
    const card = fullBoard(s, b, latest);
    return card ? [card] : [];
  });
  const result = resultFor(status, seat);
  const winner = status.winners[0];
  return {
    statusText: statusText(s, racing),
    lastText: lastLine(
      last,
      s,
      (l) => (l.kind === 'guess' ? t('race.you.lastGuess', { n: l.row }) : t('race.you.lastTimeout', { n: l.row })),
      (l, name) => (l.kind === 'guess' ? t('race.last.guess', { name, n: l.row }) : t('race.last.timeout', { name, n: l.row })),
    ),
    // The daily's page tells its end itself (DailyAfter): no "You win!" and no ranking of one.
    result:
      dailyEnd(s) !== null
        ? null
        : {
            outcome: resultOutcome(status, seat),
            text:
              own?.place != null && view.boards.length > 1
                ? result === 'win'
                  ? t('result.win')
                  : t('race.result.place', { place: own.place, total: view.boards.length })
                : result === 'win'
                  ? t('result.win')
                  : result === 'lose'
                    ? t('result.lose')
                    : winner !== undefined
                      ? t('result.winner', { name: nameOf(winner) })
                      : t('race.result.nobody'),
          },
    boards,
    moveAfter: boards.length > 0 && own ? 0 : -1,
    // only a seat guesses, and only on its own board; it starts afresh with every row used
    composer: own
      ? codeComposer(s, raceCodeRules(view.options), own.used, {
          secret: t('composer.secretTitle'),
          guess: t('composer.guessTitle'),
        })
      : null,
    earlier: null,
    options: view.options,
    pegBoards: view.boards.filter((b) => b.shown === 'pegs'),
    ranked: ranking(view),
    racing,
  };
}
