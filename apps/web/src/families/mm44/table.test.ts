import { beforeAll, describe, expect, it } from 'vitest';
import type { Code } from '@mm/rules';
import { mm44, mm44OptionsSchema, type Mm44Action, type Mm44State, type Mm44View } from '@mm/rules/families/mm44';
import { loadLanguage, t } from '../../lib/i18n/index.svelte';
import { loadFamilyMessages } from '..';
import { tableOf } from '../shared/table-fixture';
import { mm44Table } from './table';

const EMPTY: Code = [null, null, null, null, null];

/** The MM44 reading of a 4-player table after `rows` (seat, code), for `viewer`, its call composer open or not. */
function tableAfter(rows: [number, Code][], viewer: number | null, calling = false, replay = false) {
  let state: Mm44State = mm44.setup(mm44OptionsSchema.parse({}), 'seed-44');
  for (const [s, code] of rows) {
    const r = mm44.apply(state, s, { type: 'row', code } satisfies Mm44Action);
    if (!r.ok) throw new Error(r.error.message);
    state = r.state;
  }
  const status = mm44.status(state);
  const lastRow = rows[rows.length - 1];
  const last = lastRow ? { seq: rows.length, seat: lastRow[0], type: 'row' } : null;
  const names = ['Ann', 'Bob', 'Cy', 'Di'];
  const { state: s } = tableOf<Mm44View>(names, mm44.view(state, viewer), status, viewer, { last, replay });
  return mm44Table(s, { calling, callWith: () => undefined });
}

beforeAll(async () => {
  await loadLanguage('en');
  await loadFamilyMessages('mm44');
});

describe('the Master Mind 44 table', () => {
  it('offers the row composer before its boards, and the call beside it', () => {
    const table = tableAfter([], 0);
    expect(table.statusText).toBe(t('mm44.yourRow', { n: 1 }));
    expect(table.moveAfter).toBe(-1);
    expect(table.boards).toEqual([]);
    expect(table.composer).toMatchObject({ mode: 'guess', unit: 'deals', reset: '0-0', title: t('mm44.rowTitle', { n: 1 }) });
    expect(table.mayCall).toBe(true);
    expect(table.composer?.oncall).toBeDefined();
  });

  it('puts the row composer away while this phone’s "Master Mind!" answer is open', () => {
    const table = tableAfter([], 0, true);
    expect(table.showCall).toBe(true);
    expect(table.composer).toBeNull();
  });

  it('marks the row just placed on its board and says who placed it', () => {
    const table = tableAfter([[0, EMPTY]], 2);
    expect(table.latest).toEqual({ board: 0, row: 1 });
    expect(table.lastText).toBe(t('mm44.lastRow', { name: 'Ann', n: 1 }));
    expect(table.rowBoard).toBe(1);
  });

  it('says this phone’s own row in the second person', () => {
    const table = tableAfter([[0, EMPTY]], 0);
    expect(table.lastText).toBe(t('mm44.you.lastRow', { n: 1 }));
    expect(table.lastText).toBe('You placed a row on board 1.');
  });

  it('offers no call in a replay', () => {
    expect(tableAfter([], 0, true, true).mayCall).toBe(false);
  });
});
