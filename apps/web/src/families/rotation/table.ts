import type { Seat } from '@mm/rules/pure';
import type { RotationAction, RotationOptions, RotationRoundView, RotationView } from '@mm/rules/families/rotation';
import { rotationLastMove } from '@mm/rules/families/rotation/pure';
import { t } from '../../lib/i18n/index.svelte';
import { moveStatus, sharedStatus } from '../shared/table-texts';
import { codeComposer, lastLine, type BoardCard, type TableModel, type TableState } from '../shared/table';
import {
  brokenOnRow,
  codemakerStake,
  codeRules,
  currentRound,
  earlierRounds,
  placeOf,
  ranking,
  resultFor,
  roleOf,
  upcoming,
  type Ranked,
  type Role,
} from './model';

/** The rotation's reading of its table (docs/rules.md §2): one shared board a round, the running scores, the ranking. */
export interface RotationTable extends TableModel {
  options: RotationOptions;
  round: RotationRoundView | null;
  earlierRounds: RotationRoundView[];
  myRole: Role | null;
  /** the codebreakers after the one to play, in order */
  next: Seat[];
  ranked: Ranked[];
  /** what the codemaker would score if the next row broke the code */
  stake: number | null;
}

/** "Bob broke the code in 5" or "nobody broke it": how a round ended. */
export function roundLine(r: RotationRoundView, nameOf: (seat: number) => string): string {
  const row = brokenOnRow(r);
  const breaker = r.rows[r.rows.length - 1]?.seat;
  return row !== null && breaker !== undefined ? t('round.broken', { name: nameOf(breaker), n: row }) : t('rotation.nobodyBroke');
}

export const codemakerLine = (r: RotationRoundView, nameOf: (seat: number) => string): string =>
  t('rotation.codemakerScored', { name: nameOf(r.codemaker), n: r.codemakerPoints ?? 0 });

/** What a row earned, on the shared board. */
export const pointsText = (n: number): string => t('rotation.rowPoints', { n });

function resultText(s: TableState<RotationView, RotationAction>): string {
  const { status, seat, nameOf } = s;
  const result = resultFor(status, seat);
  if (result === 'win') return status.winners.length > 1 ? t('rotation.result.sharedWin') : t('result.win');
  // with three to five players, not winning is a place, not a loss: this phone's place ("2nd of 3, tied")
  if (result === 'lose' && seat !== null) {
    const rank = placeOf(status.scores, seat);
    const place = t(`rotation.place.${Math.min(rank.place, 5)}` as 'rotation.place.1');
    return t(rank.tied ? 'rotation.result.rankTied' : 'rotation.result.rank', { place, count: rank.count });
  }
  if (status.draw) return t('result.draw');
  return t('result.winner', { name: status.winners.map(nameOf).join(', ') });
}

export function rotationTable(s: TableState<RotationView, RotationAction>): RotationTable {
  const { view, status, seat, nameOf, turn } = s;
  const options = view.options;
  const round = currentRound(view);
  const roundIndex = view.rounds.length - 1;
  const last = rotationLastMove(view, s.last);
  const earlier = earlierRounds(view);
  const previous = earlier[earlier.length - 1] ?? null;

  const boards: BoardCard[] = [];
  if (round)
    boards.push({
      label: t('board.title'),
      title: t('rotation.sharedBoard', { n: round.number }),
      progress: t('board.progress', { used: round.rows.length + round.missed.length, total: options.guesses }),
      progressTestid: 'guess-progress',
      secret: {
        label:
          round.outcome !== null
            ? t('round.secretWas')
            : round.secret && seat === round.codemaker
              ? t('board.yourSecret')
              : round.secretSet
                ? round.codemaker === seat
                  ? t('rotation.you.secret')
                  : t('rotation.secretOf', { name: nameOf(round.codemaker) })
                : t('board.noSecretYet'),
        code: round.secret,
        set: round.secretSet,
        testid: round.outcome === null && seat === round.codemaker ? 'my-secret' : 'secret-reveal',
        row: true,
      },
      rows: round.rows,
      pegs: options.pegs,
      latest: last && last.kind === 'guess' && last.round === roundIndex ? last.row : null,
      pointsText,
    });

  const result = resultFor(status, seat);
  return {
    statusText:
      sharedStatus(turn, s.room.seats, seat) ??
      (turn.kind === 'finished' || turn.kind === 'none'
        ? ''
        : moveStatus(turn.kind === 'secret' ? 'secret' : 'guess', turn.actor === seat, seat !== null, nameOf(turn.actor))),
    lastText: lastLine(
      last,
      s,
      (l) => (l.kind === 'secret' ? t('you.lastSecret') : t('rotation.you.lastGuess', { n: l.row, points: l.points })),
      (l, name) =>
        l.kind === 'secret' ? t('last.secret', { name }) : t('rotation.lastGuess', { name, n: l.row, points: l.points }),
    ),
    result: {
      outcome: result === 'lose' ? 'decided' : (result ?? (status.draw ? 'draw' : 'decided')),
      text: resultText(s),
    },
    // the round that just ended, until the next one gets its first row
    summary:
      previous && round && round !== previous && round.rows.length === 0 && s.playing
        ? { testid: 'round-summary', title: t('round.over', { n: previous.number }), attrs: { 'data-outcome': previous.outcome } }
        : null,
    boards,
    moveAfter: 0,
    composer: round
      ? codeComposer(s, codeRules(options), roundIndex, {
          secret: t('composer.secretTitle'),
          guess: t('rotation.yourRow', { n: round.rows.length + round.missed.length + 1 }),
        })
      : null,
    earlier: earlier.length > 0 ? t('round.earlier') : null,
    options,
    round,
    earlierRounds: earlier,
    myRole: roleOf(round, seat),
    next: round ? upcoming(round, options.players) : [],
    ranked: ranking(status.scores),
    stake: round ? codemakerStake(view, round) : null,
  };
}
