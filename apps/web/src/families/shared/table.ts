import type { RoomSummary, Snapshot } from '@mm/protocol/pure';
import { guessRules, type Code, type CodeRules, type MatchStatus, type Score, type Seat } from '@mm/rules/pure';
import type { GameProps, MoveResult } from '../types';
import { resultFor, type ResultOutcome } from './seat-result';
import { seatNames } from './table-texts';
import { turnOf, waitsFor, type Turn } from './turn';

/**
 * What every table reads the same way, whatever its family: the view (as the family's own
 * type: the room page only mounts a family's table for a view of that family), the turn
 * from the rules' `status.owes`, whether this phone owes a move now, and the seats' names.
 */
export interface TableState<V, A = unknown> {
  view: V;
  status: MatchStatus;
  room: RoomSummary;
  /** the seat this browser holds, or null when watching */
  seat: Seat | null;
  /** the snapshot's latest action (who, which kind) */
  last: Snapshot['last'];
  turn: Turn;
  /** this phone owes a move now (never in a replay) */
  myTurn: boolean;
  /** the match is still being played */
  playing: boolean;
  /** shown read-only (a replay): no move can be made */
  replay: boolean;
  nameOf: (seat: number) => string;
  /** plays one of the family's actions (GameProps.act) */
  act: GameProps<A>['act'];
}

/** The shared reading of the room page's props (call it in a `$derived`: the names are translated). */
export function tableState<V, A = unknown>(
  props: Pick<GameProps<A>, 'room' | 'snapshot' | 'seat' | 'replay' | 'act'>,
): TableState<V, A> {
  const { room, snapshot, seat } = props;
  const turn = turnOf(snapshot.status);
  return {
    view: snapshot.view as V,
    status: snapshot.status,
    room,
    seat,
    last: snapshot.last,
    turn,
    myTurn: !props.replay && waitsFor(turn, seat),
    playing: turn.kind !== 'finished',
    replay: props.replay ?? false,
    nameOf: seatNames(room.seats),
    act: props.act,
  };
}

/** A row of a board: a guess and its key pegs; on a shared board, who placed it and what it earned. */
export interface BoardRow {
  guess: Code;
  score?: Score | null;
  /** the true score, where a hand score may be wrong (the duel) */
  trueScore?: Score | null;
  seat?: Seat;
  points?: number;
}

/** The secret strip above a board (`SecretLine`). */
export interface SecretSpec {
  label: string;
  code: Code | null;
  /** a hidden secret exists (shown as "?") */
  set?: boolean;
  testid?: string;
  /** wrapped in the `secret-row` element the duel's and the rotation's tests find */
  row?: boolean;
}

/** One board card of a table: its head, its secret strip and its rows. */
export interface BoardCard {
  /** the card's accessible name */
  label: string;
  title: string;
  progress: string;
  progressTestid?: string;
  /** the card's own test id and seat (Parker's two boards) */
  testid?: string;
  seat?: Seat;
  secret: SecretSpec;
  rows: readonly BoardRow[];
  pegs: number;
  /** the row just played (1-based) */
  latest: number | null;
  /** rows placed by several seats, each naming its seat and what it earned in these words (the rotation) */
  pointsText?: (points: number) => string;
}

/** The actions the shared composer sends: a family of secrets and guesses accepts both. */
export type CodeMove = { type: 'setSecret'; code: Code } | { type: 'guess'; code: Code };

/** This phone's code to play, drawn by the shared composer (a secret, or a guess with the hint panel). */
export interface ComposerSpec {
  mode: 'secret' | 'guess';
  title: string;
  /** a line under the title */
  note?: string;
  rules: CodeRules;
  /** the composer starts afresh whenever this changes (a new round, row, …) */
  reset: string;
  send: (code: Code) => Promise<MoveResult>;
  unit?: 'codes' | 'deals';
  submitLabel?: string;
  composerHint?: string;
  oncall?: (code: Code) => void;
}

/** A card of its own between the result and the boards (the round that just ended). */
export interface SummarySpec {
  testid: string;
  title: string;
  attrs: Record<string, string | null>;
}

/**
 * What a family reads from its view for the shared table: its texts, its boards and its
 * move; everything else it draws is its own snippets.
 */
export interface TableModel {
  statusText: string;
  /** what was just played; shown while the match runs */
  lastText: string | null;
  /** the family's phase (data-phase of the status line), if it has phases */
  phase?: string;
  /** the result card, once the match is over */
  result: { outcome: ResultOutcome; text: string } | null;
  summary?: SummarySpec | null;
  boards: readonly BoardCard[];
  /** the move card follows this board (-1: before every board) */
  moveAfter: number;
  /** the shared composer when this phone owes a code (else the family's own `move` snippet, if any) */
  composer: ComposerSpec | null;
  /** the title of the card of earlier rounds or games, when there are any */
  earlier: string | null;
}

/** What was just played: this phone's own move in the second person (`own`), another seat's by its name. */
export const lastLine = <L extends { seat: Seat }>(
  last: L | null,
  s: Pick<TableState<unknown>, 'seat' | 'nameOf'>,
  own: (last: L) => string,
  other: (last: L, name: string) => string,
): string | null => (last === null ? null : last.seat === s.seat ? own(last) : other(last, s.nameOf(last.seat)));

/**
 * The shared composer of a family of secrets and guesses: the secret to set or the guess to play
 * that the turn asks for (a guess may leave no hole empty: `guessRules`), sent as the family's
 * `setSecret` or `guess` action; it starts afresh with every new `key` (round, game).
 */
export function codeComposer(
  s: Pick<TableState<unknown, CodeMove>, 'turn' | 'act'>,
  rules: CodeRules,
  key: string | number,
  text: { secret: string; secretNote?: string; guess: string },
): ComposerSpec | null {
  const send = (type: CodeMove['type']) => (code: Code) => s.act({ type, code });
  if (s.turn.kind === 'secret')
    return { mode: 'secret', title: text.secret, note: text.secretNote, rules, reset: `${key}-secret`, send: send('setSecret') };
  if (s.turn.kind === 'guess')
    return { mode: 'guess', title: text.guess, rules: guessRules(rules), reset: `${key}-guess`, send: send('guess') };
  return null;
}

/**
 * The result card's colour for a match that ranks by the status: this phone's result, else
 * (a spectator) a draw or `decided`.
 */
export const resultOutcome = (status: MatchStatus, seat: Seat | null): ResultOutcome =>
  resultFor(status, seat) ?? (status.draw ? 'draw' : 'decided');
