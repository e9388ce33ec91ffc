// A match's own rows in memory: its action log, its finish (and the ratings it gives), its start gate.
import type { ActionLog } from '../action-log.js';
import type { FinishStore, StoredFinish } from '../finish-store.js';
import type { StoredMatchPlayer } from '../rows.js';
import type { StartGateStore } from '../start-gate-store.js';
import { copy, matchOut, type MemoryState } from './state.js';

export type MemoryMatches = ActionLog &
  Pick<FinishStore, 'finishMatch' | 'ratingsOf'> &
  StartGateStore & {
    /** the players of a match, by seat (what the history reads) */
    matchPlayers(matchId: string): StoredMatchPlayer[];
  };

export function memoryMatches({ rooms, matches, ratings, finishTime }: MemoryState): MemoryMatches {
  return {
    async appendAction(matchId, action) {
      const payload = copy(action.payload, 'action payload');
      const match = matches.get(matchId);
      if (!match) throw new Error(`no match ${matchId}`);
      const stored = match.actions.find((a) => a.actionId === action.actionId);
      if (stored) return { ok: false, reason: 'duplicate', seq: stored.seq };
      if (match.actions.some((a) => a.seq === action.seq)) return { ok: false, reason: 'seq-taken' };
      match.actions.push({ ...action, payload, salt: action.salt ?? null, createdAt: new Date() });
      match.actions.sort((a, b) => a.seq - b.seq);
      return { ok: true };
    },

    async actionsSince(matchId, afterSeq) {
      const actions = matches.get(matchId)?.actions ?? [];
      return actions.filter((a) => a.seq > afterSeq).map((a) => ({ ...a }));
    },

    // Once per match, as the SQL's conditional UPDATE: a second finish (another process's fold) changes nothing.
    async finishMatch(matchId, result, rating) {
      const match = matches.get(matchId);
      if (!match) throw new Error(`no match ${matchId}`);
      const value = copy(result ?? null, 'match result');
      if (match.finishedAt !== null) return;
      match.result = value;
      match.finishedAt = finishTime();
      if (rating === undefined) return;
      for (const seat of rating.abandoned) if (match.players.has(seat)) match.abandoned.add(seat);
      const finished: StoredFinish = {
        id: match.id,
        family: match.family,
        finishedAt: match.finishedAt,
        result: copy(match.result, 'match result'),
        daily: rooms.get(match.roomId)?.daily != null,
        seats: [...match.players.values()]
          .sort((a, b) => a.seat - b.seat)
          .map((p) => ({ seat: p.seat, playerId: p.playerId, abandoned: match.abandoned.has(p.seat), name: p.name })),
      };
      const places = rating.rater.placings(finished);
      if (places === null) return;
      const key = (playerId: string): string => `${playerId} ${match.family}`;
      const prior = places.map((p) => {
        const r = ratings.get(key(p.playerId));
        return r ? { mu: r.mu, sigma: r.sigma } : null;
      });
      const next = rating.rater.rate(places, prior);
      for (const [i, { playerId }] of places.entries()) {
        const { mu, sigma } = next[i]!;
        const games = (ratings.get(key(playerId))?.games ?? 0) + 1;
        ratings.set(key(playerId), { playerId, family: match.family, mu, sigma, games });
      }
    },

    async ratingsOf(playerId) {
      return [...ratings.values()]
        .filter((r) => r.playerId === playerId)
        .map(({ family, mu, sigma, games }) => ({ family, mu, sigma, games }));
    },

    async setStartGate(matchId, ready, startsAt) {
      const match = matches.get(matchId);
      if (!match || match.start.startedAt !== null || match.finishedAt !== null) return false;
      match.start = { ready: [...ready], startsAt: startsAt && new Date(startsAt), startedAt: null };
      return true;
    },

    async openMatch(matchId, at) {
      const match = matches.get(matchId);
      const { startsAt, startedAt } = match?.start ?? { startsAt: null, startedAt: null };
      if (!match || startedAt !== null || match.finishedAt !== null || startsAt === null || startsAt > at) return false;
      match.start = { ...match.start, startedAt: new Date(at) };
      return true;
    },

    async loadStartGate(matchId) {
      const match = matches.get(matchId);
      return match ? matchOut(match).start : null;
    },

    matchPlayers(matchId) {
      const players = matches.get(matchId)?.players ?? new Map<number, StoredMatchPlayer>();
      return [...players.values()].sort((a, b) => a.seat - b.seat).map((p) => ({ ...p }));
    },
  };
}
