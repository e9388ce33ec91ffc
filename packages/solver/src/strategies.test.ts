import fc from 'fast-check';
import { allCodes, checkCode, createRng, randomCode, scoreGuess, type Code, type CodeRules } from '@mm/rules';
import { describe, expect, it } from 'vitest';
import { candidatesFor, type Row } from './candidates';
import { ExactSolver, walkPlan, type PlanNode } from './exact';
import { PLANS } from './generated/plans';
import { parsePlan, serialisePlan, shippedPlan } from './plan';
import { createSpace, encode, type Space } from './space';
import { bestStrategyFor, nextGuess, STRATEGIES, type StrategyName } from './strategies';
import { fullSymmetry, orbitRepresentatives, stabilise } from './symmetry';

const MM46: CodeRules = { pegs: 4, colours: 6, repeats: true, blanks: false };

/** Plays `strategy` against `secret`; the number of guesses used. */
function play(space: Space, strategy: StrategyName, secret: Code, seed = 'test', limit = 30): number {
  const rng = createRng(seed);
  const history: Row[] = [];
  for (;;) {
    const guess = nextGuess(space, history, strategy, rng);
    const score = scoreGuess(secret, guess);
    history.push({ guess, score });
    if (score.black === space.pegs) return history.length;
    if (history.length >= limit) throw new Error(`${strategy} did not break ${JSON.stringify(secret)}`);
  }
}

function sweep(rules: CodeRules, strategy: StrategyName): { total: number; worst: number } {
  const space = createSpace(rules);
  let total = 0;
  let worst = 0;
  for (const secret of allCodes(rules)) {
    const n = play(space, strategy, secret);
    total += n;
    worst = Math.max(worst, n);
  }
  return { total, worst };
}

describe('strategies on 4 pegs × 6 colours with repeats (full sweeps)', () => {
  it('optimal: 5626 guesses over the 1296 secrets, never more than 5 (Koyama & Lai)', () => {
    expect(sweep(MM46, 'optimal')).toEqual({ total: 5626, worst: 5 });
  });

  it('Knuth: every secret within 5 guesses, 5801 in all (4.476)', () => {
    expect(sweep(MM46, 'knuth')).toEqual({ total: 5801, worst: 5 });
  });

  it('opens as the literature says: Knuth AABB, most parts and optimal AABC, entropy ABCD', () => {
    const space = createSpace(MM46);
    expect(nextGuess(space, [], 'knuth')).toEqual([0, 0, 1, 1]);
    expect(nextGuess(space, [], 'most-parts')).toEqual([0, 0, 1, 2]);
    expect(nextGuess(space, [], 'expected-size')).toEqual([0, 0, 1, 2]);
    expect(nextGuess(space, [], 'entropy')).toEqual([0, 1, 2, 3]);
    expect(nextGuess(space, [], 'optimal')).toEqual([0, 0, 1, 2]);
  });
});

describe('shipped optimal plans', () => {
  it('play every secret of their rules in the announced totals', () => {
    for (const meta of PLANS) {
      const space = createSpace(meta.rules);
      const plan = parsePlan(space, meta.plan);
      const t = walkPlan(space, plan, space.secrets);
      expect(t).toEqual({ secrets: meta.secrets, total: meta.total, worst: meta.worst });
      expect(serialisePlan(space, plan)).toBe(meta.plan);
      if (meta.maxDepth !== null) expect(t.worst).toBeLessThanOrEqual(meta.maxDepth);
    }
    const mm = PLANS.find((p) => p.rules.pegs === 4 && p.rules.colours === 6 && p.rules.repeats);
    expect(mm && { total: mm.total, worst: mm.worst, maxDepth: mm.maxDepth }).toEqual({ total: 5626, worst: 5, maxDepth: 5 });
  });

  it('agree with a fresh exact search where that is quick: whole 3×6 games, and the smaller classes after AABC in 4×6', () => {
    for (const meta of PLANS.filter((p) => p.rules.pegs === 3)) {
      const space = createSpace(meta.rules);
      const solver = new ExactSolver(space);
      expect(solver.solve(space.secrets, meta.maxDepth ?? 64, Infinity, fullSymmetry(space))).toBe(meta.total);
    }
    const space = createSpace(MM46);
    const shipped = shippedPlan(space);
    expect(shipped).not.toBeNull();
    const root = shipped!.plan;
    expect(root.guess).toBe(encode(space, [0, 0, 1, 2]));
    const solver = new ExactSolver(space);
    const sym = stabilise(space, fullSymmetry(space), root.guess);
    let checked = 0;
    for (const cls of solver.split(space.secrets, root.guess)) {
      if (cls.length > 50) continue; // the big classes take seconds; the generator proves them
      const score = space.table![root.guess * space.size + cls[0]!]!;
      const child = root.children.get(score) as PlanNode;
      const fresh = solver.solve(cls, 4, Infinity, sym);
      expect(walkPlan(space, child, cls, 1).total).toBe(fresh);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(5);
  });

  it('lists one first guess per colour pattern before any row', () => {
    const space = createSpace(MM46);
    // AAAA, AAAB, AABB, AABC, ABCD
    const reps = Array.from(orbitRepresentatives(space, fullSymmetry(space)));
    expect(reps).toEqual(
      [
        [0, 0, 0, 0],
        [0, 0, 0, 1],
        [0, 0, 1, 1],
        [0, 0, 1, 2],
        [0, 1, 2, 3],
      ].map((c) => encode(space, c)),
    );
  });
});

const rulesArb: fc.Arbitrary<CodeRules> = fc
  .record({
    pegs: fc.integer({ min: 3, max: 5 }),
    colours: fc.integer({ min: 4, max: 8 }),
    repeats: fc.boolean(),
    blanks: fc.boolean(),
  })
  .filter((r) => (r.repeats || r.blanks || r.colours >= r.pegs) && (r.colours + (r.blanks ? 1 : 0)) ** r.pegs <= 40_000);

describe('any strategy, any small options', () => {
  it('consistent-random only ever guesses a code that could still be the secret', () => {
    fc.assert(
      fc.property(rulesArb, fc.string(), (rules, seed) => {
        const space = createSpace(rules);
        const rng = createRng(seed);
        const secret = randomCode(rng, rules);
        const history: Row[] = [];
        for (let i = 0; i < 30; i++) {
          const cands = candidatesFor(space, history);
          const guess = nextGuess(space, history, 'consistent-random', rng);
          expect(Array.from(cands)).toContain(encode(space, guess));
          const score = scoreGuess(secret, guess);
          history.push({ guess, score });
          if (score.black === rules.pegs) return;
        }
        throw new Error('not broken in 30 guesses');
      }),
      { numRuns: 40 },
    );
  });

  it('every strategy breaks the code with legal guesses, and the same seed gives the same game', () => {
    fc.assert(
      fc.property(rulesArb, fc.constantFrom(...STRATEGIES), fc.string(), (rules, strategy, seed) => {
        const space = createSpace(rules);
        const secret = randomCode(createRng(seed), rules);
        const game = (): Code[] => {
          const rng = createRng(`${seed}/bot`);
          const history: Row[] = [];
          for (let i = 0; i < 30; i++) {
            const guess = nextGuess(space, history, strategy, rng);
            expect(checkCode(guess, { ...rules, repeats: true })).toBeNull();
            const score = scoreGuess(secret, guess);
            history.push({ guess, score });
            if (score.black === rules.pegs) return history.map((r) => r.guess);
          }
          throw new Error(`${strategy} did not break the code in 30 guesses`);
        };
        expect(game()).toEqual(game());
      }),
      { numRuns: 40 },
    );
  });

  it('still moves when hand-entered scores contradict each other', () => {
    const space = createSpace(MM46);
    const history: Row[] = [
      { guess: [0, 0, 0, 0], score: { black: 0, white: 0 } },
      { guess: [0, 1, 1, 1], score: { black: 1, white: 0 } },
    ];
    for (const strategy of STRATEGIES) {
      const guess = nextGuess(space, history, strategy);
      expect(checkCode(guess, MM46)).toBeNull();
    }
  });

  it('without an rng, answers deterministically from the history', () => {
    const space = createSpace({ pegs: 5, colours: 8, repeats: true, blanks: false });
    const history: Row[] = [{ guess: [0, 0, 1, 2, 3], score: { black: 1, white: 1 } }];
    expect(nextGuess(space, history, 'entropy')).toEqual(nextGuess(space, history, 'entropy'));
    expect(nextGuess(space, history, 'consistent-random')).toEqual(nextGuess(space, history, 'consistent-random'));
  });

  it('picks the exact strategy where a score table fits, sampled entropy beyond', () => {
    expect(bestStrategyFor(MM46)).toBe('optimal');
    expect(bestStrategyFor({ pegs: 3, colours: 10, repeats: true, blanks: true })).toBe('optimal');
    expect(bestStrategyFor({ pegs: 5, colours: 8, repeats: true, blanks: false })).toBe('entropy');
    expect(bestStrategyFor({ pegs: 6, colours: 10, repeats: true, blanks: true })).toBe('entropy');
  });
});

describe('the biggest space', () => {
  it('6 holes × 10 colours + blanks: consistent-random and entropy break a code with legal, consistent-when-required guesses', () => {
    const rules: CodeRules = { pegs: 6, colours: 10, repeats: true, blanks: true };
    const space = createSpace(rules);
    const secret = randomCode(createRng('big'), rules);
    for (const strategy of ['consistent-random', 'entropy'] as const) {
      const rng = createRng(`big/${strategy}`);
      const history: Row[] = [];
      for (let i = 0; i < 20; i++) {
        const guess = nextGuess(space, history, strategy, rng);
        if (strategy === 'consistent-random')
          expect(history.every((r) => JSON.stringify(scoreGuess(guess, r.guess)) === JSON.stringify(r.score))).toBe(true);
        const score = scoreGuess(secret, guess);
        history.push({ guess, score });
        if (score.black === 6) break;
      }
      expect(history.at(-1)?.score.black).toBe(6);
    }
  });
});
