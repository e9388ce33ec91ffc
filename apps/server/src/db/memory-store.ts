// The rooms' storage (action log, rooms and seats, players of devices, a match's finish and its ratings) held in this process's
// memory: what the unit tests of RoomService and the duties run on, so that they need no database.
// It keeps the real stores' contract (db/store.test.ts runs the same cases on it and on both
// databases): every write is conditional on the state it names, values are stored as JSON copies,
// and a unique key reports a conflict as a value, as the SQL does.
// One module per port, over one state (memory/state.ts), as the SQL store composes its own.
import type { FinishStore } from './finish-store.js';
import { memoryMatches } from './memory/matches.js';
import { memoryPlayers } from './memory/players.js';
import { memoryRooms } from './memory/rooms.js';
import { memorySeatWrites } from './memory/seats.js';
import { createMemoryState } from './memory/state.js';
import type { StoredMatchPlayer } from './rows.js';
import type { RoomStorage } from './store.js';

/** The rooms' storage in memory, and what a test may ask of it besides. */
export interface MemoryStore extends RoomStorage {
  /** the players of a match, by seat (what the history reads) */
  matchPlayers(matchId: string): StoredMatchPlayer[];
  /** a player's ratings, as the finishes rated them (what /api/me/ratings reads) */
  ratingsOf: FinishStore['ratingsOf'];
  /** `from` merged into `into` (what identity/merge.ts commits): their devices move, their seats wait for the rooms */
  recordMerge(from: string, into: string): void;
}

export function createMemoryStore(): MemoryStore {
  const state = createMemoryState();
  return {
    ...memoryMatches(state),
    ...memoryRooms(state),
    ...memorySeatWrites(state),
    ...memoryPlayers(state),
  };
}
