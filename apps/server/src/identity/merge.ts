// Two players become one (a device linked with a code, or a passkey of another player): the devices,
// history, daily attempts, passkeys, friends and groups of `from` go to `into`, and `from` is deleted,
// all in the caller's one transaction, so that a crash leaves either both players or one. The seats
// and the rooms made are the rooms' own: the same transaction records the merge (db/rooms-store.ts,
// recordMerge), and the room service moves them, room by room (socket/device-events.ts).
import { recordMerge } from '../db/rooms-store';
import type { Database } from '../db/database';
import { mergeGroups } from '../social/groups-store';
import { mergeFriends } from '../social/store';

/** Devices that now belong to another player (null: deleted with theirs): their sockets must act as it. */
export interface Moved {
  deviceIds: string[];
  playerId: string | null;
}

/** A transaction of the identity store (Prisma's interactive one). */
export type Tx = Parameters<Parameters<Database['prisma']['$transaction']>[0]>[0];

/**
 * Merges `from` into `into` inside `tx` (nothing when they are one player already). Returns the
 * devices that changed player (their sockets must act as `into` once the transaction has committed).
 */
export async function mergeIn(tx: Tx, from: string, into: string): Promise<Moved> {
  const moved: Moved = { deviceIds: [], playerId: into };
  if (from === into) return moved;
  // The player's lock first, as a removal takes it: the two never wait on each other in a circle.
  await tx.$queryRawUnsafe('SELECT 1 FROM "Player" WHERE "id" = $1 FOR UPDATE', from);
  const source = await tx.player.findUnique({ where: { id: from } });
  if (!source) return moved;
  moved.deviceIds = (await tx.device.findMany({ where: { playerId: from }, select: { id: true } })).map((d) => d.id);
  // The devices joining start their day of probation now (the one-day rule of removal).
  await tx.device.updateMany({
    where: { playerId: from },
    data: { playerId: into, joinedAt: new Date(), removedAt: null, removedBy: null },
  });
  // Seats and rooms made follow in each room's queue (RoomService.playerMerged); this says whose they are meanwhile.
  await recordMerge(tx, from, into);
  await tx.matchPlayer.updateMany({ where: { playerId: from }, data: { playerId: into } });
  // One attempt per player and puzzle: where both played one, the earlier counts (ties: the joined
  // player's). A later attempt may have been played knowing the code the earlier one revealed, so a
  // merge never improves a daily record. The other's match stays in the history and the export, as
  // every match does, but no longer in the daily statistics.
  const attempts = await tx.dailyAttempt.findMany({
    where: { playerId: { in: [from, into] } },
    select: { playerId: true, n: true, createdAt: true },
  });
  const joinedAt = new Map(attempts.filter((a) => a.playerId === into).map((a) => [a.n, a.createdAt.getTime()]));
  const countingOfFrom = attempts
    .filter((a) => a.playerId === from && a.createdAt.getTime() < (joinedAt.get(a.n) ?? Infinity))
    .map((a) => a.n);
  await tx.dailyAttempt.deleteMany({ where: { playerId: into, n: { in: countingOfFrom } } });
  await tx.dailyAttempt.updateMany({ where: { playerId: from, n: { in: countingOfFrom } }, data: { playerId: into } });
  await tx.dailyAttempt.deleteMany({ where: { playerId: from } });
  // Passkeys follow too: deleting `from` below would otherwise take them (ON DELETE CASCADE).
  await tx.passkey.updateMany({ where: { playerId: from }, data: { playerId: into } });
  await mergeFriends(tx, from, into);
  await mergeGroups(tx, from, into);
  // Challenges made and received follow (a seat kept for `from` is kept for `into`).
  await tx.challenge.updateMany({ where: { challengerId: from }, data: { challengerId: into } });
  await tx.challenge.updateMany({ where: { challengedId: from }, data: { challengedId: into } });
  await tx.player.updateMany({ where: { id: into, name: '' }, data: { name: source.name } });
  await tx.player.delete({ where: { id: from } });
  return moved;
}
