import { describe, expect, it } from 'vitest';
import { createRng } from '@mm/rules';
import { mm44Code, mm44Deal } from '@mm/rules/families/mm44';
import { loadLanguage, t } from '../i18n/index.svelte';
import { CLIENT_FAMILIES } from '../../families';
import { duelLog, finishedMatch } from './fixtures.test-support';
import { shareText, type ShareLines } from './share';

// Each family's own lines, as the client registry loads them with a finished match (its messages with them).
const LINES: Record<string, ShareLines> = Object.fromEntries(
  await Promise.all(CLIENT_FAMILIES.map(async (f) => [f.id, await f.shareLines()] as const)),
);

// the English dictionary as the app loads it, the families' messages included
await loadLanguage('en');
const tr = t;
const names = ['Ann', 'Bob', 'Cy', 'Di'];
const text = (d: ReturnType<typeof finishedMatch>): string =>
  shareText(
    {
      familyName: 'Duel',
      lines: LINES[d.view.family]!,
      view: d.view,
      status: d.status,
      nameOf: (s) => names[s]!,
      url: 'https://mm.example/m/x',
    },
    tr,
  );

describe('shareText', () => {
  it('tells the match in key pegs and the result, ending with the replay link', () => {
    expect(text(finishedMatch('duel', {}, 's', duelLog()))).toBe(
      [
        'Mastermind Table — Duel',
        'Round 1 · Bob: broken in 2',
        '⚪⚪⚪⚪',
        '⚫⚫⚫⚫',
        'Round 2 · Ann: broken in 2',
        '➖➖➖➖',
        '⚫⚫⚫⚫',
        'Draw (Ann 1 · Bob 1)',
        'https://mm.example/m/x',
      ].join('\n'),
    );
  });

  it('never shows a colour: the same key pegs with other codes give the same text', () => {
    const a = text(finishedMatch('duel', {}, 's', duelLog([0, 1, 2, 3], [5, 4, 3, 2])));
    const b = text(finishedMatch('duel', {}, 's', duelLog([3, 2, 5, 1], [1, 5, 4, 3])));
    expect(a).toBe(b);
  });

  it('covers the other families', () => {
    const parts = mm44Deal(createRng('x'), 2);
    const mm44 = finishedMatch('mm44', { seating: '2x1' }, 'x', [
      { seat: 0, action: { type: 'row', code: [0, 1, 2, 3, 4] } },
      { seat: 0, action: { type: 'call', code: mm44Code(parts) } },
    ]);
    const t = text(mm44);
    expect(t).toContain('Board 1 · Ann: ');
    expect(t).toContain('Ann: “Master Mind!” ✅');
    expect(t).toContain('Ann won');
    const parker = finishedMatch('parker', {}, 'x', [
      { seat: 0, action: { type: 'setSecret', code: [0, 1, 2] } },
      { seat: 1, action: { type: 'setSecret', code: [3, 4, 5] } },
      { seat: 0, action: { type: 'guess', code: [3, 4, 5] } },
      { seat: 1, action: { type: 'guess', code: [1, 2, 0] } },
    ]);
    expect(text(parker).split('\n').slice(1, 4)).toEqual(['Game 1: Ann won', 'Ann | Bob', '⚫⚫⚫ | ⚪⚪⚪']);
  });
});
