import type { Preset } from '@mm/rules/pure';
import { CLIENT_FAMILIES } from '../../families';
import { presetOptions, presetsOf, seatCountFor } from '../../families/options';

/**
 * Whether a friend can be challenged to a preset of the home page: a table of people only (no bot
 * seat) with a seat for the friend beside the challenger's. The server refuses any other
 * (NOT_A_CHALLENGE_PRESET).
 */
export const isChallengePreset = (p: Preset): boolean =>
  p.bots.length === 0 && (seatCountFor(p.family, presetOptions(p)) ?? 0) >= 2;

/** The presets a friend can be challenged to, in the home page's groups (a family with none left out). */
export function challengePresets(): { familyId: string; presets: Preset[] }[] {
  return CLIENT_FAMILIES.map((f) => ({ familyId: f.id, presets: presetsOf(f.id).filter(isChallengePreset) })).filter(
    (g) => g.presets.length > 0,
  );
}

/**
 * The family a preset belongs to, so a challenge (which names only its preset) can say which game
 * it is: preset names such as "Classic" recur across families. Undefined for a preset this client
 * does not know.
 */
export function familyOfPreset(presetId: string): string | undefined {
  return CLIENT_FAMILIES.find((f) => presetsOf(f.id).some((p) => p.id === presetId))?.id;
}
