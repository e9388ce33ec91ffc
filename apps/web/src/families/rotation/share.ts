import type { RotationView } from '@mm/rules/families/rotation';
import { keyPegs, type ShareLines } from '../../lib/replay/share';

/** Each round played: its codemaker and how it ended, then the shared board's rows with who placed them. */
export const rotationShareLines: ShareLines = (view: RotationView, { tr, nameOf, outcome }) =>
  view.rounds.flatMap((r) =>
    r.outcome === null
      ? []
      : [
          `${tr('share.round', { n: r.number })} · ${nameOf(r.codemaker)}: ${outcome(r.outcome === 'broken', r.rows.length)}`,
          ...r.rows.map((row) => `${keyPegs(row.score, view.options.pegs)} ${nameOf(row.seat)}`),
        ],
  );
