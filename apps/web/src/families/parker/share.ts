import type { ParkerView } from '@mm/rules/families/parker';
import { keyPegs, type ShareLines } from '../../lib/replay/share';

/** Each game played: its result, then both seats' scores move by move, side by side. */
export const parkerShareLines: ShareLines = (view: ParkerView, { tr, nameOf }) => {
  const lines: string[] = [];
  for (const g of view.games) {
    if (g.outcome === null) continue;
    const result = g.winner === null ? tr('share.draw') : tr('share.winner', { names: nameOf(g.winner) });
    lines.push(`${tr('parker.share.game', { n: g.number })}: ${result}`);
    lines.push(`${nameOf(0)} | ${nameOf(1)}`);
    const moves = Math.max(g.guesses[0].length, g.guesses[1].length);
    for (let m = 0; m < moves; m++) {
      const a = g.guesses[0][m];
      const b = g.guesses[1][m];
      lines.push(`${a ? keyPegs(a.score, view.options.pegs) : ''} | ${b ? keyPegs(b.score, view.options.pegs) : ''}`);
    }
  }
  return lines;
};
