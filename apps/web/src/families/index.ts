import { duelOptionsSchema } from '@mm/rules';
import type { ClientFamily } from './types';
import DuelOptionsForm from './duel/DuelOptionsForm.svelte';
import DuelGame from './duel/DuelGame.svelte';
import { duelOptionsProblem } from './duel/model';

export type { ClientFamily, GameProps } from './types';

/** The families offered on the home page, in order. Only the duel is playable for now. */
export const CLIENT_FAMILIES: readonly ClientFamily[] = [
  {
    id: 'duel',
    name: 'family.duel.name',
    description: 'family.duel.description',
    players: 'family.duel.players',
    defaultOptions: () => ({ ...duelOptionsSchema.parse({}) }),
    optionsProblem: duelOptionsProblem,
    OptionsForm: DuelOptionsForm,
    Game: DuelGame,
  },
];

export function clientFamily(id: string): ClientFamily | undefined {
  return CLIENT_FAMILIES.find((f) => f.id === id);
}
