import { describe, expect, it } from 'vitest';
import type { BotMove } from '../core/bot';
import type { AnyFamily, Seat, Viewer } from '../core/family';
import { families, getFamilyBot } from './registry';

/** Options with repeated colours allowed (the probes below repeat them) and long matches. */
const OPTIONS: Record<string, Record<string, unknown>> = {
  duel: { repeats: true, rounds: 4 },
  parker: { repeats: true, games: 3 },
  rotation: { players: 3, repeats: true },
  mm44: { seating: '4x1', rows: 10 },
  race: { players: 3, repeats: true },
};

/**
 * Views are kept with the parts of the state they show (core/kept-views.ts): whatever the match,
 * every seat's and the watchers' view is the one worked out afresh from a copy of the state, whose
 * parts no view was ever kept with.
 */
describe.each(Object.values(families()) as AnyFamily[])('the kept views of $id', (family) => {
  it('are the views worked out afresh, at every step of a match', () => {
    const bot = getFamilyBot(family.id)!;
    const options = family.optionsSchema.parse(OPTIONS[family.id] ?? {}) as { pegs?: number };
    const pegs = typeof options.pegs === 'number' ? options.pegs : family.previewBoard.pegs;
    const seats = family.seatCount(options);
    const viewers: Viewer[] = [null, ...Array.from({ length: seats }, (_, s) => s)];
    let state = family.setup(options, 'kept-views');
    let steps = 0;
    for (let n = 0; n < 120 && !family.status(state).finished; n++) {
      const owed = family.status(state).owes[0];
      if (!owed) break;
      const code = Array.from({ length: pegs }, (_, i) => (n * 7 + i * 3) % 5);
      const move: BotMove | null =
        owed.kind === 'secret'
          ? { kind: 'secret', code: Array.from({ length: pegs }, (_, i) => i % 5) }
          : owed.kind === 'guess' || owed.kind === 'row'
            ? { kind: owed.kind, code }
            : owed.kind === 'call'
              ? { kind: 'pass' }
              : null;
      if (!move) break;
      const r = family.apply(state, owed.seat as Seat, bot.action(move));
      if (!r.ok) throw new Error(`refused: ${r.error.code} ${r.error.message}`);
      state = r.state;
      for (const viewer of viewers) {
        expect(family.view(state, viewer)).toEqual(family.view(structuredClone(state), viewer));
        expect(family.review(state)).toEqual(family.review(structuredClone(state)));
      }
      steps++;
    }
    expect(steps).toBeGreaterThan(10);
  });
});
