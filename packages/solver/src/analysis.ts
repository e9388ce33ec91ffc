import { createRng, type Code, type Rng } from '@mm/rules';
import { candidatesFor, partitionCounts, type Row } from './candidates';
import { decode, encode, type Space } from './space';
import { partitionGuess } from './strategies';

export interface RowAnalysis {
  /** secrets still possible before the row */
  before: number;
  /** secrets still possible after it */
  after: number;
  /** whether the row's guess could have been the secret */
  consistent: boolean;
  /** codes expected to remain after the row, before its score was known (the secret itself counted when broken) */
  rowExpectedRemaining: number;
  /** a strong guess in the row's place: the least expected remaining found */
  suggestion: Code;
  suggestionExpectedRemaining: number;
}

/** Expected size of the class the secret falls in: Σ size² / n over the split of `cands` by `guess`. */
export function expectedRemaining(space: Space, cands: Int32Array, guess: number): number {
  if (cands.length === 0) return 0;
  const counts = new Int32Array(space.scoreRange);
  partitionCounts(space, guess, cands, counts);
  let sq = 0;
  for (let i = 0; i < counts.length; i++) sq += counts[i]! * counts[i]!;
  return sq / cands.length;
}

/**
 * Post-game analysis of one row: how much it narrowed the secrets down, and what a
 * strong move would have been. When the rows before it contradict each other (a wrong
 * hand-entered score) `before` is 0 and the suggestion is made as if they did not exist.
 */
export function analyseRow(space: Space, historyBefore: readonly Row[], row: Row, rng?: Rng): RowAnalysis {
  const cands = candidatesFor(space, historyBefore);
  const after = candidatesFor(space, [...historyBefore, row]).length;
  const basis = cands.length > 0 ? cands : space.secrets;
  const g = encode(space, row.guess);
  const random = rng ?? createRng(`analysis/${historyBefore.length}/${row.guess.join(',')}`);
  const suggestion = partitionGuess(space, basis, 'expected-size', random, {}, historyBefore.length === 0);
  const rowExpected = expectedRemaining(space, basis, g);
  let suggested = expectedRemaining(space, basis, suggestion);
  let best = suggestion;
  // a sampled search can miss what the player found; never suggest worse than the row itself
  if (rowExpected < suggested) {
    best = g;
    suggested = rowExpected;
  }
  let consistent = false;
  for (const c of cands) if (c === g) consistent = true;
  return {
    before: cands.length,
    after,
    consistent,
    rowExpectedRemaining: rowExpected,
    suggestion: decode(space, best),
    suggestionExpectedRemaining: suggested,
  };
}

/** `analyseRow` for every row of a finished round, in order. */
export function analyseRound(space: Space, history: readonly Row[], rng?: Rng): RowAnalysis[] {
  return history.map((row, i) => analyseRow(space, history.slice(0, i), row, rng));
}
