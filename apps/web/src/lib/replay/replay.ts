import type { FinishedMatchDetail, LoggedMatchAction, RoomSummary, Snapshot } from '@mm/protocol';
import { getFamily, type AnyFamily, type MatchStatus, type MatchView, type Seat } from '@mm/rules';

/**
 * A finished match, step by step, folded in the browser with the rules themselves
 * (`apply`, as `foldLog` does), so every row, score and turn is recomputed rather than
 * taken on trust. Step k is the state after the first k actions; step 0 is the setup.
 * Each step is shown with `review`: nothing hidden, as fits a finished match.
 */
export interface ReplayStep {
  /** actions folded so far */
  seq: number;
  view: MatchView;
  status: MatchStatus;
  /** the action that led here (null at the setup) */
  action: LoggedMatchAction | null;
}

export interface Replay {
  steps: ReplayStep[];
  /** the seq of the first action the rules refused (a corrupt log), or null */
  brokenAt: number | null;
}

export function buildReplay(detail: FinishedMatchDetail): Replay {
  const family = getFamily(detail.family) as AnyFamily | undefined;
  if (!family) return { steps: [], brokenAt: 1 };
  const options: unknown = family.optionsSchema.parse(detail.options);
  let state: unknown = family.setup(options, detail.seed);
  const steps: ReplayStep[] = [{ seq: 0, view: family.review(state), status: family.status(state), action: null }];
  for (const entry of detail.log) {
    const parsed = family.actionSchema.safeParse(entry.action);
    const next = parsed.success ? family.apply(state, entry.seat, parsed.data) : null;
    if (!next?.ok) return { steps, brokenAt: entry.seq };
    state = next.state;
    steps.push({ seq: entry.seq, view: family.review(state), status: family.status(state), action: entry });
  }
  return { steps, brokenAt: null };
}

/** The kind of move an action is (`setSecret`, `guess`, `row`…), as the snapshots name it. */
export const moveType = (action: unknown): string =>
  action && typeof action === 'object' && 'type' in action ? String((action as { type: unknown }).type) : 'unknown';

/** A step as the snapshot a family's game component takes (read-only: no seat). */
export function stepSnapshot(detail: FinishedMatchDetail, step: ReplayStep): Snapshot {
  return {
    matchId: detail.id,
    matchNumber: detail.number,
    seq: step.seq,
    view: step.view,
    status: step.status,
    last: step.action ? { seq: step.action.seq, seat: step.action.seat, type: moveType(step.action.action) } : null,
    commitments: [],
    deadlines: [],
  };
}

/** The room as a game component expects it, made from the match's own record. */
export function matchRoom(
  detail: {
    id: string;
    roomId: string;
    number: number;
    family: RoomSummary['family'];
    options: Record<string, unknown>;
    createdAt: string;
  },
  players: readonly { seat: Seat; name: string }[],
  status: MatchStatus,
): RoomSummary {
  const family = getFamily(detail.family);
  const count = family ? family.seatCount(family.optionsSchema.parse(detail.options)) : players.length;
  return {
    id: detail.roomId,
    family: detail.family,
    options: detail.options,
    seats: Array.from({ length: count }, (_, index) => ({
      index,
      name: players.find((p) => p.seat === index)?.name ?? null,
      connected: false,
      bot: false,
      takenOver: false,
      botStrength: null,
    })),
    spectators: 0,
    spectating: true,
    hints: false,
    takeOverAfterSec: null,
    turnSeconds: null,
    match: { id: detail.id, number: detail.number },
    rematch: [],
    status,
    createdAt: detail.createdAt,
  };
}
