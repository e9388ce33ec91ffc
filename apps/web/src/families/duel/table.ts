import type { DuelAction, DuelOptions, DuelRoundView, DuelView } from '@mm/rules/families/duel';
import { duelLastMove } from '@mm/rules/families/duel/pure';
import { locale, t } from '../../lib/i18n/index.svelte';
import { seatLetter } from '../../lib/table/format';
import { isFreeSeat } from '../../lib/table/seats';
import { botStatus, matchResultText, moveStatus } from '../shared/table-texts';
import { codeComposer, lastLine, resultOutcome, type BoardCard, type TableModel, type TableState } from '../shared/table';
import { breakRecords, codeRules, currentRound, earlierRounds, resultFor, roleOf, type Role } from './model';

/** The duel's reading of its table (docs/rules.md §1): the round's board, its texts, its move. */
export interface DuelTable extends TableModel {
  options: DuelOptions;
  round: DuelRoundView | null;
  roundIndex: number;
  /** rounds over before the current one */
  earlierRounds: DuelRoundView[];
  myRole: Role | null;
  /** what the scores count: rounds or points */
  unit: string;
  /** a drawn match: who broke the codes faster (`drawLine`) */
  drawText: string | null;
}

/** "Bob broke the code in 5" or "Bob failed": how a round ended. */
export const roundLine = (r: DuelRoundView, nameOf: (seat: number) => string): string =>
  r.outcome === 'broken'
    ? t('round.broken', { name: nameOf(r.codebreaker), n: r.rows.length + r.missed.length })
    : t('duel.round.failed', { name: nameOf(r.codebreaker) });

/**
 * The end of a drawn duel: how fast each player broke the codes ("Both broke it: Ann in 3, Bob
 * in 4"). The draw stands (docs/rules.md §1: rounds won or points, nothing else); this only says
 * how close it was.
 */
export function drawLine(view: DuelView, nameOf: (seat: number) => string): string {
  const records = breakRecords(view);
  const rows = (broken: number[]) => new Intl.ListFormat(locale.lang, { type: 'conjunction' }).format(broken.map(String));
  if (records.every((r) => r.broken.length === 0)) return t('duel.draw.neither');
  const items = records.map(({ seat, broken, failed }) => {
    const name = nameOf(seat);
    if (broken.length === 0) return t('duel.draw.none', { name });
    return failed === 0
      ? t('duel.draw.rows', { name, rows: rows(broken) })
      : t('duel.draw.rowsMissed', { name, rows: rows(broken), n: failed });
  });
  const list = items.join(', ');
  return records.every((r) => r.failed === 0) ? t('duel.draw.both', { list }) : t('duel.draw.some', { list });
}

function statusText(s: TableState<DuelView, DuelAction>, round: DuelRoundView | null): string {
  const { turn, seat, room, nameOf } = s;
  if (turn.kind === 'finished') return t('status.finished');
  if (turn.kind === 'none') return t('duel.status.waitPlayer');
  const mine = seat !== null && turn.actor === seat;
  const actor = nameOf(turn.actor);
  if (!mine && room.seats.some(isFreeSeat) && seat !== null) return t('duel.status.waitPlayer');
  // true before anyone sits: an empty seat is not "setting the secret"
  if (!mine && isFreeSeat(room.seats[turn.actor])) return t('duel.status.seatFree', { letter: seatLetter(turn.actor) });
  const bot = botStatus(room.seats, turn.actor, seat);
  if (bot) return bot;
  const other = round && seat !== null ? (turn.actor === round.codemaker ? round.codebreaker : round.codemaker) : null;
  if (turn.kind === 'score')
    return mine
      ? t('duel.status.yourScore', { name: nameOf(other ?? round?.codebreaker ?? 0) })
      : seat !== null
        ? t('duel.status.waitScore', { name: actor })
        : t('duel.status.watchScore', { name: actor });
  return moveStatus(turn.kind === 'secret' ? 'secret' : 'guess', mine, seat !== null, actor);
}

export function duelTable(s: TableState<DuelView, DuelAction>): DuelTable {
  const { view, status, seat, nameOf } = s;
  const options = view.options;
  const round = currentRound(view);
  const roundIndex = view.rounds.length - 1;
  const last = duelLastMove(view, s.last);
  const earlier = earlierRounds(view);
  const previous = earlier[earlier.length - 1] ?? null;

  const boards: BoardCard[] = [];
  if (round) {
    /** this phone makes the code of the current round, still being played */
    const holdsSecret = round.outcome === null && seat === round.codemaker;
    boards.push({
      label: t('board.title'),
      title: t('round.title', { n: round.number }),
      progress: t('board.progress', { used: round.rows.length + round.missed.length, total: options.guesses }),
      progressTestid: 'guess-progress',
      // before the end only the codemaker holds it, except in a replay, where nothing is hidden
      secret: {
        label: round.secret
          ? round.outcome !== null
            ? t('round.secretWas')
            : holdsSecret
              ? t('board.yourSecret')
              : t('duel.replay.secret')
          : round.secretSet
            ? t('duel.board.hiddenSecret')
            : t('board.noSecretYet'),
        code: round.secret,
        set: round.secretSet,
        testid: holdsSecret ? 'my-secret' : 'secret-reveal',
        row: true,
      },
      rows: round.rows,
      pegs: options.pegs,
      latest: last && last.kind !== 'secret' && last.round === roundIndex ? last.row : null,
    });
  }

  const result = resultFor(status, seat);
  return {
    statusText: statusText(s, round),
    lastText: lastLine(
      last,
      s,
      // this phone's own moves in the second person
      (l) =>
        l.kind === 'secret'
          ? t('you.lastSecret')
          : l.kind === 'guess'
            ? t('duel.you.lastGuess', { n: l.row })
            : t('duel.you.lastScore', { n: l.row }),
      (l, name) =>
        l.kind === 'secret'
          ? t('last.secret', { name })
          : l.kind === 'guess'
            ? t('duel.last.guess', { name, n: l.row })
            : t('duel.last.score', { name, n: l.row }),
    ),
    result: { outcome: resultOutcome(status, seat), text: matchResultText(result, status, nameOf) },
    // the round that just ended, until the next one gets its first guess
    summary:
      previous && round && round !== previous && round.rows.length === 0 && s.playing
        ? {
            testid: 'round-summary',
            title: t('round.over', { n: previous.number }),
            attrs: { 'data-outcome': previous.outcome, 'data-faulty': previous.faulty ? 'true' : 'false' },
          }
        : null,
    boards,
    moveAfter: 0,
    composer: codeComposer(s, codeRules(options), roundIndex, {
      secret: t('composer.secretTitle'),
      guess: t('composer.guessTitle'),
    }),
    earlier: earlier.length > 0 ? t('round.earlier') : null,
    options,
    round,
    roundIndex,
    earlierRounds: earlier,
    myRole: roleOf(round, seat),
    unit: options.scoring === 'points' ? t('room.unit.points') : t('duel.room.unit.rounds'),
    drawText: status.finished && status.draw ? drawLine(view, nameOf) : null,
  };
}
