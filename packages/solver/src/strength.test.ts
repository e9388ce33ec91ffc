import { createRng, scoreGuess, checkCode, randomCode, type CodeRules } from '@mm/rules';
import { mm44, mm44OptionsSchema, type Mm44Action, type Mm44State } from '@mm/rules/families/mm44';
import { describe, expect, it } from 'vitest';
import { candidatesFor, type Row } from './candidates';
import { createSpace, encode } from './space';
import { nextGuess } from './strategies';
import { BOT_STRENGTHS, guessAt, mm44BotActionAt, type BotStrength } from './strength';

const MM46: CodeRules = { pegs: 4, colours: 6, repeats: true, blanks: false };

/** Breaks `secret` at `strength`; the number of guesses it took. */
function breakAt(secret: readonly (number | null)[], rules: CodeRules, strength: BotStrength, seed: string): number {
  const space = createSpace(rules);
  const rng = createRng(seed);
  const rows: Row[] = [];
  for (let n = 1; n <= 20; n++) {
    const guess = guessAt(space, rows, strength, rng);
    expect(checkCode(guess, { ...rules, repeats: true })).toBeNull();
    // easy never plays a code the rows rule out
    if (strength === 'easy') expect(candidatesFor(space, rows)).toContain(encode(space, guess));
    const score = scoreGuess(secret as number[], guess);
    if (score.black === rules.pegs) return n;
    rows.push({ guess, score });
  }
  throw new Error('never broke the code');
}

describe('bot strengths', () => {
  it('strong stays at the optimum: the solver’s own move, in every position', () => {
    const space = createSpace(MM46);
    const rng = createRng('strong');
    for (let g = 0; g < 30; g++) {
      const secret = randomCode(rng, MM46);
      const rows: Row[] = [];
      for (let n = 0; n < 8; n++) {
        const guess = guessAt(space, rows, 'strong', createRng(`any/${g}/${n}`));
        expect(guess).toEqual(nextGuess(space, rows));
        const score = scoreGuess(secret, guess);
        if (score.black === 4) break;
        rows.push({ guess, score });
      }
    }
  });

  it('takes more guesses the weaker it is (4×6 with repeats, 120 seeded secrets)', () => {
    const rng = createRng('secrets');
    const secrets = Array.from({ length: 120 }, () => randomCode(rng, MM46));
    const average = Object.fromEntries(
      BOT_STRENGTHS.map((s) => [
        s,
        secrets.reduce((n, secret, i) => n + breakAt(secret, MM46, s, `${s}/${i}`), 0) / secrets.length,
      ]),
    ) as Record<BotStrength, number>;
    console.log(
      `guesses to break a 4×6 code (average of 120): ${BOT_STRENGTHS.map((s) => `${s} ${average[s].toFixed(2)}`).join(', ')}`,
    );
    expect(average.strong).toBeLessThan(average.medium);
    expect(average.medium).toBeLessThan(average.easy);
    expect(average.strong).toBeLessThan(4.6);
  });

  it('plays legal codes of blanks-without-repeats games too', () => {
    const rules: CodeRules = { pegs: 4, colours: 6, repeats: false, blanks: true };
    const rng = createRng('gb');
    for (const s of BOT_STRENGTHS) for (let i = 0; i < 10; i++) breakAt(randomCode(rng, rules), rules, s, `${s}/gb/${i}`);
  });
});

/**
 * Master Mind 44 Game 1 with one person (seat 0) and three bots: the person plays like a fair
 * player (the medium bot's way: their own board's rows, the best of a dozen random rows, a
 * call once sure). Returns the rows
 * the person placed before any bot called "Master Mind!".
 */
function personRowsBeforeBotCall(strength: BotStrength, seed: string): number {
  let state: Mm44State = mm44.setup(mm44OptionsSchema.parse({ seating: '4x1' }), seed);
  const rng = createRng(`play/${seed}`);
  let personRows = 0;
  for (let step = 0; step < 200 && !state.finished; step++) {
    let acted = false;
    for (let seat = 0; seat < state.out.length && !acted; seat++) {
      const view = mm44.view(state, seat);
      const action: Mm44Action | null = mm44BotActionAt(view, seat, seat === 0 ? 'medium' : strength, rng);
      if (!action) continue;
      if (seat !== 0 && action.type === 'call') return personRows;
      if (seat === 0 && action.type === 'row') personRows++;
      const r = mm44.apply(state, seat, action);
      expect(r.ok).toBe(true);
      if (r.ok) state = r.state;
      acted = true;
    }
    expect(acted).toBe(true);
  }
  return personRows;
}

describe('Master Mind 44 bots by strength', () => {
  it('leave a person a real game at easy and medium (rows a person places before any bot calls, 12 seeded games)', () => {
    const games = 12;
    const average = Object.fromEntries(
      BOT_STRENGTHS.map((s) => {
        let total = 0;
        for (let g = 0; g < games; g++) total += personRowsBeforeBotCall(s, `measure/${g}`);
        return [s, total / games];
      }),
    ) as Record<BotStrength, number>;
    console.log(
      `MM44 Game 1, 1 person + 3 bots: rows the person placed before any bot called (average of ${games}): ${BOT_STRENGTHS.map((s) => `${s} ${average[s].toFixed(2)}`).join(', ')}`,
    );
    expect(average.easy).toBeGreaterThan(average.strong);
    expect(average.medium).toBeGreaterThan(average.strong);
    // a board has 4 rows: at easy and medium the person plays most of theirs before a bot is sure
    expect(average.easy).toBeGreaterThanOrEqual(3);
    expect(average.medium).toBeGreaterThanOrEqual(2.5);
  });
});
