// A room's rows in memory: creating and reading it, its settings, its next match and its challenges.
import { DEFAULT_BOT_STRENGTH } from '@mm/rules';
import type { ChallengeRooms } from '../challenges-store.js';
import type { RoomRows } from '../rooms-store.js';
import type { NextMatchStore } from '../next-match-store.js';
import type { StoredRoom, StoredSeat } from '../rows.js';
import { copy, matchOut, newMatch, seatOut, type MemoryRoom, type MemoryState } from './state.js';

export function memoryRooms({
  rooms,
  matches,
  challenges,
  room,
  newestOf,
  keptIn,
  play,
}: MemoryState): RoomRows & NextMatchStore & ChallengeRooms {
  return {
    async createRoom(input) {
      const { roomId, seatCount, matchId, bots = [] } = input;
      if (!Number.isInteger(seatCount) || seatCount < 1)
        throw new RangeError(`seatCount must be a positive integer, got ${seatCount}`);
      if (bots.some((b) => !Number.isInteger(b.seat) || b.seat < 0 || b.seat >= seatCount))
        throw new RangeError(`bot seats must be seats of the room, got ${bots.map((b) => b.seat).join(',')}`);
      if (rooms.has(roomId) || matches.has(matchId)) throw new Error(`room ${roomId} or match ${matchId} exists`);
      const options = copy(input.options, 'room options');
      const now = new Date();
      const botAt = new Map(bots.map((b) => [b.seat, b.name]));
      const r: MemoryRoom = {
        id: roomId,
        family: input.family,
        options,
        createdAt: now,
        creatorPlayerId: input.creatorPlayerId ?? null,
        spectators: true,
        hints: input.hints ?? false,
        takeOverAfterSec: input.takeOverAfterSec ?? null,
        turnSeconds: input.turnSeconds ?? null,
        daily: input.daily ?? null,
        seats: Array.from({ length: seatCount }, (_, index) => {
          const name = botAt.get(index) ?? null;
          return {
            index,
            name,
            tokenHash: null,
            deviceId: null,
            playerId: null,
            bot: name !== null,
            takenOver: false,
            botStrength: name !== null ? (input.botStrength ?? DEFAULT_BOT_STRENGTH) : DEFAULT_BOT_STRENGTH,
            claimedAt: name !== null ? now : null,
            rematch: false,
          };
        }),
        matches: [matchId],
      };
      rooms.set(roomId, r);
      matches.set(
        matchId,
        newMatch({
          id: matchId,
          roomId,
          number: 1,
          family: input.family,
          options,
          seed: input.seed,
          salt: input.salt ?? null,
          createdAt: now,
        }),
      );
      for (const seat of r.seats) play(r, seat);
      return;
    },

    async loadRoom(roomId) {
      const r = room(roomId);
      if (!r) return null;
      const match = newestOf(r);
      const loaded: StoredRoom = {
        id: r.id,
        family: r.family,
        options: r.options,
        createdAt: r.createdAt,
        creatorPlayerId: r.creatorPlayerId,
        spectators: r.spectators,
        hints: r.hints,
        takeOverAfterSec: r.takeOverAfterSec,
        turnSeconds: r.turnSeconds,
        daily: r.daily,
        seats: r.seats.map(seatOut),
        rematchVotes: r.seats.filter((s) => s.rematch).map((s) => s.index),
        match: matchOut(match),
        actions: match.actions.map((a) => ({ ...a })),
        challenge: keptIn(roomId),
      };
      return loaded;
    },

    async loadSeats(roomId) {
      return room(roomId)?.seats.map(seatOut) ?? [];
    },

    async currentMatchId(roomId) {
      const r = room(roomId);
      return r ? newestOf(r).id : null;
    },

    async setSpectators(roomId, on) {
      const r = room(roomId);
      if (!r) throw new Error(`no room ${roomId}`);
      r.spectators = on;
      return;
    },

    async startNextMatch(roomId, m, { read, next }) {
      const r = room(roomId);
      if (!r) throw new Error(`no room ${roomId}`);
      if (r.matches.some((id) => matches.get(id)?.number === m.number)) return 'match-exists';
      const holder = (s: StoredSeat) => `${s.index} ${s.tokenHash} ${s.bot} ${s.takenOver}`;
      if (r.seats.map(holder).join('|') !== read.map(holder).join('|')) return 'seats-changed';
      const options = copy(m.options, 'match options');
      matches.set(
        m.id,
        newMatch({
          id: m.id,
          roomId,
          number: m.number,
          family: m.family,
          options,
          seed: m.seed,
          salt: m.salt,
          createdAt: new Date(),
        }),
      );
      r.matches.push(m.id);
      r.family = m.family;
      r.options = options;
      r.seats = next.map((seat) => ({ ...seat, rematch: false }));
      for (const seat of r.seats) play(r, seat);
      return 'started';
    },

    async addChallenge(c) {
      challenges.set(c.id, {
        id: c.id,
        roomId: c.roomId,
        seat: c.seat,
        playerId: c.challengedId,
        name: c.name,
        status: 'pending',
        expiresAt: new Date(c.expiresAt),
      });
    },

    async endChallenge(id, status, at) {
      const c = challenges.get(id);
      if (c?.status !== 'pending' || (status === 'expired' && c.expiresAt > at)) return false;
      c.status = status;
      return true;
    },
  };
}
