import {
  duelOptionsSchema,
  mm44OptionsSchema,
  PARKER_MOVES,
  parkerOptionsSchema,
  rotationOptionsSchema,
  type DuelOptions,
  type Mm44Options,
  type ParkerOptions,
  type RotationOptions,
} from '@mm/rules';
import { t } from '../lib/i18n/index.svelte';
import type { ClientFamily } from './types';
import DuelOptionsForm from './duel/DuelOptionsForm.svelte';
import DuelGame from './duel/DuelGame.svelte';
import { duelOptionsProblem } from './duel/model';
import RotationOptionsForm from './rotation/RotationOptionsForm.svelte';
import RotationGame from './rotation/RotationGame.svelte';
import { rotationOptionsProblem } from './rotation/model';
import ParkerOptionsForm from './parker/ParkerOptionsForm.svelte';
import ParkerGame from './parker/ParkerGame.svelte';
import { parkerOptionsProblem } from './parker/model';
import Mm44OptionsForm from './mm44/Mm44OptionsForm.svelte';
import Mm44Game from './mm44/Mm44Game.svelte';
import { mm44OptionsProblem, seatingShape } from './mm44/model';

export type { ClientFamily, GameProps, HintOutcome } from './types';

const repeatsFlag = (on: boolean): string => (on ? t('room.repeatsOn') : t('room.repeatsOff'));

/** The families offered on the home page, in order (RULES §1–§4). */
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
    summary: (o: DuelOptions) => [
      t('room.summary', { pegs: o.pegs, colours: o.colours, guesses: o.guesses, rounds: o.rounds }),
      [
        repeatsFlag(o.repeats),
        o.blanks ? t('room.blanksOn') : null,
        o.scoring === 'points' ? t('option.scoring.points') : t('option.scoring.rounds'),
        o.handScoring ? t('option.handScoring') : null,
      ]
        .filter((f) => f !== null)
        .join(' · '),
    ],
  },
  {
    id: 'rotation',
    name: 'family.rotation.name',
    description: 'family.rotation.description',
    players: 'family.rotation.players',
    defaultOptions: () => ({ ...rotationOptionsSchema.parse({}) }),
    optionsProblem: rotationOptionsProblem,
    OptionsForm: RotationOptionsForm,
    Game: RotationGame,
    summary: (o: RotationOptions) => [
      t('rules.rotation', { players: o.players, pegs: o.pegs, colours: o.colours, guesses: o.guesses }),
      repeatsFlag(o.repeats),
    ],
  },
  {
    id: 'parker',
    name: 'family.parker.name',
    description: 'family.parker.description',
    players: 'family.parker.players',
    defaultOptions: () => ({ ...parkerOptionsSchema.parse({}) }),
    optionsProblem: parkerOptionsProblem,
    OptionsForm: ParkerOptionsForm,
    Game: ParkerGame,
    summary: (o: ParkerOptions) => [
      t('rules.parker', { pegs: o.pegs, colours: o.colours, moves: PARKER_MOVES }),
      [repeatsFlag(o.repeats), o.games > 1 ? t('rules.parkerGames', { games: o.games }) : null].filter((f) => f !== null).join(' · '),
    ],
  },
  {
    id: 'mm44',
    name: 'family.mm44.name',
    description: 'family.mm44.description',
    players: 'family.mm44.players',
    defaultOptions: () => ({ ...mm44OptionsSchema.parse({}) }),
    optionsProblem: mm44OptionsProblem,
    OptionsForm: Mm44OptionsForm,
    Game: Mm44Game,
    summary: (o: Mm44Options) => {
      const shape = seatingShape(o.seating);
      return [t('rules.mm44', { players: shape.players, boards: shape.boardsEach, rows: o.rows })];
    },
  },
];

export function clientFamily(id: string): ClientFamily | undefined {
  return CLIENT_FAMILIES.find((f) => f.id === id);
}
