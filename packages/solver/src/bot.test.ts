import {
  BOT_STRENGTHS,
  checkCode,
  createRng,
  randomCode,
  scoreGuess,
  type BotStrength,
  type Code,
  type CodeRules,
} from '@mm/rules';
import { mm44, mm44OptionsSchema } from '@mm/rules/families/mm44';
import { describe, expect, it } from 'vitest';
import { botMove, type BotRandomness } from './bot';
import type { Row } from './candidates';
import { createSpace } from './space';
import { guessAt } from './strength';

const MM46: CodeRules = { pegs: 4, colours: 6, repeats: true, blanks: false };

/** A seat seed's randomness; a secret is never asked for here. */
const seeded = (seed: string): BotRandomness => ({
  seed,
  secret: () => {
    throw new Error('no secret is drawn for a guess');
  },
});

/** The code a codebreaker bot guesses on `round`'s board after `rows`. */
function guessOf(seed: string, strength: BotStrength, rows: Row[] = [], round = 0, rules = MM46): string {
  const move = botMove({ kind: 'guess', rules, rows, round }, strength, seeded(seed));
  if (move?.kind !== 'guess') throw new Error(`not a guess: ${JSON.stringify(move)}`);
  return move.code.join('');
}

/** How often the commonest of `values` comes up. */
const commonest = (values: readonly string[]): number =>
  Math.max(...[...new Set(values)].map((v) => values.filter((w) => w === v).length));

const matches = Array.from({ length: 24 }, (_, i) => `match ${i}`);

describe('bots choose among equally good guesses from their seat’s seed', () => {
  it.each(BOT_STRENGTHS)(
    '%s: the first guess differs from match to match (24 seeds, none played in more than a third)',
    (strength) => {
      const openings = matches.map((seed) => guessOf(seed, strength));
      expect(new Set(openings).size).toBeGreaterThanOrEqual(8);
      expect(commonest(openings)).toBeLessThanOrEqual(8);
    },
  );

  it.each(BOT_STRENGTHS)('%s: two seats with the same rows choose different guesses', (strength) => {
    const rows: Row[] = [{ guess: [0, 0, 1, 1], score: { black: 1, white: 0 } }];
    for (const history of [[], rows]) {
      const apart = matches.filter(
        (m) => guessOf(`${m}/seat 0`, strength, history) !== guessOf(`${m}/seat 1`, strength, history),
      );
      expect(apart.length).toBeGreaterThanOrEqual(matches.length / 2);
    }
  });

  it.each(BOT_STRENGTHS)('%s: the same seed and the same rows give the same move (a match replays exactly)', (strength) => {
    const rows: Row[] = [{ guess: [2, 3, 4, 4], score: { black: 0, white: 2 } }];
    for (const m of matches.slice(0, 6)) {
      expect(guessOf(m, strength)).toBe(guessOf(m, strength));
      expect(guessOf(m, strength, rows, 2)).toBe(guessOf(m, strength, rows, 2));
    }
  });

  it('opens each board of a match afresh (a duel’s rounds, Parker’s games)', () => {
    const rounds = [0, 1, 2, 3, 4, 5].map((round) => guessOf('one match', 'strong', [], round));
    expect(new Set(rounds).size).toBeGreaterThanOrEqual(4);
  });

  it('keeps to the rules: every guess a legal code, blanks included', () => {
    const rules: CodeRules = { pegs: 4, colours: 6, repeats: false, blanks: true };
    for (const strength of BOT_STRENGTHS) {
      for (const m of matches.slice(0, 4)) {
        const secret = randomCode(createRng(m), rules);
        const rows: Row[] = [];
        for (let n = 0; n < 3; n++) {
          const move = botMove({ kind: 'guess', rules, rows, round: 0 }, strength, seeded(m));
          if (move?.kind !== 'guess') throw new Error('not a guess');
          // guesses may repeat colours even when secrets may not (docs/rules.md §1)
          expect(checkCode(move.code, { ...rules, repeats: true })).toBeNull();
          rows.push({ guess: move.code, score: scoreGuess(secret, move.code) });
        }
      }
    }
  });

  it('loses nothing: mean guesses over 300 seeded games of 4×6, bots’ seeds against one fixed way of playing', () => {
    const space = createSpace(MM46);
    const secrets = Array.from({ length: 300 }, (_, i) => randomCode(createRng(`secret ${i}`), MM46));
    const play = (secret: Code, next: (rows: Row[]) => Code): number => {
      const rows: Row[] = [];
      for (;;) {
        const guess = next(rows);
        const score = scoreGuess(secret, guess);
        rows.push({ guess, score });
        if (score.black === 4 || rows.length > 20) return rows.length;
      }
    };
    const mean = (f: (secret: Code, i: number) => number): number => secrets.reduce((n, s, i) => n + f(s, i), 0) / secrets.length;
    const lines: string[] = [];
    for (const strength of BOT_STRENGTHS) {
      const fixed = mean((secret) => play(secret, (rows) => guessAt(space, rows, strength, createRng(`fixed/${rows.length}`))));
      const seededMean = mean((secret, i) =>
        play(secret, (rows) => {
          const move = botMove({ kind: 'guess', rules: MM46, rows, round: 0 }, strength, seeded(`game ${i}`));
          return move?.kind === 'guess' ? move.code : [];
        }),
      );
      lines.push(`${strength} ${seededMean.toFixed(3)} (fixed ${fixed.toFixed(3)})`);
      // The exact check is relabel.test.ts (over every secret, the same total); this is a sample of real games.
      expect(seededMean).toBeLessThan(fixed + 0.2);
    }
    console.log(`mean guesses over 300 seeded 4×6 games, seat-seeded bots: ${lines.join(', ')}`);
  });
});

describe('Master Mind 44 bots draw from their seat’s seed too', () => {
  it('the same seed and view give the same move; the seeds of other seats or matches other rows', () => {
    const state = mm44.setup(mm44OptionsSchema.parse({ seating: '4x1' }), 'deal');
    const view = mm44.view(state, 0);
    const row = (seed: string): string => JSON.stringify(botMove({ kind: 'deals', view, seat: 0 }, 'medium', seeded(seed)));
    expect(row('a')).toBe(row('a'));
    expect(new Set(matches.map(row)).size).toBeGreaterThan(1);
  });
});
