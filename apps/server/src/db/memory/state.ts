// What every part of the in-memory store reads and writes: the rooms, their matches, the devices'
// players, the ratings, the pending merges and the challenges, with the few ways to reach into them
// that several parts share.
import type { StoredRating } from '../finish-store.js';
import type { StoredAction, StoredMatch, StoredMatchPlayer, StoredRoom, StoredSeat } from '../rows.js';
import type { KeptSeat } from '../store.js';

/** A stored room as its row holds it: its seats (with their rematch votes) and its matches by id. */
export interface MemoryRoom extends Omit<StoredRoom, 'seats' | 'rematchVotes' | 'match' | 'actions'> {
  seats: (StoredSeat & { rematch: boolean })[];
  /** oldest first: the newest match is the last */
  matches: string[];
}
export interface MemoryMatch extends StoredMatch {
  roomId: string;
  actions: StoredAction[];
  players: Map<number, StoredMatchPlayer>;
  /** seats a bot was playing for their person when the match finished */
  abandoned: Set<number>;
}

/** A JSON copy, as a database would store and give back (and failing as loudly on what is not JSON). */
export function copy(value: unknown, what: string): unknown {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return JSON.parse(text) as unknown;
}

export const seatOut = ({ rematch: _rematch, ...seat }: StoredSeat & { rematch: boolean }): StoredSeat => ({ ...seat });
export const matchOut = ({ roomId: _r, actions: _a, players: _p, abandoned: _ab, ...match }: MemoryMatch): StoredMatch => ({
  ...match,
  start: { ...match.start, ready: [...match.start.ready] },
});
/** A match just made: not started, finished or played, nobody in it yet. */
export const newMatch = (
  made: Pick<MemoryMatch, 'id' | 'roomId' | 'number' | 'family' | 'options' | 'seed' | 'salt' | 'createdAt'>,
): MemoryMatch => ({
  ...made,
  finishedAt: null,
  result: null,
  start: { ready: [], startsAt: null, startedAt: null },
  actions: [],
  players: new Map(),
  abandoned: new Set(),
});

export interface MemoryState {
  rooms: Map<string, MemoryRoom>;
  matches: Map<string, MemoryMatch>;
  /** the player of each device */
  devices: Map<string, string>;
  /** each player's rating per family, keyed `${playerId} ${family}` */
  ratings: Map<string, StoredRating & { playerId: string }>;
  /** merges whose seats have yet to follow: from → into */
  merges: Map<string, string>;
  /** the challenges, each with its room's id, by id */
  challenges: Map<string, KeptSeat & { roomId: string }>;
  /** a time for the finish now: every finish is later than the one before (one order, as the SQL's lock keeps) */
  finishTime(): Date;
  room(roomId: string): MemoryRoom | undefined;
  newestOf(r: MemoryRoom): MemoryMatch;
  /** the room's newest challenge, a copy as a read gives */
  keptIn(roomId: string): KeptSeat | null;
  seatOf(roomId: string, index: number): (StoredSeat & { rematch: boolean }) | undefined;
  /** the seat's holder (if named) is a player of the room's newest match */
  play(r: MemoryRoom, seat: StoredSeat): void;
}

export function createMemoryState(): MemoryState {
  const rooms = new Map<string, MemoryRoom>();
  const matches = new Map<string, MemoryMatch>();
  const challenges = new Map<string, KeptSeat & { roomId: string }>();
  let lastFinish = 0;

  const room = (roomId: string): MemoryRoom | undefined => rooms.get(roomId);
  const newestOf = (r: MemoryRoom): MemoryMatch => {
    const match = matches.get(r.matches.at(-1) ?? '');
    if (!match) throw new Error(`room ${r.id} has no match`);
    return match;
  };
  return {
    rooms,
    matches,
    devices: new Map(),
    ratings: new Map(),
    merges: new Map(),
    challenges,
    finishTime() {
      lastFinish = Math.max(Date.now(), lastFinish + 1);
      return new Date(lastFinish);
    },
    room,
    newestOf,
    keptIn(roomId) {
      const found = [...challenges.values()].findLast((c) => c.roomId === roomId);
      if (!found) return null;
      const { roomId: _room, ...kept } = found;
      return { ...kept, expiresAt: new Date(kept.expiresAt) };
    },
    seatOf: (roomId, index) => room(roomId)?.seats.find((s) => s.index === index),
    play(r, seat) {
      if (seat.name === null) return;
      newestOf(r).players.set(seat.index, {
        seat: seat.index,
        name: seat.name,
        deviceId: seat.deviceId,
        playerId: seat.playerId,
      });
    },
  };
}
