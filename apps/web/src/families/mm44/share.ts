import type { Mm44Peg, Mm44View } from '@mm/rules/families/mm44';
import { BLACK, NONE, WHITE, type ShareLines } from '../../lib/replay/share';

const peg = (p: Mm44Peg): string => (p === 'black' ? BLACK : p === 'white' ? WHITE : NONE);

/** Each board's answers row by row, then every call and whether it was right. */
export const mm44ShareLines: ShareLines = (view: Mm44View, { tr, nameOf }) => [
  ...view.boards.map((b) => {
    const rows = b.rows.map((row) => row.answers.map((a) => peg(a.peg)).join(''));
    return `${tr('mm44.share.board', { n: b.board + 1 })} · ${nameOf(b.holder)}: ${rows.length ? rows.join(' ') : NONE}`;
  }),
  ...view.calls.map((c) => `${tr('mm44.share.call', { name: nameOf(c.seat) })} ${c.correct ? '✅' : '❌'}`),
];
