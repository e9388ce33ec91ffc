import type { RaceView } from '@mm/rules/families/race';
import { keyPegs, type ShareLines } from '../../lib/replay/share';
import { ranking } from './model';

/** Each seat by place: its outcome, then its rows as key pegs (a row lost to the timer as nothing at all). */
export const raceShareLines: ShareLines = (view: RaceView, { tr, nameOf, outcome }) =>
  ranking(view).flatMap((b) => [
    `${b.place ?? '–'}. ${nameOf(b.seat)}: ${outcome(b.broken, b.used)}`,
    ...b.rows.map((row) => keyPegs(row.score, view.options.pegs)),
    ...(b.missed.length > 0 ? [tr('race.share.missed', { n: b.missed.length })] : []),
  ]);
