// The history: finished and running matches as a player's list or one match's record, read
// only (the rooms-and-seats store and the action log write what it reads).
import type { Database } from './database.js';
import { toAction, toMatch, toPlayer, type StoredMatchRecord, type StoredMatchSummary } from './rows.js';

export interface HistoryReader {
  /** A player's matches (from all their devices), newest first; `cursor` is the id of the last match of the previous page. */
  listMatches(playerId: string, page: { limit: number; cursor?: string | undefined }): Promise<StoredMatchSummary[]>;
  loadMatch(matchId: string): Promise<StoredMatchRecord | null>;
}

export function createHistoryReader({ prisma }: Database): HistoryReader {
  return {
    async listMatches(playerId, { limit, cursor }) {
      const rows = await prisma.match.findMany({
        where: { players: { some: { playerId } } },
        orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
        take: limit,
        ...(cursor ? { cursor: { id: cursor }, skip: 1 } : {}),
        include: { players: { orderBy: { seat: 'asc' } }, room: { select: { daily: true } } },
      });
      return rows.map((m) => ({ match: toMatch(m), roomId: m.roomId, daily: m.room.daily, players: m.players.map(toPlayer) }));
    },

    async loadMatch(matchId) {
      const m = await prisma.match.findUnique({
        where: { id: matchId },
        include: {
          actions: { orderBy: { seq: 'asc' } },
          players: { orderBy: { seat: 'asc' } },
          room: { select: { spectators: true, daily: true } },
        },
      });
      if (m === null) return null;
      return {
        match: toMatch(m),
        roomId: m.roomId,
        spectators: m.room.spectators,
        daily: m.room.daily,
        players: m.players.map(toPlayer),
        actions: m.actions.map(toAction),
      };
    },
  };
}
