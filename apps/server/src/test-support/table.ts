import type { RoomUpdate, Snapshot } from '@mm/protocol';
import type { MatchView } from '@mm/rules';
import { Player, snapshotAfterDelta, startWhenReady } from './player';
import { containsCode, containsText } from './scan';
import { createRoom } from './server';

/** A room with every seat taken by its own socket, plus one spectator socket. */
export interface Table {
  roomId: string;
  /** `seats[i]` holds seat i */
  seats: Player[];
  watcher: Player;
  /** the seats then the watcher */
  everyone: Player[];
  close(): void;
}

/**
 * Creates a room over HTTP, connects one socket per seat and a spectator, joins them all
 * and claims every seat; resolves once every socket sees the full table, and a simultaneous start
 * has opened (every seat said ready) unless `opts.start` is false.
 */
export async function seatTable(url: string, body: unknown, seatCount: number, opts: { start?: boolean } = {}): Promise<Table> {
  const created = await createRoom(url, body);
  if (created.status !== 201) throw new Error(`room not created: ${created.status} ${JSON.stringify(created.json)}`);
  const roomId = created.json.id as string;
  const seats = await Promise.all(Array.from({ length: seatCount }, () => Player.connect(url)));
  const watcher = await Player.connect(url);
  const everyone = [...seats, watcher];
  for (const p of everyone) {
    const joined = await p.join(roomId);
    if (!joined.ok) throw new Error(`join refused: ${joined.code}`);
  }
  for (const [i, p] of seats.entries()) {
    const claimed = await p.claim(i, `Seat ${i}`);
    if (!claimed.ok) throw new Error(`claim of seat ${i} refused: ${claimed.code}`);
  }
  const seated = (u: RoomUpdate): boolean =>
    u.room.seats.length === seatCount && u.room.seats.every((s) => s.name && s.connected);
  await Promise.all(everyone.map((p) => p.waitFor(seated)));
  if (opts.start !== false) await startWhenReady(seats, everyone);
  return { roomId, seats, watcher, everyone, close: () => everyone.forEach((p) => p.close()) };
}

/** The codemaker's secret of `duelAcross`: a test scans the codebreaker's payloads for it. */
export const ACROSS_SECRET = [0, 1, 2, 3];

/**
 * A duel with Alice (the codemaker) on the server at `aliceUrl` and Bob on the one at `bobUrl`:
 * both seated, the secret set and Bob's update of it received, across processes when they differ.
 */
export async function duelAcross(
  aliceUrl: string,
  bobUrl: string,
  options: Record<string, unknown> = {},
): Promise<{ roomId: string; alice: Player; bob: Player }> {
  const roomId: string = (await createRoom(aliceUrl, { family: 'duel', options })).json.id;
  const alice = await Player.connect(aliceUrl);
  const bob = await Player.connect(bobUrl);
  await alice.join(roomId);
  await bob.join(roomId);
  await alice.claim(0, 'Alice');
  await bob.claim(1, 'Bob');
  const set = await alice.act({ type: 'setSecret', code: ACROSS_SECRET });
  if (!set.ok) throw new Error(`setSecret refused: ${set.code}`);
  await bob.waitForSeq(1);
  return { roomId, alice, bob };
}

/**
 * Plays `action` as `player`, which must be accepted, and waits until every socket in
 * `everyone` has received the update for it. Resolves with the accepted seq.
 */
export async function play(player: Player, action: unknown, everyone: readonly Player[]): Promise<number> {
  const reply = await player.act(action);
  if (!reply.ok) throw new Error(`${JSON.stringify(action)} refused: ${reply.code} ${reply.message}`);
  await Promise.all(everyone.map((p) => p.waitForSeq(reply.seq)));
  return reply.seq;
}

/** Plays `action` as `player` and resolves with the refusal's code (throws if it was accepted). */
export async function refused(player: Player, action: unknown): Promise<string> {
  const reply = await player.act(action);
  if (reply.ok) throw new Error(`${JSON.stringify(action)} was accepted at seq ${reply.seq}, expected a refusal`);
  return reply.code;
}

/** The latest snapshot a socket holds (throws if it holds none). */
export function snap(player: Player): Snapshot {
  const snapshot = player.latest?.snapshot;
  if (!snapshot) throw new Error('this socket has no snapshot');
  return snapshot;
}

/** The latest view a socket holds, as the family's own type. */
export function viewOf<V extends MatchView>(player: Player): V {
  return snap(player).view as V;
}

/** The snapshot a received payload carries (room updates, join and sync replies) or led to (a delta), if any. */
export function snapshotOf(payload: unknown): Snapshot | undefined {
  const afterDelta = snapshotAfterDelta(payload);
  if (afterDelta) return afterDelta;
  if (payload && typeof payload === 'object' && 'snapshot' in payload) {
    const snapshot = (payload as { snapshot?: unknown }).snapshot;
    if (snapshot && typeof snapshot === 'object' && 'seq' in snapshot) return snapshot as Snapshot;
  }
  return undefined;
}

/**
 * Every payload `player` received that may not hold `code`: any payload without a snapshot,
 * or with a snapshot taken before `revealSeq` (the seq of the action that made it public).
 * Acks of `match:act` carry only a seq and are judged by it. Returns the offending events.
 */
export function codeLeaks(player: Player, code: readonly (number | null)[], revealSeq = Infinity): string[] {
  const leaks: string[] = [];
  for (const { event, payload } of player.received) {
    const seq = snapshotOf(payload)?.seq ?? ackSeq(payload);
    if (seq !== undefined && seq >= revealSeq) continue;
    if (containsCode(payload, code)) leaks.push(`${event} at seq ${String(seq)}`);
  }
  return leaks;
}

function ackSeq(payload: unknown): number | undefined {
  if (payload && typeof payload === 'object' && 'seq' in payload) {
    const seq = (payload as { seq?: unknown }).seq;
    if (typeof seq === 'number') return seq;
  }
  return undefined;
}

/** Seat tokens of other seats found in anything a socket of the table received: "socket i got token of seat j". */
export function tokenLeaks(table: Table): string[] {
  const leaks: string[] = [];
  for (const [i, p] of table.everyone.entries()) {
    for (const [j, owner] of table.seats.entries()) {
      if (i === j || !owner.seatToken) continue;
      if (p.received.some(({ payload }) => containsText(payload, owner.seatToken!))) {
        leaks.push(`${i === table.seats.length ? 'spectator' : `seat ${i}`} received the token of seat ${j}`);
      }
    }
    if (p.received.some(({ payload }) => containsText(payload, 'tokenHash'))) leaks.push(`socket ${i} received a tokenHash`);
  }
  return leaks;
}

/** Every object anywhere inside a parsed payload, depth first (the payload itself included). */
export function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) {
    for (const v of value) yield* objectsIn(v);
  } else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objectsIn(v);
  }
}

/**
 * The score of docs/rules.md §0 (black: right place; white: right colour, wrong place), written
 * out again here so that tests do not check the server against the rules package itself.
 */
export function score(secret: readonly (number | null)[], guess: readonly (number | null)[]): { black: number; white: number } {
  const black = guess.filter((g, i) => g === secret[i]).length;
  let common = 0;
  for (const v of new Set(guess)) common += Math.min(guess.filter((g) => g === v).length, secret.filter((s) => s === v).length);
  return { black, white: common - black };
}
