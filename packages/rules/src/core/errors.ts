/**
 * Rule errors are values, never exceptions: `apply` returns one when an action
 * breaks a rule, and the state it was given is left untouched.
 */
export const RULE_ERROR_CODES = [
  'INVALID_ACTION', // the action does not exist in this family or does not fit its schema
  'INVALID_CODE', // wrong length, colour out of range, forbidden repeat or blank
  'INVALID_SCORE', // a hand-entered score that cannot exist
  'NOT_A_PLAYER', // the seat does not exist at this table
  'NOT_YOUR_TURN', // the seat exists but may not act now
  'WRONG_PHASE', // the action does not belong in the current phase (e.g. guess before the secret is set)
  'ELIMINATED', // the seat is out of the game (MM44 wrong call)
  'MATCH_FINISHED', // nothing can be played after the end
  'INCONSISTENT_GUESS', // hard mode: the guess contradicts the key pegs of an earlier row
] as const;

export type RuleErrorCode = (typeof RULE_ERROR_CODES)[number];

export interface RuleError {
  code: RuleErrorCode;
  message: string;
}

export type ApplyResult<S> = { ok: true; state: S } | { ok: false; error: RuleError };

export const ok = <S>(state: S): ApplyResult<S> => ({ ok: true, state });
export const fail = (code: RuleErrorCode, message: string): { ok: false; error: RuleError } => ({
  ok: false,
  error: { code, message },
});
