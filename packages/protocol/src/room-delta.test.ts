import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { createRng, families, type AnyFamily, type Rng, type Seat, type Viewer } from '@mm/rules';
import type { Patch } from './delta';
import type { RoomSummary } from './http';
import { applyRoomDelta, roomDelta, type HeldRoom } from './room-delta';
import type { Snapshot } from './snapshot';

/** Every value a patch carries must be the new full value's own, at the same place: nothing else can leak. */
function expectCarriedFrom(patch: Patch, after: unknown, path: string): void {
  if (Array.isArray(patch)) {
    if (patch.length === 1 && !isDeepStrictEqual(patch[0], after))
      throw new Error(`${path} carries a value the full view has not`);
    return;
  }
  for (const [key, p] of Object.entries(patch)) {
    if (Array.isArray(after) && key === '+') {
      const items = (p as [unknown[]])[0];
      expect(items).toEqual(after.slice(after.length - items.length));
    } else if (Array.isArray(after) && key === '-') {
      expect(p).toEqual([after.length]);
    } else if (!(Array.isArray(p) && p.length === 0)) {
      expectCarriedFrom(p, (after as Record<string, unknown>)[key], `${path}.${key}`);
    }
  }
}

/** A room summary as a broadcast builds it: public, with who is connected changing between updates. */
function summaryOf(family: AnyFamily, status: Snapshot['status'], seats: number, rng: Rng): RoomSummary {
  return {
    id: 'room',
    family: family.id,
    options: {},
    seats: Array.from({ length: seats }, (_, index) => ({
      index,
      name: `p${index}`,
      connected: rng.int(4) > 0,
      bot: false,
      takenOver: false,
      botStrength: null,
    })),
    spectators: rng.int(3),
    spectating: true,
    hints: false,
    takeOverAfterSec: null,
    turnSeconds: 30,
    match: { id: 'm1', number: 1 },
    rematch: status.finished ? [rng.int(seats)] : [],
    status,
    createdAt: '2026-01-01T00:00:00.000Z',
  };
}

/**
 * Random matches of every preset of every family, played by the moves a timeout would make: after
 * each step, every seat's and the watchers' update, folded from the previous one by its delta,
 * equals the full update, and each delta carries only values of that full update.
 */
describe.each(Object.values(families()) as AnyFamily[])('deltas of $id', (family) => {
  it('fold to the full view of every seat and of watchers, at every step, carrying nothing else', () => {
    let steps = 0;
    for (const preset of family.presets) {
      const options = family.optionsSchema.parse(preset.options);
      const seats = family.seatCount(options);
      const viewers: Viewer[] = [null, ...Array.from({ length: seats }, (_, s) => s)];
      for (let game = 0; game < 2; game++) {
        const seed = `${preset.id}-${game}`;
        const rng = createRng(seed);
        let state = family.setup(options, seed);
        let seq = 0;
        let last: Snapshot['last'] = null;
        const full = (viewer: Viewer): HeldRoom => {
          const status = family.status(state);
          return {
            room: summaryOf(family, status, seats, rng),
            snapshot: {
              matchId: 'm1',
              matchNumber: 1,
              seq,
              view: family.view(state, viewer),
              status,
              last,
              commitments: Array.from({ length: Math.min(seq, seats) }, (_, i) => ({
                kind: 'secret' as const,
                seq: i + 1,
                seat: i,
                hash: `h${i}`,
              })),
              deadlines: status.toAct.map((seat: Seat) => ({
                seat,
                at: new Date(Date.UTC(2026, 0, 1, 0, 0, seq)).toISOString(),
              })),
            },
          };
        };
        let held = new Map(viewers.map((v) => [v, full(v)]));
        for (let step = 0; step < 200 && !family.status(state).finished; step++) {
          const toAct = family.status(state).toAct as Seat[];
          const seat = toAct[rng.int(toAct.length)] as Seat;
          const action = family.timeoutFor(state, seat, rng);
          if (action === null) break;
          const r = family.apply(state, seat, action);
          if (!r.ok) throw new Error(`refused: ${r.error.code}`);
          state = r.state;
          seq++;
          last = { seq, seat, type: String((action as { type?: unknown }).type ?? 'move') };
          const next = new Map(viewers.map((v) => [v, full(v)]));
          for (const viewer of viewers) {
            const before = held.get(viewer) as HeldRoom;
            const after = next.get(viewer) as HeldRoom;
            const delta = roomDelta(before, after);
            if (!delta) throw new Error('no delta within one match');
            // through JSON, as on the wire
            const wire = JSON.parse(JSON.stringify(delta)) as typeof delta;
            expectCarriedFrom(wire.patch, JSON.parse(JSON.stringify(after)), viewer === null ? 'watcher' : `seat ${viewer}`);
            const folded = applyRoomDelta(JSON.parse(JSON.stringify(before)) as HeldRoom, wire);
            expect(folded).toEqual(JSON.parse(JSON.stringify(after)));
          }
          held = next;
          steps++;
        }
      }
    }
    expect(steps).toBeGreaterThan(10 * family.presets.length);
  });
});

describe('applyRoomDelta', () => {
  // One duel's room at seq 5: the finished match, seat 0 asking for a rematch.
  const family = families().duel as AnyFamily;
  const options = family.optionsSchema.parse(family.presets[0]!.options);
  const state = family.setup(options, 'summary-base');
  const heldAt = (rematch: number[], names: string[]): HeldRoom => {
    const status = family.status(state);
    const room = summaryOf(family, status, 2, createRng('same'));
    return {
      room: { ...room, seats: room.seats.map((s, i) => ({ ...s, name: names[i]! })), rematch },
      snapshot: {
        matchId: 'm1',
        matchNumber: 1,
        seq: 5,
        view: family.view(state, 0),
        status,
        last: null,
        commitments: [],
        deadlines: [],
      },
    };
  };

  it('treats a delta onto a summary other than the one it was worked out from as a gap, as it does a snapshot', () => {
    // The server's channel held Bob as "p1" with one vote; the client holds a newer summary (a join
    // reply from another process): his name, and both votes already.
    const d = roomDelta(heldAt([0], ['Alice', 'p1']), heldAt([0, 1], ['Alice', 'p1']));
    if (!d) throw new Error('a delta within one match');
    expect(applyRoomDelta(heldAt([0, 1], ['Alice', 'Bob']), d)).toBe('gap');
    // and the one it was worked out from folds
    expect(applyRoomDelta(heldAt([0], ['Alice', 'p1']), d)).toEqual(heldAt([0, 1], ['Alice', 'p1']));
  });
});
