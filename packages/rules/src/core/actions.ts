import { z } from 'zod';
import { checkCode, type Code, type CodeRules } from './code';
import { codeSchema } from './code-schema';
import { fail, type ApplyResult } from './errors';
import type { Seat } from './family';

/** Setting a secret, in every family that has codemakers (duel, rotation, Parker). */
export const setSecretActionSchema = z.object({ type: z.literal('setSecret'), code: codeSchema }).strict();
/** A guess at a secret, in the same families. */
export const guessActionSchema = z.object({ type: z.literal('guess'), code: codeSchema }).strict();

/**
 * docs/rules.md §5 turn timer: the server plays this for a seat that owed a move past its deadline.
 * `code` is present only when the seat owed a secret: the random legal secret the server drew
 * (with `randomCode` and its own random seed) through the family's `timeoutFor`. The rules judge
 * it like any action, so the log stays the one truth and a replay shows it.
 */
export const timeoutActionSchema = z.object({ type: z.literal('timeout'), code: codeSchema.optional() }).strict();
export type TimeoutAction = z.output<typeof timeoutActionSchema>;

/** Action types only the server may append: a client sending one is refused before the rules see it. */
export const SERVER_ACTION_TYPES: readonly string[] = ['timeout'];

/** Whether `action` (parsed or not) is of a type only the server appends. */
export function isServerAction(action: unknown): boolean {
  if (!action || typeof action !== 'object') return false;
  const type: unknown = (action as { type?: unknown }).type;
  return typeof type === 'string' && SERVER_ACTION_TYPES.includes(type);
}

/** A timeout that owes a secret must carry one, a timeout that owes anything else must not. */
export function refuseTimeoutCode(action: TimeoutAction, owesSecret: boolean): ReturnType<typeof fail> | null {
  if (owesSecret && action.code === undefined) {
    return fail('INVALID_ACTION', 'A codemaker who times out gets a random secret: the timeout must carry it.');
  }
  if (!owesSecret && action.code !== undefined) {
    return fail('INVALID_ACTION', 'Only a timeout on a secret carries a code; this seat owes no secret.');
  }
  return null;
}

/** One handler per action type of `A`, each given the action of its own type. */
export type ActionHandlers<A extends { type: string }, S> = {
  [K in A['type']]: (action: Extract<A, { type: K }>) => ApplyResult<S>;
};

/**
 * Hands `action` to the handler of its type. A parsed action always has one; an unparsed one
 * of any other type is refused as INVALID_ACTION, not thrown on. `game` names the game in that
 * refusal ("A duel", "Master Mind 44").
 */
export function dispatchAction<A extends { type: string }, S>(
  action: A,
  game: string,
  handlers: ActionHandlers<A, S>,
): ApplyResult<S> {
  const type: unknown = (action as { type?: unknown }).type;
  if (typeof type === 'string' && Object.hasOwn(handlers, type)) {
    const handler = (handlers as unknown as Record<string, (action: A) => ApplyResult<S>>)[type];
    if (handler) return handler(action);
  }
  return fail('INVALID_ACTION', `${game} has no action of type ${JSON.stringify(type) ?? 'undefined'}.`);
}

/**
 * Why `seat` may not set `code` as the secret of `round` now, or null if it may: only the
 * round's codemaker sets it, only once, and only a code `rules` allow (duel and rotation alike).
 */
export function refuseSecret(
  round: { number: number; codemaker: Seat; secret: Code | null },
  seat: Seat,
  code: Code,
  rules: CodeRules,
): ReturnType<typeof fail> | null {
  if (seat !== round.codemaker) {
    return fail('NOT_YOUR_TURN', `Only the codemaker of round ${round.number} (seat ${round.codemaker}) sets the secret.`);
  }
  if (round.secret !== null) return fail('WRONG_PHASE', 'The secret of this round is already set; it cannot be changed.');
  const error = checkCode(code, rules);
  return error ? fail(error.code, error.message) : null;
}
