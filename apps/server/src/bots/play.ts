// What a bot plays and what a hint suggests. The family's bot (packages/rules/src/families/
// <id>/bot.ts) describes, from one seat's own view (`family.view(state, seat)`) and nothing
// else, what that seat owes and knows; the solver decides. A bot knows exactly what a person
// in its seat would know, so it cannot cheat even by accident, and a hint cannot leak a secret.
import {
  createRng,
  DEFAULT_BOT_STRENGTH,
  getFamilyBot,
  type AnyFamily,
  type AnyFamilyBot,
  type BotStrength,
  type Seat,
} from '@mm/rules';
import { botMove, createSpace, hintFrom, type BotRandomness, type Hint } from '@mm/solver';

export type { BotRandomness, Hint } from '@mm/solver';

/** How a family is played by a bot; every family registers one (a family without one is a programming error, not a silent bot). */
export function botOf(family: AnyFamily): AnyFamilyBot {
  const bot = getFamilyBot(family.id);
  if (!bot) throw new Error(`No bot is registered for the family ${family.id}`);
  return bot;
}

/** Builds (and caches, in the solver) the code space of a view's rules, so the first move is not the slow one. */
export function warmUp(family: AnyFamily, view: unknown): void {
  const rules = botOf(family).warmUp(view);
  if (rules) createSpace(rules);
}

/** A bot's randomness from its seat's seed for the match and a fresh seed for a secret (each secret drawn its own stream). */
export function botRandomness(seed: string, secretSeed: string): BotRandomness {
  let draws = 0;
  return { seed, secret: () => createRng(`${secretSeed}:${draws++}`) };
}

/**
 * The action a bot in `seat` plays now, from that seat's own view, at `strength`, or null
 * when it has nothing to do. `random` is where its choices come from (`botRandomness`): the
 * same seat seed and the same view give the same move.
 */
export function botAction(
  family: AnyFamily,
  view: unknown,
  seat: Seat,
  random: BotRandomness,
  strength: BotStrength = DEFAULT_BOT_STRENGTH,
): unknown {
  const bot = botOf(family);
  const duty = bot.duty(view, seat);
  const move = duty ? botMove(duty, strength, random) : null;
  return move ? bot.action(move) : null;
}

/** The solver's suggestion for `seat` from its own view (see `hintFrom`). */
export function hintFor(family: AnyFamily, view: unknown, seat: Seat): Hint {
  const bot = botOf(family);
  return hintFrom(bot.duty(view, seat), bot.board(view, seat));
}
