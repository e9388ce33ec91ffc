import {
  PARKER_MOVES,
  duelName,
  mm44Name,
  parkerName,
  rotationName,
  type DuelOptions,
  type Mm44Options,
  type ParkerOptions,
  type RotationOptions,
} from '@mm/rules/pure';
import { t } from '../lib/i18n/index.svelte';
import type { ClientFamily } from './types';
import { seatingShape } from './mm44/model';

export type { ClientFamily, GameProps, HintOutcome } from './types';

/** The same promise on every call: `{#await}` blocks then never flash back to pending. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
}

const repeatsFlag = (on: boolean): string => (on ? t('room.repeatsOn') : t('room.repeatsOff'));

/** The families offered on the home page, in order (RULES §1–§4); `registerClientFamily` adds one. */
const registered: ClientFamily[] = [
  {
    id: 'duel',
    name: duelName,
    description: 'family.duel.description',
    players: 'family.duel.players',
    // each family's screens are a chunk of their own, fetched when that family is shown
    OptionsForm: once(() => import('./duel/DuelOptionsForm.svelte').then((m) => m.default)),
    Game: once(() => import('./duel/DuelGame.svelte').then((m) => m.default)),
    shareLines: once(() => import('./duel/share').then((m) => m.duelShareLines)),
    analysis: once(() => import('./duel/analysis').then((m) => m.duelAnalysis)),
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
    name: rotationName,
    description: 'family.rotation.description',
    players: 'family.rotation.players',
    OptionsForm: once(() => import('./rotation/RotationOptionsForm.svelte').then((m) => m.default)),
    Game: once(() => import('./rotation/RotationGame.svelte').then((m) => m.default)),
    shareLines: once(() => import('./rotation/share').then((m) => m.rotationShareLines)),
    analysis: once(() => import('./rotation/analysis').then((m) => m.rotationAnalysis)),
    summary: (o: RotationOptions) => [
      t('rules.rotation', { players: o.players, pegs: o.pegs, colours: o.colours, guesses: o.guesses }),
      repeatsFlag(o.repeats),
    ],
  },
  {
    id: 'parker',
    name: parkerName,
    description: 'family.parker.description',
    players: 'family.parker.players',
    OptionsForm: once(() => import('./parker/ParkerOptionsForm.svelte').then((m) => m.default)),
    Game: once(() => import('./parker/ParkerGame.svelte').then((m) => m.default)),
    shareLines: once(() => import('./parker/share').then((m) => m.parkerShareLines)),
    analysis: once(() => import('./parker/analysis').then((m) => m.parkerAnalysis)),
    summary: (o: ParkerOptions) => [
      t('rules.parker', { pegs: o.pegs, colours: o.colours, moves: PARKER_MOVES }),
      [repeatsFlag(o.repeats), o.games > 1 ? t('rules.parkerGames', { games: o.games }) : null]
        .filter((f) => f !== null)
        .join(' · '),
    ],
  },
  {
    id: 'mm44',
    name: mm44Name,
    description: 'family.mm44.description',
    players: 'family.mm44.players',
    OptionsForm: once(() => import('./mm44/Mm44OptionsForm.svelte').then((m) => m.default)),
    Game: once(() => import('./mm44/Mm44Game.svelte').then((m) => m.default)),
    shareLines: once(() => import('./mm44/share').then((m) => m.mm44ShareLines)),
    analysis: once(() => import('./mm44/analysis').then((m) => m.mm44Analysis)),
    summary: (o: Mm44Options) => {
      const shape = seatingShape(o.seating);
      return [t('rules.mm44', { players: shape.players, boards: shape.boardsEach, rows: o.rows })];
    },
  },
];

export const CLIENT_FAMILIES: readonly ClientFamily[] = registered;

/**
 * Adds a family's screens to the client: the one line a family needs here (the rules side is
 * `registerFamily` of @mm/rules). The four product families are listed above; this is how a
 * family defined elsewhere (a test's) plugs in, before the page that lists families renders.
 */
export function registerClientFamily(family: ClientFamily): void {
  if (registered.some((f) => f.id === family.id)) throw new Error(`The family ${family.id} is registered already`);
  registered.push(family);
}

export function clientFamily(id: string): ClientFamily | undefined {
  return CLIENT_FAMILIES.find((f) => f.id === id);
}
