import type { RoomSummary, SeatSummary, Snapshot } from '@mm/protocol';
import type { MatchStatus, Seat } from '@mm/rules';
import { tableState, type TableState } from './table';

/** Tests only: a seat of the room as the server sums it up (a name, else free). */
export const seatOf = (index: number, name: string | null): SeatSummary => ({
  index,
  name,
  connected: name !== null,
  bot: false,
  takenOver: false,
  botStrength: null,
});

/**
 * Tests only: the shared table state of a room whose seats carry `names`, showing `view` and
 * `status` to `viewer`; every action played is kept in `sent`.
 */
export function tableOf<V>(
  names: (string | null)[],
  view: V,
  status: MatchStatus,
  viewer: Seat | null,
  more: { last?: Snapshot['last']; replay?: boolean; daily?: number } = {},
): { state: TableState<V>; sent: unknown[] } {
  const room = {
    seats: names.map((n, i) => seatOf(i, n)),
    status,
    ...(more.daily !== undefined ? { daily: more.daily } : {}),
  } as unknown as RoomSummary;
  const snapshot = { seq: 1, view, status, last: more.last ?? null } as unknown as Snapshot;
  const sent: unknown[] = [];
  const act = (action: unknown) => (sent.push(action), Promise.resolve({ ok: true } as const));
  return { state: tableState<V>({ room, snapshot, seat: viewer, replay: more.replay, act }), sent };
}
