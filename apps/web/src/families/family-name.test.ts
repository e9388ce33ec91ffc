import { describe, expect, it } from 'vitest';
import { LANGS as FAMILY_NAME_LANGS, getFamily } from '@mm/rules';
import { CLIENT_FAMILIES } from '.';
import { LANGS } from '../lib/i18n/core';
import { familyName } from './family-name';

describe('a family’s name', () => {
  it('is given by the rules family in every language the client speaks', () => {
    expect([...LANGS]).toEqual([...FAMILY_NAME_LANGS]);
  });

  it('is read from the rules family in the current language; an unknown family shows its id', () => {
    expect(familyName('mm44')).toBe('Master Mind 44');
    for (const family of CLIENT_FAMILIES) expect(family.name).toBe(getFamily(family.id)?.name);
    expect(familyName('checkers')).toBe('checkers');
  });
});
