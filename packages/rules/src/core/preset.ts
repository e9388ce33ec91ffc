import type { FamilyId, Seat } from './family';

/**
 * A printed edition of a game, ready to create in one tap: the family, the options the
 * rulebook prints (anything left out takes the family's default), and the seats a bot
 * takes from the start. Presets are data: the client lists them, the family's schema
 * parses their options like any other.
 */
export interface Preset<F extends FamilyId = FamilyId, OptionsInput = unknown> {
  /** stable id, also the key of the preset's name in the client's messages */
  id: string;
  family: F;
  options: OptionsInput;
  bots: Seat[];
}
