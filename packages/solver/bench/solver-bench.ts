// The solver's benchmark: prints numbers, never fails on them (docs/architecture.md).
//   pnpm --filter @mm/solver bench                      a table
//   pnpm --filter @mm/solver bench:solver --json        one JSON object per line per measured set
//   … --only 4x6                                        only the sets whose label contains "4x6"
import { performance } from 'node:perf_hooks';
import { cpus } from 'node:os';
import { allCodes, createRng, randomCode, scoreGuess, type Code, type CodeRules } from '@mm/rules';
import { mm44, mm44OptionsSchema, type Mm44State } from '@mm/rules/families/mm44';
import { bestStrategyFor, createSpace, mm44BotAction, nextGuess, type Row, type StrategyName } from '../src/index';

const args = process.argv.slice(2);
const json = args.includes('--json');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? (args[onlyAt + 1] ?? '') : '';

interface Measured {
  strategy: string;
  pegs: number;
  colours: number;
  repeats: boolean;
  blanks: boolean;
  games: number;
  average: number;
  worst: number;
  msPerMove: number;
  /** slowest single move */
  msMaxMove: number;
  /** "all" when every secret was played, else how many random ones */
  secrets: 'all' | number;
  mark?: string;
}

const MAX_GUESSES = 40;

function play(rules: CodeRules, strategy: StrategyName, secrets: Code[]): Measured {
  const space = createSpace(rules);
  // a few untimed games first: the timings are of a warm process, as in a running server
  for (const secret of secrets.slice(0, 3)) {
    const history: Row[] = [];
    const rng = createRng('bench/warm-up');
    while (history.at(-1)?.score.black !== rules.pegs && history.length < MAX_GUESSES) {
      const guess = nextGuess(space, history, strategy, rng);
      history.push({ guess, score: scoreGuess(secret, guess) });
    }
  }
  let guesses = 0;
  let worst = 0;
  let moves = 0;
  let ms = 0;
  let msMax = 0;
  secrets.forEach((secret, i) => {
    const rng = createRng(`bench/${strategy}/${i}`);
    const history: Row[] = [];
    for (;;) {
      const t = performance.now();
      const guess = nextGuess(space, history, strategy, rng);
      const dt = performance.now() - t;
      ms += dt;
      msMax = Math.max(msMax, dt);
      moves++;
      const score = scoreGuess(secret, guess);
      history.push({ guess, score });
      if (score.black === rules.pegs) break;
      if (history.length >= MAX_GUESSES) throw new Error(`${strategy} did not break ${JSON.stringify(secret)}`);
    }
    guesses += history.length;
    worst = Math.max(worst, history.length);
  });
  return {
    strategy,
    ...rules,
    games: secrets.length,
    average: guesses / secrets.length,
    worst,
    msPerMove: ms / moves,
    msMaxMove: msMax,
    secrets: secrets.length,
  };
}

const label = (r: CodeRules): string => `${r.pegs}x${r.colours}${r.repeats ? '' : ' no repeats'}${r.blanks ? ' blanks' : ''}`;

function emit(m: Measured): void {
  if (json) {
    console.log(
      JSON.stringify({
        strategy: m.strategy,
        pegs: m.pegs,
        colours: m.colours,
        repeats: m.repeats,
        games: m.games,
        average: Number(m.average.toFixed(4)),
        worst: m.worst,
        msPerMove: Number(m.msPerMove.toFixed(3)),
        blanks: m.blanks,
        msMaxMove: Number(m.msMaxMove.toFixed(2)),
        secrets: m.secrets,
        ...(m.mark ? { mark: m.mark } : {}),
      }),
    );
    return;
  }
  const games = m.secrets === 'all' ? `all ${m.games}` : `${m.games} random`;
  console.log(
    `${label(m).padEnd(18)} ${m.strategy.padEnd(18)} ${games.padStart(12)}  avg ${m.average.toFixed(4)}  worst ${String(m.worst).padStart(2)}  ${m.msPerMove.toFixed(2).padStart(7)} ms/move (max ${m.msMaxMove.toFixed(1)})${m.mark ? `  [${m.mark}]` : ''}`,
  );
}

interface CodeSet {
  rules: CodeRules;
  strategies: StrategyName[];
  /** play every secret, or this many random ones */
  sample?: number;
  marks?: Partial<Record<StrategyName, string>>;
}

const r = (pegs: number, colours: number, repeats = true, blanks = false): CodeRules => ({ pegs, colours, repeats, blanks });
const ALL: StrategyName[] = ['optimal', 'knuth', 'most-parts', 'entropy', 'expected-size', 'consistent-random'];

const sets: CodeSet[] = [
  {
    rules: r(4, 6),
    strategies: ALL,
    marks: {
      optimal: 'optimum within 5 guesses 5626/1296 = 4.3410, worst 5 (Koyama & Lai)',
      knuth: 'Knuth 4.476, worst 5',
      'most-parts': 'Kooi 4.373, worst 6',
      entropy: 'Neuwirth 4.415, worst 6',
      'expected-size': 'Irving 4.395, worst 6',
    },
  },
  { rules: r(4, 6, false), strategies: ALL, marks: { optimal: 'exact search: 1435/360 = 3.9861' } },
  { rules: r(3, 6), strategies: ALL, marks: { optimal: 'exact search: 854/216 = 3.9537' } },
  {
    rules: r(4, 7),
    strategies: ['optimal', 'most-parts', 'entropy', 'consistent-random'],
    sample: 600,
    marks: { optimal: 'optimum 4.676 (Ville 2013)', 'most-parts': 'optimum 4.676 (Ville 2013)' },
  },
  {
    rules: r(4, 6, true, true),
    strategies: ['optimal', 'consistent-random'],
    sample: 600,
    marks: { optimal: 'same space as 4x7: optimum 4.676' },
  },
  {
    rules: r(5, 8),
    strategies: ['entropy', 'most-parts', 'consistent-random'],
    sample: 300,
    marks: { entropy: 'best known strategies ≈ 5.5 (MM(5,8) is unsolved)', 'most-parts': 'best known ≈ 5.5' },
  },
  { rules: r(6, 10), strategies: ['entropy', 'consistent-random'], sample: 60 },
  { rules: r(6, 10, true, true), strategies: ['entropy', 'consistent-random'], sample: 40 },
];

if (!json) {
  console.log(
    `@mm/solver benchmark — ${new Date().toISOString()} — node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}`,
  );
  console.log('default strategy per rules (bestStrategyFor): 4x6 → optimal, 5x8 → entropy, 6x10 → entropy');
}

for (const set of sets) {
  if (only && !label(set.rules).includes(only)) continue;
  // building the space is a one-off, not a move; and listing a million codes as arrays would
  // fill the heap (and the timings with garbage collection) for nothing
  const space = createSpace(set.rules);
  const rng = createRng(`bench/secrets/${label(set.rules)}`);
  const sampled = set.sample !== undefined && set.sample < space.secrets.length;
  const secrets = sampled ? Array.from({ length: set.sample! }, () => randomCode(rng, set.rules)) : allCodes(set.rules);
  for (const strategy of set.strategies) {
    const m = play(set.rules, strategy, secrets);
    m.secrets = sampled ? secrets.length : 'all';
    const mark = set.marks?.[strategy];
    if (mark) m.mark = mark;
    if (strategy === bestStrategyFor(set.rules) && !m.mark) m.mark = 'default for these rules';
    emit(m);
  }
}

// Master Mind 44: four bots on four boards play each other until someone calls right.
if (!only || 'mm44'.includes(only)) {
  const games = 500;
  let rowsToRight = 0;
  let right = 0;
  let draws = 0;
  let wrong = 0;
  let worst = 0;
  let actions = 0;
  let ms = 0;
  let msMax = 0;
  const options = mm44OptionsSchema.parse({ seating: '4x1', rows: 4 });
  for (let g = 0; g < games; g++) {
    let state: Mm44State = mm44.setup(options, `bench/mm44/${g}`);
    for (let step = 0; step < 200 && !state.finished; step++) {
      // any seat may call at any time: ask every seat still in, in seat order, before the one due to move
      let acted = false;
      for (let seat = 0; seat < state.out.length && !acted; seat++) {
        const t = performance.now();
        const action = mm44BotAction(mm44.view(state, seat), seat);
        const dt = performance.now() - t;
        ms += dt;
        msMax = Math.max(msMax, dt);
        actions++;
        if (!action) continue;
        const res = mm44.apply(state, seat, action);
        if (!res.ok) throw new Error(`bot move refused: ${res.error.message}`);
        state = res.state;
        acted = true;
      }
      if (!acted) throw new Error('no bot could act');
    }
    const rows = state.boards.reduce((n, b) => n + b.rows.length, 0);
    wrong += state.calls.filter((c) => !c.correct).length;
    if (state.winner !== null) {
      right++;
      rowsToRight += rows;
      worst = Math.max(worst, rows);
    } else draws++;
  }
  const m = {
    strategy: 'mm44-bots',
    pegs: 5,
    colours: 6,
    repeats: true,
    games,
    average: rowsToRight / Math.max(1, right),
    worst,
    msPerMove: ms / actions,
  };
  if (json)
    console.log(
      JSON.stringify({
        ...m,
        average: Number(m.average.toFixed(4)),
        msPerMove: Number(m.msPerMove.toFixed(3)),
        rightCalls: right,
        draws,
        wrongCalls: wrong,
        msMaxMove: Number(msMax.toFixed(2)),
      }),
    );
  else
    console.log(
      `MM44 4 boards       4 bots             ${games} deals  rows until a right call: avg ${m.average.toFixed(3)}, worst ${worst}; right calls ${right}, draws ${draws}, wrong calls ${wrong}; ${m.msPerMove.toFixed(2)} ms/decision (max ${msMax.toFixed(1)})`,
    );
}
