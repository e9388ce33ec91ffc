// A simultaneous start's gate of a match (rooms/start-gate.ts): who said ready, when the countdown
// ends, when the match opened. Every write is conditional on the match not having opened (nor
// finished), so a ready or a cancel that comes after the start changes nothing, and of two
// processes opening one match at the end of its countdown exactly one does.
import type { Database } from './database.js';
import type { StoredStartGate } from './rows.js';

export interface StartGateStore {
  /** The seats ready and the countdown's end (null: none runs); false once the match has opened or finished (or is unknown). */
  setStartGate(matchId: string, ready: readonly number[], startsAt: Date | null): Promise<boolean>;
  /** Opens the match at `at` if its countdown has ended by then; false when it was not this call that opened it. */
  openMatch(matchId: string, at: Date): Promise<boolean>;
  /** The gate as stored now (another process may have changed it); null for an unknown match. */
  loadStartGate(matchId: string): Promise<StoredStartGate | null>;
}

export function createStartGateStore({ prisma }: Database): StartGateStore {
  return {
    async setStartGate(matchId, ready, startsAt) {
      const { count } = await prisma.match.updateMany({
        where: { id: matchId, startedAt: null, finishedAt: null },
        data: { readySeats: [...ready], startsAt },
      });
      return count === 1;
    },

    async openMatch(matchId, at) {
      const { count } = await prisma.match.updateMany({
        where: { id: matchId, startedAt: null, finishedAt: null, startsAt: { lte: at } },
        data: { startedAt: at },
      });
      return count === 1;
    },

    async loadStartGate(matchId) {
      const m = await prisma.match.findUnique({
        where: { id: matchId },
        select: { readySeats: true, startsAt: true, startedAt: true },
      });
      return m && { ready: [...m.readySeats], startsAt: m.startsAt, startedAt: m.startedAt };
    },
  };
}
