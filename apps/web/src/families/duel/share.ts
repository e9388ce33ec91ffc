import type { DuelView } from '@mm/rules/families/duel';
import { keyPegs, type ShareLines } from '../../lib/replay/share';

/** Each round played: who broke (or not) in how many rows, then its scored rows as key pegs. */
export const duelShareLines: ShareLines = (view: DuelView, { tr, nameOf, outcome }) =>
  view.rounds.flatMap((r) =>
    r.outcome === null
      ? []
      : [
          `${tr('share.round', { n: r.number })} · ${nameOf(r.codebreaker)}: ${outcome(r.outcome === 'broken', r.rows.length)}${r.faulty ? ' ⚠' : ''}`,
          ...r.rows.flatMap((row) => (row.score ? [keyPegs(row.score, view.options.pegs)] : [])),
        ],
  );
