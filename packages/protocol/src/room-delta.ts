import { applyPatch, diff, PatchMismatch, valueHash, type Patch } from './delta';
import type { RoomSummary } from './http';
import type { Snapshot } from './snapshot';
import type { RoomDelta } from './socket';

/** What a socket holds of its room: the public summary and its own snapshot (the parts a delta changes). */
export interface HeldRoom {
  room: RoomSummary;
  snapshot: Snapshot;
}

/**
 * The delta that turns what a channel was sent last into its new update, or null when only the
 * whole update will do: no view before or now (a watcher while spectating is off), or another match.
 */
export function roomDelta(before: HeldRoom | { room: RoomSummary; snapshot: null }, after: HeldRoom): RoomDelta | null {
  const { snapshot: prev } = before;
  if (prev === null || prev.matchId !== after.snapshot.matchId) return null;
  // The patch first: the parts it finds unchanged take the hashes kept with what was sent before.
  const patch = heldPatch(before, after);
  return { match: after.snapshot.matchNumber, fromSeq: prev.seq, toSeq: after.snapshot.seq, hash: heldHash(after, true), patch };
}

/**
 * The summary's patch by the two summaries it joins, kept: the channels of a broadcast that were
 * sent the same summary last (all of them but a newcomer's) share one patch, worked out once.
 */
const summaryPatches = new WeakMap<RoomSummary, { after: RoomSummary; patch: Patch | undefined }>();

function summaryPatch(before: RoomSummary, after: RoomSummary): Patch | undefined {
  const known = summaryPatches.get(before);
  if (known?.after === after) return known.patch;
  const patch = diff(before, after, true);
  summaryPatches.set(before, { after, patch });
  return patch;
}

/** What `diff(before, after)` gives over the parts a receiver holds, the summary's part worked out once per pair. */
function heldPatch(before: HeldRoom, after: HeldRoom): RoomDelta['patch'] {
  const room = summaryPatch(before.room, after.room);
  const snapshot = diff(before.snapshot, after.snapshot, true);
  return { ...(room ? { room } : {}), ...(snapshot ? { snapshot } : {}) } as RoomDelta['patch'];
}

/**
 * The one fold of a delta into what a client holds (the web client and the test clients share it):
 * the new state, `stale` for a delta older than what is held (ignore it), or `gap` when it does not
 * follow what is held (a missed update, another base, a match not held yet): then ask `room:sync`.
 */
export function applyRoomDelta(held: HeldRoom | null, d: RoomDelta): HeldRoom | 'stale' | 'gap' {
  if (!held) return 'gap';
  const seq = held.snapshot.seq;
  if (d.match !== held.snapshot.matchNumber) return d.match < held.snapshot.matchNumber ? 'stale' : 'gap';
  if (d.toSeq < seq || (d.toSeq === seq && d.fromSeq < seq)) return 'stale';
  if (d.fromSeq !== seq) return 'gap';
  let next: HeldRoom;
  try {
    next = applyPatch(held, d.patch as Patch);
  } catch (err) {
    if (err instanceof PatchMismatch) return 'gap';
    throw err;
  }
  return heldHash(next) === d.hash ? next : 'gap';
}

/**
 * What a delta's hash covers: all that a receiver holds of its room. A summary held from another
 * base than the channel's (a join reply worked out on another process, a sync) must show as a gap
 * too, or the fold would keep a stale name or vote, or append a vote twice, with nothing to tell.
 * `keep` (the sender's): the hashes of the parts of views sent are kept with them (delta.ts), so the
 * parts that did not change, or that several channels share (kept views, the one summary of a
 * broadcast), are hashed once. A sender never changes a view it sent.
 */
const heldHash = ({ room, snapshot }: HeldRoom, keep = false): string => valueHash({ room, snapshot }, keep);
