export { createSpace, decode, encode, fromScoreIndex, isGuess, scoreIndex, toScoreIndex, TABLE_LIMIT, type Space } from './space';
export { candidatesFor, countConsistent, filterCandidates, filterIndex, partitionCounts, type Row } from './candidates';
export {
  bestStrategyFor,
  nextGuess,
  nextGuessFor,
  nextGuessIndex,
  opening,
  partitionGuess,
  STRATEGIES,
  type GuessOptions,
  type PartitionMetric,
  type StrategyName,
} from './strategies';
export { ExactSolver, solveExact, walkPlan, type ExactOptions, type ExactResult, type PlanNode } from './exact';
export { parsePlan, serialisePlan, shippedPlan } from './plan';
export { PLANS, type ShippedPlan } from './generated/plans';
export { fullSymmetry, orbitRepresentatives, stabilise, type Symmetry } from './symmetry';
export { analyseRound, analyseRow, expectedRemaining, type RowAnalysis } from './analysis';
export {
  mm44Call,
  mm44Codes,
  mm44Deals,
  mm44DealsFromView,
  mm44Exclude,
  mm44Filter,
  type Mm44Deals,
  type Mm44Memory,
} from './mm44-deals';
export { mm44BotAction, mm44NextRow, mm44RandomRow, mm44SampledRow, type Mm44RowChoice } from './mm44';
export { BOT_STRENGTHS, guessAt, mm44BotActionAt, type BotStrength } from './strength';
export { botMove, consistentGuess, hintFrom, type BotRandomness, type Hint } from './bot';
export { randomRelabelling, relabel, relabelledGuess, sameLabels, unlabel, type Relabelling } from './relabel';
