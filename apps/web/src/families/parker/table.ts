import type { Code, Seat } from '@mm/rules/pure';
import { PARKER_MOVES, parkerGameOutcome, parkerLastMove } from '@mm/rules/families/parker/pure';
import type { ParkerAction, ParkerGameView, ParkerOptions, ParkerView } from '@mm/rules/families/parker';
import { t } from '../../lib/i18n/index.svelte';
import { matchResultText, moveStatus, sharedStatus } from '../shared/table-texts';
import { waitsFor } from '../shared/turn';
import { codeComposer, lastLine, resultOutcome, type BoardCard, type TableModel, type TableState } from '../shared/table';
import { codeRules, currentGame, earlierGames, gameEnd, moveNumber, otherSeat, resultFor } from './model';

/** Parker's reading of its table (docs/rules.md §3): two boards a game, the series. */
export interface ParkerTable extends TableModel {
  options: ParkerOptions;
  game: ParkerGameView | null;
  earlierGames: ParkerGameView[];
  /** a best-of series (more than one game) */
  series: boolean;
  /** whose boards this phone shows as "own" (a spectator follows seat A), and the other seat */
  me: Seat;
  opp: Seat;
}

/** How a finished game ended, in one line. */
export function gameLine(g: ParkerGameView, nameOf: (seat: number) => string): string {
  const end = gameEnd(g);
  if (!end) return '';
  switch (end.kind) {
    case 'won':
      return t('parker.won', { name: nameOf(end.winner), n: end.move });
    case 'bothBroken':
      return t('parker.bothBroken', { n: end.move });
    case 'neitherBroken':
      return t('parker.neitherBroken', { n: end.moves });
  }
}

/** "Pia's code:", or "Your code:" on Pia's own phone */
export const codeOf = (s: Seat, seat: Seat | null, nameOf: (seat: number) => string): string =>
  s === seat ? t('parker.you.code') : t('parker.codeOf', { name: nameOf(s) });

/** the board rows of seat s's guesses, in the shape the shared Board draws */
export const rowsOf = (g: ParkerGameView, s: Seat) =>
  g.guesses[s as 0 | 1].map((r) => ({ guess: r.guess, score: r.score, trueScore: null }));

/** The outcome a summary or an earlier game is marked with: this phone's result, else the game's. */
export const gameMark = (g: ParkerGameView, seat: Seat | null): string | null =>
  (seat === null ? null : parkerGameOutcome(g, seat)) ?? g.outcome;

function statusText(s: TableState<ParkerView, ParkerAction>): string {
  const { turn, seat, nameOf } = s;
  const shared = sharedStatus(turn, s.room.seats, seat);
  if (shared !== null || turn.kind === 'finished' || turn.kind === 'none') return shared ?? '';
  const mine = waitsFor(turn, seat);
  if (turn.kind !== 'secret') return mine ? t('status.yourGuess') : moveStatus('guess', false, seat !== null, nameOf(turn.actor));
  if (mine) return t('parker.yourSecret');
  return turn.actors.length === 2 ? t('parker.bothSecrets') : moveStatus('secret', false, seat !== null, nameOf(turn.actor));
}

export function parkerTable(s: TableState<ParkerView, ParkerAction>): ParkerTable {
  const { view, status, seat, nameOf } = s;
  const options = view.options;
  const game = currentGame(view);
  const gameIndex = view.games.length - 1;
  const last = parkerLastMove(view, s.last);
  const earlier = earlierGames(view);
  const previous = earlier[earlier.length - 1] ?? null;
  const me: Seat = seat ?? 0;
  const opp = otherSeat(me);

  const boards: BoardCard[] = [];
  if (game) {
    const secrets = game.secrets as readonly (Code | null)[];
    const set = game.secretSet as readonly boolean[];
    const used = (b: Seat) => game.guesses[b as 0 | 1].length + game.missed[b as 0 | 1].length;
    /** the row just played on seat b's board of the current game */
    const latest = (b: Seat): number | null =>
      last && last.kind === 'guess' && last.game === gameIndex && last.seat === b ? last.move : null;
    const ownTitle =
      seat !== null ? t('parker.ownBoard', { name: nameOf(opp) }) : t('parker.boardOf', { a: nameOf(me), b: nameOf(opp) });
    const oppTitle =
      seat !== null ? t('parker.opponentBoard', { name: nameOf(opp) }) : t('parker.boardOf', { a: nameOf(opp), b: nameOf(me) });
    // this phone's board: its guesses at the opponent's code
    boards.push({
      label: ownTitle,
      title: ownTitle,
      progress: t('parker.progress', { used: used(me), total: PARKER_MOVES }),
      testid: 'parker-own-board',
      seat: me,
      secret: {
        label: secrets[opp]
          ? t('parker.codeOf', { name: nameOf(opp) })
          : set[opp]
            ? t('parker.hiddenCodeOf', { name: nameOf(opp) })
            : t('parker.noCodeYet', { name: nameOf(opp) }),
        code: secrets[opp] ?? null,
        set: set[opp],
        testid: seat === null || game.outcome !== null ? 'secret-reveal' : undefined,
      },
      rows: rowsOf(game, me),
      pegs: options.pegs,
      latest: latest(me),
    });
    // the opponent's board: its guesses at this phone's code, with the scores it received
    const mineHidden = seat !== null && game.outcome === null;
    boards.push({
      label: oppTitle,
      title: oppTitle,
      progress: t('parker.progress', { used: used(opp), total: PARKER_MOVES }),
      testid: 'parker-opponent-board',
      seat: opp,
      secret: {
        label: mineHidden ? (secrets[me] ? t('board.yourSecret') : t('board.noSecretYet')) : codeOf(me, seat, nameOf),
        code: secrets[me] ?? null,
        set: set[me],
        testid: mineHidden ? 'my-secret' : 'secret-reveal',
      },
      rows: rowsOf(game, opp),
      pegs: options.pegs,
      latest: latest(opp),
    });
  }

  return {
    statusText: statusText(s),
    lastText: lastLine(
      last,
      s,
      (l) => (l.kind === 'secret' ? t('parker.you.lastSecret') : t('parker.you.lastGuess', { n: l.move })),
      (l, name) => (l.kind === 'secret' ? t('parker.lastSecret', { name }) : t('parker.lastGuess', { name, n: l.move })),
    ),
    result: { outcome: resultOutcome(status, seat), text: matchResultText(resultFor(status, seat), status, nameOf) },
    // the game that just ended, until the next one gets its first guess
    summary:
      previous && game && game !== previous && game.guesses[0].length + game.guesses[1].length === 0 && s.playing
        ? {
            testid: 'game-summary',
            title: t('parker.gameOver', { n: previous.number }),
            attrs: { 'data-outcome': gameMark(previous, seat) },
          }
        : null,
    boards,
    moveAfter: 0,
    composer: game
      ? codeComposer(s, codeRules(options), gameIndex, {
          secret: t('parker.secretTitle'),
          secretNote: t('parker.secretHint', { name: nameOf(opp) }),
          guess: t('parker.guessTitle', { n: moveNumber(game), name: nameOf(opp) }),
        })
      : null,
    earlier: earlier.length > 0 ? t('parker.earlier') : null,
    options,
    game,
    earlierGames: earlier,
    series: options.games > 1,
    me,
    opp,
  };
}
