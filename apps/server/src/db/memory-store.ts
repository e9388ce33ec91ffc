// The rooms' storage (action log, rooms and seats, players of devices, a match's finish and its ratings) held in this process's
// memory: what the unit tests of RoomService and the duties run on, so that they need no database.
// It keeps the real stores' contract (db/store.test.ts runs the same cases on it and on both
// databases): every write is conditional on the state it names, values are stored as JSON copies,
// and a unique key reports a conflict as a value, as the SQL does.
import { DEFAULT_BOT_STRENGTH } from '@mm/rules';
import { newPlayerId } from '../security/tokens.js';
import type { StoredAction, StoredMatch, StoredMatchPlayer, StoredRoom, StoredSeat } from './rows.js';
import type { FinishStore, StoredFinish, StoredRating } from './finish-store.js';
import type { KeptSeat, RoomStorage } from './store.js';

/** A stored room as its row holds it: its seats (with their rematch votes) and its matches by id. */
interface MemoryRoom extends Omit<StoredRoom, 'seats' | 'rematchVotes' | 'match' | 'actions'> {
  seats: (StoredSeat & { rematch: boolean })[];
  /** oldest first: the newest match is the last */
  matches: string[];
}
interface MemoryMatch extends StoredMatch {
  roomId: string;
  actions: StoredAction[];
  players: Map<number, StoredMatchPlayer>;
  /** seats a bot was playing for their person when the match finished */
  abandoned: Set<number>;
}

/** A JSON copy, as a database would store and give back (and failing as loudly on what is not JSON). */
function copy(value: unknown, what: string): unknown {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return JSON.parse(text) as unknown;
}

const seatOut = ({ rematch: _rematch, ...seat }: StoredSeat & { rematch: boolean }): StoredSeat => ({ ...seat });
const matchOut = ({ roomId: _r, actions: _a, players: _p, abandoned: _ab, ...match }: MemoryMatch): StoredMatch => ({
  ...match,
  start: { ...match.start, ready: [...match.start.ready] },
});
const notStarted = (): StoredMatch['start'] => ({ ready: [], startsAt: null, startedAt: null });

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
  const rooms = new Map<string, MemoryRoom>();
  const matches = new Map<string, MemoryMatch>();
  /** the player of each device */
  const devices = new Map<string, string>();
  /** each player's rating per family, keyed `${playerId} ${family}` */
  const ratings = new Map<string, StoredRating & { playerId: string }>();
  /** merges whose seats have yet to follow: from → into */
  const merges = new Map<string, string>();
  /** the challenges, each with its room's id, by id */
  const challenges = new Map<string, KeptSeat & { roomId: string }>();
  /** the time of the last finish: every finish is later than the one before (one order, as the SQL's lock keeps) */
  let lastFinish = 0;

  const room = (roomId: string): MemoryRoom | undefined => rooms.get(roomId);
  const newestOf = (r: MemoryRoom): MemoryMatch => {
    const match = matches.get(r.matches.at(-1) ?? '');
    if (!match) throw new Error(`room ${r.id} has no match`);
    return match;
  };
  /** the room's newest challenge, a copy as a read gives */
  const keptIn = (roomId: string): KeptSeat | null => {
    const found = [...challenges.values()].findLast((c) => c.roomId === roomId);
    if (!found) return null;
    const { roomId: _room, ...kept } = found;
    return { ...kept, expiresAt: new Date(kept.expiresAt) };
  };
  const seatOf = (roomId: string, index: number) => room(roomId)?.seats.find((s) => s.index === index);
  const play = (r: MemoryRoom, seat: StoredSeat): void => {
    if (seat.name === null) return;
    newestOf(r).players.set(seat.index, { seat: seat.index, name: seat.name, deviceId: seat.deviceId, playerId: seat.playerId });
  };

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
      lastFinish = Math.max(Date.now(), lastFinish + 1);
      match.finishedAt = new Date(lastFinish);
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
      matches.set(matchId, {
        id: matchId,
        roomId,
        number: 1,
        family: input.family,
        options,
        seed: input.seed,
        salt: input.salt ?? null,
        createdAt: now,
        finishedAt: null,
        result: null,
        start: notStarted(),
        actions: [],
        players: new Map(),
        abandoned: new Set(),
      });
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

    async loadSeats(roomId) {
      return room(roomId)?.seats.map(seatOut) ?? [];
    },

    async currentMatchId(roomId) {
      const r = room(roomId);
      return r ? newestOf(r).id : null;
    },

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

    recordMerge(from, into) {
      for (const [device, player] of devices) if (player === from) devices.set(device, into);
      merges.set(from, into);
      for (const [f, i] of merges) if (i === from) merges.set(f, into);
    },

    async pendingMerges() {
      return [...merges].map(([from, into]) => ({
        from,
        into,
        roomIds: [...rooms.values()]
          .filter((r) => r.creatorPlayerId === from || r.seats.some((seat) => seat.playerId === from))
          .map((r) => r.id)
          .sort(),
      }));
    },

    async followMerge(roomId, from, into) {
      const r = room(roomId);
      if (!r) return;
      for (const seat of r.seats) if (seat.playerId === from) seat.playerId = into;
      if (r.creatorPlayerId === from) r.creatorPlayerId = into;
    },

    async mergeSettled(from, into) {
      const left = [...rooms.values()].some((r) => r.creatorPlayerId === from || r.seats.some((seat) => seat.playerId === from));
      if (merges.get(from) === into && !left) merges.delete(from);
    },

    async setSpectators(roomId, on) {
      const r = room(roomId);
      if (!r) throw new Error(`no room ${roomId}`);
      r.spectators = on;
      return;
    },

    async voteRematch(roomId, index, tokenHash, accept) {
      const seat = seatOf(roomId, index);
      if (!seat || seat.tokenHash !== tokenHash) return null;
      seat.rematch = accept;
      return room(roomId)!
        .seats.filter((s) => s.rematch)
        .map((s) => s.index);
    },

    async startNextMatch(roomId, m, { read, next }) {
      const r = room(roomId);
      if (!r) throw new Error(`no room ${roomId}`);
      if (r.matches.some((id) => matches.get(id)?.number === m.number)) return 'match-exists';
      const holder = (s: StoredSeat) => `${s.index} ${s.tokenHash} ${s.bot} ${s.takenOver}`;
      if (r.seats.map(holder).join('|') !== read.map(holder).join('|')) return 'seats-changed';
      const options = copy(m.options, 'match options');
      matches.set(m.id, {
        id: m.id,
        roomId,
        number: m.number,
        family: m.family,
        options,
        seed: m.seed,
        salt: m.salt,
        createdAt: new Date(),
        finishedAt: null,
        result: null,
        start: notStarted(),
        actions: [],
        players: new Map(),
        abandoned: new Set(),
      });
      r.matches.push(m.id);
      r.family = m.family;
      r.options = options;
      r.seats = next.map((seat) => ({ ...seat, rematch: false }));
      for (const seat of r.seats) play(r, seat);
      return 'started';
    },

    // Names and user agents are identity's (devices, "my matches"): nothing here reads them.
    async ensurePlayer(deviceId) {
      const playerId = devices.get(deviceId) ?? newPlayerId();
      devices.set(deviceId, playerId);
      return playerId;
    },

    async playerOfDevice(deviceId) {
      return devices.get(deviceId) ?? null;
    },

    async seeDevice(deviceId) {
      return devices.get(deviceId) ?? null;
    },

    matchPlayers(matchId) {
      const players = matches.get(matchId)?.players ?? new Map<number, StoredMatchPlayer>();
      return [...players.values()].sort((a, b) => a.seat - b.seat).map((p) => ({ ...p }));
    },
  };
}
