// The seat writes in memory, each conditional on the seat's state as its SQL statement is.
import type { SeatWrites } from '../seat-writes.js';
import type { MemoryState } from './state.js';

export function memorySeatWrites({ rooms, room, newestOf, seatOf, play }: MemoryState): SeatWrites {
  return {
    async claimSeat(roomId, index, claim) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== null || seat.bot) return false;
      Object.assign(seat, { ...claim, playerId: claim.playerId ?? null, claimedAt: new Date(), rematch: false });
      play(rooms.get(roomId)!, seat);
      return true;
    },

    async seatBot(roomId, index, bot) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== null || seat.bot) return false;
      Object.assign(seat, {
        name: bot.name,
        bot: true,
        botStrength: bot.strength,
        takenOver: false,
        deviceId: null,
        playerId: null,
        claimedAt: new Date(),
        rematch: false,
      });
      play(rooms.get(roomId)!, seat);
      return true;
    },

    async takeOverSeat(roomId, index, tokenHash, strength) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash || seat.bot) return false;
      Object.assign(seat, { bot: true, takenOver: true, botStrength: strength });
      return true;
    },

    async reclaimSeat(roomId, index, tokenHash) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash || !seat.takenOver) return false;
      Object.assign(seat, { bot: false, takenOver: false });
      return true;
    },

    async renameSeat(roomId, index, tokenHash, name) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash) return false;
      seat.name = name;
      const player = newestOf(rooms.get(roomId)!).players.get(index);
      if (player) player.name = name;
      return true;
    },

    async releaseSeat(roomId, index, tokenHash) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash) return false;
      Object.assign(seat, {
        name: null,
        tokenHash: null,
        deviceId: null,
        playerId: null,
        claimedAt: null,
        rematch: false,
        bot: false,
        takenOver: false,
      });
      newestOf(rooms.get(roomId)!).players.delete(index);
      return true;
    },

    async vacateSeat(roomId, index, tokenHash, bot) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash) return false;
      Object.assign(seat, {
        tokenHash: null,
        deviceId: null,
        playerId: null,
        rematch: false,
        takenOver: false,
        name: bot?.name ?? null,
        bot: bot !== null,
        botStrength: bot?.strength ?? seat.botStrength,
        claimedAt: bot ? new Date() : null,
      });
      return true;
    },

    async voteRematch(roomId, index, tokenHash, accept) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash) return null;
      seat.rematch = accept;
      return room(roomId)!
        .seats.filter((s) => s.rematch)
        .map((s) => s.index);
    },
  };
}
