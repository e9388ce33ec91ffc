import { DEVICE_TOKEN_HEADER, type RoomSummary } from '@mm/protocol';
import { createRng, type FamilyId } from '@mm/rules';
import { mm44Code, mm44Deal, mm44SeatCount, type Mm44Options } from '@mm/rules/families/mm44';
import { race, raceCode } from '@mm/rules/families/race';
import { randomBytes } from 'node:crypto';
import type { App } from '../app';
import { Player, startWhenReady } from './player';

/**
 * Short whole matches of every family, played through real sockets, for the tests of what
 * happens around matches (history, replay, rematch, spectating) rather than of their rules.
 */

/** A fresh device token, as the web client makes one (128 random bits, base64url). */
export const newDeviceToken = (): string => randomBytes(16).toString('base64url');

export interface Seated {
  roomId: string;
  /** `players[i]` holds seat i */
  players: Player[];
  /** every socket of the room: the players, then any watcher */
  everyone: Player[];
  close(): void;
}

/** POST /api/rooms, as the device `creator` when given. */
export async function createRoomAs(url: string, body: unknown, creator?: string): Promise<{ status: number; json: any }> {
  const res = await fetch(`${url}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(creator ? { [DEVICE_TOKEN_HEADER]: creator } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/**
 * A room of `body`'s family with `devices.length` seats taken, seat i by a socket of device
 * `devices[i]` (undefined: no device identity) named `names[i]`.
 */
export async function seatRoom(
  url: string,
  body: { family: FamilyId; options?: Record<string, unknown> },
  devices: readonly (string | undefined)[],
  opts: { names?: readonly string[]; creator?: string; seatCount?: number } = {},
): Promise<Seated> {
  const created = await createRoomAs(url, body, opts.creator);
  if (created.status !== 201) throw new Error(`room not created: ${created.status} ${JSON.stringify(created.json)}`);
  const roomId = created.json.id as string;
  const players = await Promise.all(devices.map((deviceToken) => Player.connect(url, deviceToken ? { deviceToken } : {})));
  for (const [i, p] of players.entries()) {
    const joined = await p.join(roomId);
    if (!joined.ok) throw new Error(`join refused: ${joined.code}`);
    const claimed = await p.claim(i, opts.names?.[i] ?? `Player ${i}`);
    if (!claimed.ok) throw new Error(`claim of seat ${i} refused: ${claimed.code}`);
  }
  const seatCount = opts.seatCount ?? players.length;
  const full = (room: RoomSummary): boolean => room.seats.filter((s) => s.name && s.connected).length === seatCount;
  await Promise.all(players.map((p) => p.waitFor((u) => full(u.room))));
  // A full table of a simultaneous start opens once they all say ready; a table not full yet waits.
  if (players.length === seatCount) await startWhenReady(players);
  return { roomId, players, everyone: [...players], close: () => players.forEach((p) => p.close()) };
}

/** Plays `action` as `player` (it must be accepted) and waits until every socket has its update. */
export async function step(player: Player, action: unknown, everyone: readonly Player[]): Promise<number> {
  const reply = await player.act(action);
  if (!reply.ok) throw new Error(`${JSON.stringify(action)} refused: ${reply.code} ${reply.message}`);
  await Promise.all(everyone.map((p) => p.waitForSeq(reply.seq)));
  return reply.seq;
}

/** The seed of the room's current match, read from the database (what only a test may do). */
export async function currentSeed(app: App, roomId: string): Promise<string> {
  const match = await app.db.prisma.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' } });
  if (!match) throw new Error(`no match in room ${roomId}`);
  return match.seed;
}

/**
 * Plays the current match of `t` to its end with default options of its family (mm44 needs
 * `app` to read the seed, so that seat 0 can call the right code). Secrets differ per seat.
 */
export async function finish(app: App, family: FamilyId, t: Seated, options: Record<string, unknown> = {}): Promise<void> {
  const p = t.players;
  const all = t.everyone;
  // A simultaneous start (a rematch's too) opens once its players say ready.
  await startWhenReady(p, all);
  const seat = (i: number): Player => {
    const player = p[i];
    if (!player) throw new Error(`no player at seat ${i}`);
    return player;
  };
  switch (family) {
    case 'duel':
      // Round 1: seat 1 breaks at once; round 2: seat 0 misses once, then breaks.
      await step(seat(0), { type: 'setSecret', code: [0, 1, 2, 3] }, all);
      await step(seat(1), { type: 'guess', code: [0, 1, 2, 3] }, all);
      await step(seat(1), { type: 'setSecret', code: [5, 4, 3, 2] }, all);
      await step(seat(0), { type: 'guess', code: [2, 3, 4, 5] }, all);
      await step(seat(0), { type: 'guess', code: [5, 4, 3, 2] }, all);
      return;
    case 'rotation':
      // Round r: seat r − 1 makes the code; the next seat misses once, the one after breaks it.
      for (let r = 0; r < p.length; r++) {
        const secret = [r % 6, (r + 1) % 6, (r + 2) % 6, (r + 3) % 6];
        await step(seat(r), { type: 'setSecret', code: secret }, all);
        await step(seat((r + 1) % p.length), { type: 'guess', code: [...secret].reverse() }, all);
        await step(seat((r + 2) % p.length), { type: 'guess', code: secret }, all);
      }
      return;
    case 'parker':
      // Seat 0 breaks seat 1's code in the first move; seat 1 misses: seat 0 wins.
      await step(seat(0), { type: 'setSecret', code: [0, 1, 2] }, all);
      await step(seat(1), { type: 'setSecret', code: [3, 4, 5] }, all);
      await step(seat(0), { type: 'guess', code: [3, 4, 5] }, all);
      await step(seat(1), { type: 'guess', code: [1, 1, 1] }, all);
      return;
    case 'race': {
      // Every seat breaks the code the seed drew in one row, seat 0 first.
      const code = raceCode(race.optionsSchema.parse(options), await currentSeed(app, t.roomId));
      for (let i = 0; i < p.length; i++) await step(seat(i), { type: 'guess', code }, all);
      return;
    }
    case 'mm44': {
      // Board 0 places a row, then seat 0 calls the code the seed dealt.
      const seating = (options['seating'] ?? '4x1') as Mm44Options['seating'];
      const boards = seating === '2x2' ? 4 : mm44SeatCount(seating);
      const code = mm44Code(mm44Deal(createRng(await currentSeed(app, t.roomId)), boards));
      await step(seat(0), { type: 'row', code: [0, 1, 2, 3, 4] }, all);
      await step(seat(0), { type: 'call', code }, all);
      return;
    }
  }
}
