import { describe, expect, it } from 'vitest';
import type { FamilyId } from '@mm/rules';
import { loadLanguage, locale, t } from '../../lib/i18n/index.svelte';
import { familyName } from '../family-name';
import { CLIENT_FAMILIES, clientFamily, loadListings, registerClientFamily, type ClientFamily } from '..';

// A family the product does not have, with messages and a table of its own (its options form a stand-in):
// it plugs into the client by this one registration, without editing any other file.
const onePeg: ClientFamily = {
  id: 'one-peg' as FamilyId,
  name: { en: 'One peg', fr: 'Une fiche', de: 'Ein Stift' },
  description: 'one-peg.description',
  players: 'one-peg.players',
  listing: (lang) => import(`./messages/${lang}.ts`).then((m: { messages: Record<string, string> }) => m.messages),
  messages: async () => ({}),
  OptionsForm: () => import('../duel/DuelOptionsForm.svelte').then((m) => m.default),
  Game: () => import('./OnePegGame.svelte').then((m) => m.default),
  shareLines: async () => (view: { rows: unknown[] }) => [`${view.rows.length} rows`],
  analysis: () => import('../duel/analysis').then((m) => m.duelAnalysis),
  summary: (o: { colours: number }) => [`${o.colours} colours`],
};

describe('the client family registry', () => {
  it('offers a registered family on the home page list and finds it by id for its room and replay pages', async () => {
    await loadLanguage(locale.lang);
    registerClientFamily(onePeg);
    await loadListings();
    expect(clientFamily('one-peg')).toMatchObject({ id: 'one-peg', description: 'one-peg.description' });
    expect(familyName('one-peg')).toBe('One peg');
    // after the product's families (the rulebooks' first, in order), wherever their list ends
    const ids = CLIENT_FAMILIES.map((f) => f.id);
    expect(ids.slice(0, 4)).toEqual(['duel', 'rotation', 'parker', 'mm44']);
    expect(ids.at(-1)).toBe('one-peg');
    // its table: the shared controller given its reading (test-family/table.ts)
    expect(await clientFamily('one-peg')?.Game()).toBeTypeOf('function');
  });

  it('translates the family’s own messages, in a language loaded before it registered and in one loaded after', async () => {
    await expect.poll(() => t('one-peg.players')).toBe('2 players');
    await loadLanguage('de');
    locale.lang = 'de';
    await expect.poll(() => t('one-peg.players')).toBe('2 Spieler');
    expect(familyName('one-peg')).toBe('Ein Stift');
    expect(t('duel.description')).not.toBe('duel.description');
  });

  it('refuses the same id twice, so one family never shadows another', () => {
    expect(() => registerClientFamily({ ...onePeg })).toThrow(/registered already/);
  });
});
