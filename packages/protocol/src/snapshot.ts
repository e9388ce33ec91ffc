import type { MatchStatus, MatchView, Seat } from '@mm/rules';
import type { Commitment } from './fairness';

/** What a seat or spectator sees of the current match. */
export interface Snapshot {
  matchId: string;
  /** 1 for the room's first match, +1 for every rematch: a client keeps the newest match */
  matchNumber: number;
  /** the number of accepted actions; every update carries a higher one */
  seq: number;
  view: MatchView;
  status: MatchStatus;
  /** who played the latest action and its kind (`guess`, `setSecret`…), for "what was just played" */
  last: { seq: number; seat: Seat; type: string } | null;
  /** hashes of every secret set so far (and of the seed of a dealt family): see fairness.ts */
  commitments: Commitment[];
  /** turn timer: when each seat that owes a move times out, ISO 8601 (empty without a timer) */
  deadlines: { seat: Seat; at: string }[];
}
