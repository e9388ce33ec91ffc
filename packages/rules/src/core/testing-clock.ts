import fc from 'fast-check';
import { expect, it } from 'vitest';
import { foldLog, type Family, type LoggedAction, type Seat, type Viewer } from './family';
import { createRng, type Rng } from './rng';
import { applyOrThrow, check, deepFreeze } from './testing';

/**
 * Wraps a family's `legalMove` so that, with chance `p`, a seat that owes a move runs out of
 * time instead: the move is then the family's own `timeoutFor`, as the server would append it.
 */
export function withTimeouts<S, A>(
  family: Family<unknown, S, A, unknown, unknown>,
  legalMove: (state: S, rng: Rng) => LoggedAction<A>,
  p: number,
): (state: S, rng: Rng) => LoggedAction<A> {
  return (state, rng) => {
    if (rng.next() >= p) return legalMove(state, rng);
    const toAct = family.status(state).toAct;
    const seat = toAct[rng.int(toAct.length)];
    const action = seat === undefined ? null : family.timeoutFor(state, seat, rng);
    if (seat === undefined || action === null) throw new Error('an unfinished match owes a move, so somebody can time out');
    return { seat, action };
  };
}

/** The action types of a log, in order (to check that timeouts were played). */
export const actionTypes = (log: readonly LoggedAction<unknown>[]): string[] =>
  log.map((e) => String((e.action as { type?: unknown }).type));

/**
 * The turn timer's guarantees, for one family over options drawn by `options`:
 * - `timeoutFor` offers a timeout exactly to the seats in `status.toAct`, and `apply` accepts it;
 * - every timeout moves the match on, so a table where nobody ever plays still ends, within
 *   `maxSteps` timeouts; and its log folds to the same state from any seed that deals the same.
 */
export function itEndsByTimeoutsAlone<O, S extends { finished: boolean }, A, V, I>(
  family: Family<O, S, A, V, I>,
  options: fc.Arbitrary<O>,
  maxSteps: number,
): void {
  it('a table where every seat always runs out of time still ends, one timeout after another', () => {
    fc.assert(
      fc.property(options, fc.string(), fc.nat(), (opts, seed, pick) => {
        let state = deepFreeze(family.setup(opts, seed));
        const log: LoggedAction<A>[] = [];
        const rng = createRng(`${seed}/timeouts`);
        while (!state.finished) {
          expect(log.length).toBeLessThan(maxSteps);
          const status = family.status(state);
          const seats = Array.from({ length: family.seatCount(opts) + 1 }, (_, s) => s - 1).concat(family.seatCount(opts));
          for (const s of seats) {
            // only a seat that owes a move can run out of time
            const offered = family.timeoutFor(state, s, rng);
            check.same(offered !== null, status.toAct.includes(s));
            if (offered === null) {
              const refused = family.apply(state, s, { type: 'timeout' } as A);
              expect(refused.ok ? 'accepted' : refused.error.code).toMatch(/NOT_YOUR_TURN|NOT_A_PLAYER/);
            }
          }
          const seat = status.toAct[pick % status.toAct.length] as Seat;
          const action = family.timeoutFor(state, seat, rng) as A;
          const r = family.apply(state, seat, action);
          if (!r.ok) throw new Error(`a timeout was refused: ${r.error.code} ${r.error.message}`);
          // progress: the state after a timeout is never the state before it
          expect(r.state).not.toEqual(state);
          log.push({ seat, action });
          state = deepFreeze(r.state);
        }
        check.equal(foldLog(family, opts, seed, log), state);
        check.equal(family.status(state).toAct, []);
      }),
      { numRuns: 40 },
    );
  });
}

/**
 * A match played as the server plays it, with the family's turn clock folded along (the match
 * created at 0, each move stored at its `at`): the state, and when each seat owing a move began to owe it.
 */
export function playClocked<O, S, A, V, I, L>(
  family: Family<O, S, A, V, I, L>,
  options: O,
  seed: string,
  moves: readonly { seat: Seat; action: A; at: number }[],
): { state: S; started: Map<Seat, number> } {
  let state = family.setup(options, seed);
  let started = family.turnClock.started(new Map(), family.status(state), null, 0);
  for (const m of moves) {
    state = applyOrThrow(family, state, m.seat, m.action);
    started = family.turnClock.started(started, family.status(state), m.seat, m.at);
  }
  return { state, started };
}

/** The family's `lastMove` after `moves` (from `setup`), as `viewer` reads it with the snapshot's `last`: seq, seat, the action's type. */
export function lastMoveAfter<O, S, A extends { type: string }, V, I, L>(
  family: Family<O, S, A, V, I, L>,
  options: O,
  seed: string,
  moves: readonly [Seat, A][],
  viewer: Viewer = 0,
): L | null {
  const state = moves.reduce((s, [seat, action]) => applyOrThrow(family, s, seat, action), family.setup(options, seed));
  const last = moves[moves.length - 1];
  return family.lastMove(family.view(state, viewer), last ? { seq: moves.length, seat: last[0], type: last[1].type } : null);
}
