import { describe, expect, it } from 'vitest';
import type { FamilyId } from '@mm/rules';
import { CLIENT_FAMILIES, clientFamily, registerClientFamily, type ClientFamily } from '..';

// A family the product does not have, with screens of its own (here a stand-in component):
// it plugs into the client by this one registration, without editing any other file.
const onePeg: ClientFamily = {
  id: 'one-peg' as FamilyId,
  name: { en: 'One peg', fr: 'Une fiche', de: 'Ein Stift' },
  description: 'family.duel.description',
  players: 'family.duel.players',
  OptionsForm: () => import('../duel/DuelOptionsForm.svelte').then((m) => m.default),
  Game: () => import('../duel/DuelGame.svelte').then((m) => m.default),
  shareLines: async () => (view: { rows: unknown[] }) => [`${view.rows.length} rows`],
  analysis: () => import('../duel/analysis').then((m) => m.duelAnalysis),
  summary: (o: { colours: number }) => [`${o.colours} colours`],
};

describe('the client family registry', () => {
  it('offers a registered family on the home page list and finds it by id for its room and replay pages', () => {
    registerClientFamily(onePeg);
    expect(clientFamily('one-peg')).toBe(onePeg);
    expect(CLIENT_FAMILIES.map((f) => f.id)).toEqual(['duel', 'rotation', 'parker', 'mm44', 'one-peg']);
  });

  it('refuses the same id twice, so one family never shadows another', () => {
    expect(() => registerClientFamily({ ...onePeg })).toThrow(/registered already/);
  });
});
