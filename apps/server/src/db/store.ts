// The storage the room code calls, by concern: the action log (action-log.ts), the rooms and their
// seats (rooms-store.ts), players of devices (players-store.ts) and the history (history-store.ts),
// over one database. Rows are read one way for all of them (rows.ts).
import { createChallengeRooms, type ChallengeRooms } from './challenges-store.js';
import { createActionLog, type ActionLog } from './action-log.js';
import type { Database } from './database.js';
import { createFinishStore, type FinishStore } from './finish-store.js';
import { createHistoryReader, type HistoryReader } from './history-store.js';
import { createPlayersStore, type PlayersStore } from './players-store.js';
import { createRoomsStore, type RoomsStore } from './rooms-store.js';
import { createStartGateStore, type StartGateStore } from './start-gate-store.js';

export type { AppendOutcome } from './group-commit.js';
export type {
  StoredAction,
  StoredMatch,
  StoredMatchPlayer,
  StoredMatchRecord,
  StoredMatchSummary,
  StoredRoom,
  StoredSeat,
  StoredStartGate,
} from './rows.js';
export { uniqueViolationTarget } from './rows.js';
export type { KeptSeat, NewChallenge } from './challenges-store.js';
export type { ActionLog, FinishStore, HistoryReader, PlayersStore, RoomsStore, StartGateStore };
export type { FinishedSeat, MatchRater, StoredFinish, StoredRating } from './finish-store.js';

/**
 * What the room service writes and reads through, one port per concern: the SQL store below, or
 * the in-memory one its unit tests run on (memory-store.ts). A match's finish is recorded, and
 * rated, through `finishMatch`.
 */
export type RoomStorage = ActionLog &
  RoomsStore &
  PlayersStore &
  ChallengeRooms &
  StartGateStore &
  Pick<FinishStore, 'finishMatch'>;

export interface Store extends ActionLog, FinishStore, RoomsStore, PlayersStore, HistoryReader, ChallengeRooms, StartGateStore {
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/** `onCommitBatch`: each INSERT of the action log, with its rows (the metrics' batch sizes). */
export function createStore(db: Database, hooks: { onCommitBatch?: (rows: number) => void } = {}): Store {
  return {
    kind: db.kind,
    ...createActionLog(db, hooks),
    ...createRoomsStore(db),
    ...createPlayersStore(db),
    ...createHistoryReader(db),
    ...createStartGateStore(db),
    ...createFinishStore(db),
    ...createChallengeRooms(db),
    close: () => db.close(),
  };
}
