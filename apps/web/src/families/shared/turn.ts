import type { MatchStatus, OwedMove, Seat } from '@mm/rules/pure';

/**
 * What the match waits for, the same reading for every family: over, nobody to wait for yet,
 * or a kind of move (the rules' own `OwedMove`: `secret`, `guess`, `score`, `row`, `call`, also the
 * table's `data-turn`) with the first seat that owes it (`actor`) and every seat that owes it
 * now (`actors`: Parker's two secrets at once).
 */
export type Turn = { kind: 'finished' } | { kind: 'none' } | { kind: OwedMove; actor: Seat; actors: Seat[] };

/** The turn, from the rules' status (`owes`): the client works out no turn of its own. */
export function turnOf(status: MatchStatus): Turn {
  if (status.finished) return { kind: 'finished' };
  const first = status.owes[0];
  if (!first) return { kind: 'none' };
  const actors = status.owes.filter((o) => o.kind === first.kind).map((o) => o.seat);
  return { kind: first.kind, actor: first.seat, actors };
}

/** Does the match wait for `seat` now? */
export const waitsFor = (turn: Turn, seat: Seat | null): boolean =>
  seat !== null && 'actors' in turn && turn.actors.includes(seat);

/**
 * May `seat` make a move of `kind` now — owed (`owes`) or merely allowed (`may`: an MM44 call
 * during play, by any board still in)? The rules say; the table only asks.
 */
export const mayMake = (status: MatchStatus, seat: Seat | null, kind: OwedMove): boolean =>
  seat !== null && !status.finished && [...status.owes, ...status.may].some((m) => m.seat === seat && m.kind === kind);
