import { PARKER_MOVES, parkerName } from '@mm/rules/families/parker/pure';
import type { ParkerOptions } from '@mm/rules/families/parker';
import { duelName } from '@mm/rules/families/duel/pure';
import type { DuelOptions } from '@mm/rules/families/duel';
import { mm44Name } from '@mm/rules/families/mm44/pure';
import type { Mm44Options } from '@mm/rules/families/mm44';
import { rotationName } from '@mm/rules/families/rotation/pure';
import type { RotationOptions } from '@mm/rules/families/rotation';
import { raceName } from '@mm/rules/families/race/pure';
import type { RaceOptions } from '@mm/rules/families/race';
import { addMessages, t, type Dictionary, type DictionaryPart, type Lang } from '../lib/i18n/index.svelte';
import type { ClientFamily } from './types';
import { seatingShape } from './mm44/model';

export type { ClientFamily, GameProps, HintOutcome, MoveResult } from './types';

/** The same promise on every call: `{#await}` blocks then never flash back to pending. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
}

/** A family's messages in a language (families/<id>/messages/<lang>.ts): each language a chunk of its own. */
const messagesOf =
  (load: (lang: Lang) => Promise<{ messages: Dictionary }>): DictionaryPart =>
  (lang) =>
    load(lang).then((m) => m.messages);

const repeatsFlag = (on: boolean): string => (on ? t('room.repeatsOn') : t('room.repeatsOff'));

/** Each family's messages, fetched once (in the language shown, and in any chosen later). */
const messagesLoaded = new Map<string, () => Promise<void>>();
const listingsLoaded = new Map<string, () => Promise<void>>();

/**
 * A family as the client holds it: what lists show of it (`listing`) loads with the home page
 * (`loadListings`); the rest of its messages with the first of its screens (table, options
 * form, share lines, analysis) that is asked for, and that screen waits for them.
 */
function plugIn(family: ClientFamily): ClientFamily {
  const messages = once(() => addMessages(family.messages));
  messagesLoaded.set(family.id, messages);
  listingsLoaded.set(
    family.id,
    once(() => addMessages(family.listing)),
  );
  const withMessages = <T>(load: () => Promise<T>): (() => Promise<T>) =>
    once(() => Promise.all([messages(), load()]).then(([, loaded]) => loaded));
  return {
    ...family,
    Game: withMessages(family.Game),
    OptionsForm: withMessages(family.OptionsForm),
    shareLines: withMessages(family.shareLines),
    analysis: withMessages(family.analysis),
  };
}

/** The product's families, in the order of the rulebooks (docs/rules.md §1–§4). */
const PRODUCT_FAMILIES: ClientFamily[] = [
  {
    id: 'duel',
    name: duelName,
    description: 'duel.description',
    players: 'duel.players',
    listing: messagesOf((lang) => import(`./duel/messages/listing/${lang}.ts`)),
    messages: messagesOf((lang) => import(`./duel/messages/${lang}.ts`)),
    // each family's screens are a chunk of their own, fetched (with its messages) when that family is shown
    OptionsForm: () => import('./duel/DuelOptionsForm.svelte').then((m) => m.default),
    Game: () => import('./duel/DuelGame.svelte').then((m) => m.default),
    shareLines: () => import('./duel/share').then((m) => m.duelShareLines),
    analysis: () => import('./duel/analysis').then((m) => m.duelAnalysis),
    summary: (o: DuelOptions) => [
      t('duel.room.summary', { pegs: o.pegs, colours: o.colours, guesses: o.guesses, rounds: o.rounds }),
      [
        repeatsFlag(o.repeats),
        o.blanks ? t('duel.room.blanksOn') : null,
        o.scoring === 'points' ? t('duel.option.scoring.points') : t('duel.option.scoring.rounds'),
        o.handScoring ? t('duel.option.handScoring') : null,
      ]
        .filter((f) => f !== null)
        .join(' · '),
    ],
  },
  {
    id: 'rotation',
    name: rotationName,
    description: 'rotation.description',
    players: 'rotation.players',
    listing: messagesOf((lang) => import(`./rotation/messages/listing/${lang}.ts`)),
    messages: messagesOf((lang) => import(`./rotation/messages/${lang}.ts`)),
    OptionsForm: () => import('./rotation/RotationOptionsForm.svelte').then((m) => m.default),
    Game: () => import('./rotation/RotationGame.svelte').then((m) => m.default),
    shareLines: () => import('./rotation/share').then((m) => m.rotationShareLines),
    analysis: () => import('./rotation/analysis').then((m) => m.rotationAnalysis),
    summary: (o: RotationOptions) => [
      t('rotation.rules', { players: o.players, pegs: o.pegs, colours: o.colours, guesses: o.guesses }),
      repeatsFlag(o.repeats),
    ],
  },
  {
    id: 'parker',
    name: parkerName,
    description: 'parker.description',
    players: 'parker.players',
    listing: messagesOf((lang) => import(`./parker/messages/listing/${lang}.ts`)),
    messages: messagesOf((lang) => import(`./parker/messages/${lang}.ts`)),
    OptionsForm: () => import('./parker/ParkerOptionsForm.svelte').then((m) => m.default),
    Game: () => import('./parker/ParkerGame.svelte').then((m) => m.default),
    shareLines: () => import('./parker/share').then((m) => m.parkerShareLines),
    analysis: () => import('./parker/analysis').then((m) => m.parkerAnalysis),
    summary: (o: ParkerOptions) => [
      t('parker.rules', { pegs: o.pegs, colours: o.colours, moves: PARKER_MOVES }),
      [repeatsFlag(o.repeats), o.games > 1 ? t('parker.rulesGames', { games: o.games }) : null]
        .filter((f) => f !== null)
        .join(' · '),
    ],
  },
  {
    id: 'mm44',
    name: mm44Name,
    description: 'mm44.description',
    players: 'mm44.players',
    listing: messagesOf((lang) => import(`./mm44/messages/listing/${lang}.ts`)),
    messages: messagesOf((lang) => import(`./mm44/messages/${lang}.ts`)),
    OptionsForm: () => import('./mm44/Mm44OptionsForm.svelte').then((m) => m.default),
    Game: () => import('./mm44/Mm44Game.svelte').then((m) => m.default),
    shareLines: () => import('./mm44/share').then((m) => m.mm44ShareLines),
    analysis: () => import('./mm44/analysis').then((m) => m.mm44Analysis),
    summary: (o: Mm44Options) => {
      const shape = seatingShape(o.seating);
      return [t('mm44.rules', { players: shape.players, boards: shape.boardsEach, rows: o.rows })];
    },
  },
  {
    id: 'race',
    name: raceName,
    description: 'race.description',
    players: 'race.players',
    listing: messagesOf((lang) => import(`./race/messages/listing/${lang}.ts`)),
    messages: messagesOf((lang) => import(`./race/messages/${lang}.ts`)),
    OptionsForm: () => import('./race/RaceOptionsForm.svelte').then((m) => m.default),
    Game: () => import('./race/RaceGame.svelte').then((m) => m.default),
    shareLines: () => import('./race/share').then((m) => m.raceShareLines),
    analysis: () => import('./race/analysis').then((m) => m.raceAnalysis),
    summary: (o: RaceOptions) => [
      t('race.room.summary', { players: o.players, pegs: o.pegs, colours: o.colours, guesses: o.guesses }),
      [repeatsFlag(o.repeats), o.blanks ? t('race.room.blanksOn') : null, o.hard ? t('race.room.hardOn') : null]
        .filter((f) => f !== null)
        .join(' · '),
    ],
  },
];

/** The families offered on the home page, in order; `registerClientFamily` adds one. */
const registered = PRODUCT_FAMILIES.map(plugIn);
export const CLIENT_FAMILIES: readonly ClientFamily[] = registered;

/**
 * Adds a family's screens and messages to the client: the one line a family needs here (the
 * rules side is `registerFamily` of @mm/rules). The four product families are listed above;
 * this is how a family defined elsewhere (a test's) plugs in, before the page that lists
 * families renders.
 */
export function registerClientFamily(family: ClientFamily): void {
  if (registered.some((f) => f.id === family.id)) throw new Error(`The family ${family.id} is registered already`);
  registered.push(plugIn(family));
}

/** What the home page shows of every family (description, players, presets), in the language shown. */
export const loadListings = (): Promise<void> =>
  Promise.all([...listingsLoaded.values()].map((load) => load())).then(() => undefined);

/** A family's messages (its room's rules line needs them before its table is there); at once for an unknown family. */
export const loadFamilyMessages = (id: string): Promise<void> => messagesLoaded.get(id)?.() ?? Promise.resolve();

export function clientFamily(id: string): ClientFamily | undefined {
  return CLIENT_FAMILIES.find((f) => f.id === id);
}
