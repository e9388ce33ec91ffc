import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { arrangeSeats, rotateSeats } from '../rooms/seating';
import { STORAGE_DATABASES } from '../test-support/databases';
import { useStorageDatabase } from '../test-support/storage-database';
import { Prisma } from '../generated/prisma/client.js';
import type { Database } from './database.js';
import { createMemoryStore, type MemoryStore } from './memory-store.js';
import { recordMerge } from './rooms-store.js';
import {
  uniqueViolationTarget,
  type FinishStore,
  type MatchRater,
  type RoomStorage,
  type Store,
  type StoredFinish,
} from './store.js';

/** Each port of the rooms' storage behaves alike on both databases and in memory (what RoomService's unit tests run on). */
describe.each(['memory', ...STORAGE_DATABASES] as const)('rooms storage on %s', (kind) => {
  const opened = kind === 'memory' ? { store: createMemoryStore() as RoomStorage } : useStorageDatabase(kind);
  let store: RoomStorage;
  beforeAll(() => {
    store = opened.store;
  });

  async function newRoom(seatCount = 2, options: unknown = { pegs: 4, colours: 6 }) {
    const roomId = `room-${randomUUID()}`;
    const matchId = `match-${randomUUID()}`;
    await store.createRoom({ roomId, family: 'duel', options, seatCount, matchId, seed: 'seed-1' });
    return { roomId, matchId };
  }

  it("keeps a room's challenge with the room, and ends it once from pending (an expiry only past its deadline)", async () => {
    const { roomId } = await newRoom();
    const challengerId = await store.ensurePlayer(`ann-${randomUUID()}`, { name: 'Ann' });
    const challengedId = await store.ensurePlayer(`bob-${randomUUID()}`, { name: 'Bob' });
    const expiresAt = new Date(Date.now() + 60_000);
    const id = `c-${randomUUID()}`;
    expect((await store.loadRoom(roomId))?.challenge ?? null).toBeNull();
    await store.addChallenge({ id, roomId, seat: 1, challengerId, challengedId, name: 'Bob', preset: 'duel-classic', expiresAt });
    expect((await store.loadRoom(roomId))?.challenge).toEqual({
      id,
      seat: 1,
      playerId: challengedId,
      name: 'Bob',
      status: 'pending',
      expiresAt,
    });
    expect(await store.endChallenge(id, 'expired', new Date())).toBe(false);
    expect(await store.endChallenge(id, 'declined', new Date())).toBe(true);
    expect(await store.endChallenge(id, 'cancelled', new Date())).toBe(false);
    expect((await store.loadRoom(roomId))?.challenge).toMatchObject({ status: 'declined' });
  });

  it('creates a room with empty seats and match 1, and loads it back', async () => {
    const options = { pegs: 4, colours: 6, repeats: true, nested: { list: [1, 'two', null] } };
    const { roomId, matchId } = await newRoom(3, options);
    const room = await store.loadRoom(roomId);
    expect(room).toMatchObject({
      id: roomId,
      family: 'duel',
      options,
      seats: [0, 1, 2].map((index) => ({ index, name: null, tokenHash: null, deviceId: null })),
      match: { id: matchId, number: 1, family: 'duel', options, seed: 'seed-1', finishedAt: null, result: null },
      actions: [],
    });
    // Timestamps come back as the same instant on both adapters (no time-zone shift).
    expect(Math.abs((room?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(Math.abs((room?.match.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(await store.loadRoom('no-such-room')).toBeNull();
  });

  it('keeps a merge until the seats and rooms of its player follow, room by room', async () => {
    const [from, into, later] = await Promise.all(['ben', 'ann', 'cy'].map((p) => store.ensurePlayer(`${p}-${randomUUID()}`)));
    const record = (a: string, b: string): unknown =>
      'db' in opened ? recordMerge(opened.db.prisma, a, b) : (store as MemoryStore).recordMerge(a, b);
    const mine = async () =>
      (await store.pendingMerges()).filter((m) => m.from === from).map((m) => ({ ...m, roomIds: [...m.roomIds].sort() }));
    const [a, b] = [await newRoom(), await newRoom()];
    await store.claimSeat(a.roomId, 0, { name: 'Ben', tokenHash: `t-${randomUUID()}`, deviceId: null, playerId: from! });
    await store.claimSeat(b.roomId, 1, { name: 'Ben', tokenHash: `t-${randomUUID()}`, deviceId: null, playerId: from! });
    await record(from!, into!);
    expect(await mine()).toEqual([{ from, into, roomIds: [a.roomId, b.roomId].sort() }]);
    await store.followMerge(a.roomId, from!, into!);
    // One room still his: kept.
    await store.mergeSettled(from!, into!);
    expect(await mine()).toEqual([{ from, into, roomIds: [b.roomId] }]);
    // A merge of `into` further on takes this one along.
    await record(into!, later!);
    expect(await mine()).toEqual([{ from, into: later, roomIds: [b.roomId] }]);
    await store.followMerge(b.roomId, from!, later!);
    await store.mergeSettled(from!, later!);
    expect(await mine()).toEqual([]);
    expect((await store.loadSeats(a.roomId))[0]).toMatchObject({ name: 'Ben', playerId: into });
    expect((await store.loadSeats(b.roomId))[1]).toMatchObject({ name: 'Ben', playerId: later });
  });

  it('creates nothing when part of createRoom fails', async () => {
    const { matchId } = await newRoom();
    const roomId = `room-${randomUUID()}`;
    // Same match id: the match insert fails after the room and seats were written.
    await expect(store.createRoom({ roomId, family: 'duel', options: {}, seatCount: 2, matchId, seed: 's' })).rejects.toThrow();
    expect(await store.loadRoom(roomId)).toBeNull();
  });

  it('lets exactly one of two racing claims take a seat', async () => {
    const { roomId } = await newRoom();
    const results = await Promise.all([
      store.claimSeat(roomId, 0, { name: 'Ada', tokenHash: 'hash-a', deviceId: 'dev-a' }),
      store.claimSeat(roomId, 0, { name: 'Bob', tokenHash: 'hash-b', deviceId: null }),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0]
      ? { name: 'Ada', tokenHash: 'hash-a', deviceId: 'dev-a' }
      : { name: 'Bob', tokenHash: 'hash-b', deviceId: null };
    const person = { bot: false, takenOver: false, botStrength: 'strong', playerId: null };
    const room = await store.loadRoom(roomId);
    expect(room?.seats[0]).toEqual({ index: 0, ...winner, ...person, claimedAt: expect.any(Date) });
    expect(room?.seats[1]).toEqual({ index: 1, name: null, tokenHash: null, deviceId: null, ...person, claimedAt: null });
    // Taken stays taken, even for the holder; a seat that does not exist cannot be claimed.
    expect(await store.claimSeat(roomId, 0, { name: 'Cy', tokenHash: winner.tokenHash, deviceId: null })).toBe(false);
    expect(await store.claimSeat(roomId, 7, { name: 'Cy', tokenHash: 'hash-c', deviceId: null })).toBe(false);
  });

  it('releases a seat only for its token', async () => {
    const { roomId } = await newRoom();
    expect(await store.claimSeat(roomId, 1, { name: 'Ada', tokenHash: 'hash-a', deviceId: 'dev-a' })).toBe(true);
    expect(await store.releaseSeat(roomId, 1, 'hash-x')).toBe(false);
    expect((await store.loadRoom(roomId))?.seats[1]).toEqual({
      index: 1,
      name: 'Ada',
      tokenHash: 'hash-a',
      deviceId: 'dev-a',
      playerId: null,
      bot: false,
      takenOver: false,
      botStrength: 'strong',
      claimedAt: expect.any(Date),
    });
    expect(await store.releaseSeat(roomId, 1, 'hash-a')).toBe(true);
    expect((await store.loadRoom(roomId))?.seats[1]).toEqual({
      index: 1,
      name: null,
      tokenHash: null,
      deviceId: null,
      playerId: null,
      bot: false,
      takenOver: false,
      botStrength: 'strong',
      claimedAt: null,
    });
    expect(await store.releaseSeat(roomId, 1, 'hash-a')).toBe(false);
    expect(await store.claimSeat(roomId, 1, { name: 'Bob', tokenHash: 'hash-b', deviceId: null })).toBe(true);
  });

  it('appends actions, and reports a taken seq or a duplicate actionId', async () => {
    const { roomId, matchId } = await newRoom();
    const guess = { type: 'guess', code: [0, 1, 2, 3] };
    expect(await store.appendAction(matchId, { seq: 1, seat: 0, actionId: 'a1', payload: guess })).toEqual({ ok: true });
    expect(await store.appendAction(matchId, { seq: 2, seat: 1, actionId: 'a2', payload: { type: 'mark' } })).toEqual({
      ok: true,
    });
    // Another node already wrote seq 2.
    expect(await store.appendAction(matchId, { seq: 2, seat: 0, actionId: 'a3', payload: {} })).toEqual({
      ok: false,
      reason: 'seq-taken',
    });
    // A resend of a1 at the next free seq, and one colliding on both keys.
    expect(await store.appendAction(matchId, { seq: 3, seat: 0, actionId: 'a1', payload: guess })).toEqual({
      ok: false,
      reason: 'duplicate',
      seq: 1,
    });
    expect(await store.appendAction(matchId, { seq: 1, seat: 0, actionId: 'a1', payload: guess })).toEqual({
      ok: false,
      reason: 'duplicate',
      seq: 1,
    });
    // The same actionId in another match is a different action.
    const other = await newRoom();
    expect(await store.appendAction(other.matchId, { seq: 1, seat: 0, actionId: 'a1', payload: null })).toEqual({ ok: true });

    const room = await store.loadRoom(roomId);
    expect(room?.actions.map((a) => [a.seq, a.seat, a.actionId, a.payload])).toEqual([
      [1, 0, 'a1', guess],
      [2, 1, 'a2', { type: 'mark' }],
    ]);
    expect(room?.actions[0]?.createdAt).toBeInstanceOf(Date);
    expect((await store.actionsSince(matchId, 1)).map((a) => a.actionId)).toEqual(['a2']);
    expect(await store.actionsSince(matchId, 2)).toEqual([]);
    expect((await store.loadRoom(other.roomId))?.actions[0]?.payload).toBeNull();
  });

  it('settles concurrent appends of one seq to exactly one winner', async () => {
    const { matchId } = await newRoom();
    const outcomes = await Promise.all(
      ['x', 'y', 'z'].map((id) => store.appendAction(matchId, { seq: 1, seat: 0, actionId: id, payload: { id } })),
    );
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok)).toEqual([
      { ok: false, reason: 'seq-taken' },
      { ok: false, reason: 'seq-taken' },
    ]);
    expect(await store.actionsSince(matchId, 0)).toHaveLength(1);
  });

  it('finishes a match with its result', async () => {
    const { roomId, matchId } = await newRoom();
    await store.finishMatch(matchId, { winner: 0, scores: [3, 5] });
    const match = (await store.loadRoom(roomId))?.match;
    expect(match?.finishedAt).toBeInstanceOf(Date);
    expect(match?.result).toEqual({ winner: 0, scores: [3, 5] });
    const drawn = await newRoom();
    await store.finishMatch(drawn.matchId, null);
    expect((await store.loadRoom(drawn.roomId))?.match).toMatchObject({ result: null, finishedAt: expect.any(Date) });
  });

  it('rates a finish in its recording, once, with the seats a bot played for their person marked abandoned', async () => {
    const { roomId, matchId } = await newRoom();
    const players: string[] = [];
    for (const [seat, name] of ['Ada', 'Bob'].entries()) {
      const deviceId = `dev-${randomUUID()}`;
      const playerId = await store.ensurePlayer(deviceId);
      players.push(playerId);
      expect(await store.claimSeat(roomId, seat, { name, tokenHash: `hash-${randomUUID()}`, deviceId, playerId })).toBe(true);
    }
    const seen: StoredFinish[] = [];
    const rater: MatchRater = {
      placings: (match) => {
        seen.push(match);
        return match.seats.map((s) => ({ playerId: s.playerId!, rank: s.abandoned ? 2 : 1 }));
      },
      rate: (places, prior) => places.map((p, i) => ({ mu: (prior[i]?.mu ?? 25) + (p.rank === 1 ? 1 : -1), sigma: 8 })),
      fold: () => [],
    };
    await store.finishMatch(matchId, { winners: [0] }, { abandoned: [1], rater });
    // Another process folding the same finish records it again: nothing is rated twice.
    await store.finishMatch(matchId, { winners: [0] }, { abandoned: [1], rater });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      id: matchId,
      family: 'duel',
      daily: false,
      result: { winners: [0] },
      seats: [
        { seat: 0, playerId: players[0], abandoned: false },
        { seat: 1, playerId: players[1], abandoned: true },
      ],
    });
    const ratings = opened.store as unknown as Pick<FinishStore, 'ratingsOf'>;
    expect(await ratings.ratingsOf(players[0]!)).toEqual([{ family: 'duel', mu: 26, sigma: 8, games: 1 }]);
    expect(await ratings.ratingsOf(players[1]!)).toEqual([{ family: 'duel', mu: 24, sigma: 8, games: 1 }]);
  });

  it('rejects values that are not JSON', async () => {
    const { matchId } = await newRoom();
    await expect(store.appendAction(matchId, { seq: 1, seat: 0, actionId: 'f', payload: () => 1 })).rejects.toThrow(/JSON/);
    await expect(store.appendAction(matchId, { seq: 1, seat: 0, actionId: 'b', payload: { n: 1n } })).rejects.toThrow();
  });

  it('makes a device a player of one device on first use', async () => {
    const device = `dev-${randomUUID()}`;
    const player = await store.ensurePlayer(device, { name: 'Ada' });
    expect(await store.ensurePlayer(device, { name: 'Ada Lovelace' })).toBe(player);
    expect(await store.playerOfDevice(device)).toBe(player);
    expect(await store.playerOfDevice('dev-unknown')).toBeNull();
  });

  it('hands a seat to a bot and back only from the state each write names, and moves the seats of a rematch as told', async () => {
    const { roomId, matchId } = await newRoom();
    expect(await store.seatBot(roomId, 1, { name: 'Bot B', strength: 'easy' })).toBe(true);
    expect(await store.seatBot(roomId, 1, { name: 'Bot B', strength: 'easy' })).toBe(false);
    expect(await store.claimSeat(roomId, 1, { name: 'Ada', tokenHash: 'hash-a', deviceId: null })).toBe(false);
    expect(await store.claimSeat(roomId, 0, { name: 'Ada', tokenHash: 'hash-a', deviceId: null })).toBe(true);
    expect(await store.reclaimSeat(roomId, 0, 'hash-a')).toBe(false);
    expect(await store.takeOverSeat(roomId, 0, 'hash-x', 'strong')).toBe(false);
    expect(await store.takeOverSeat(roomId, 0, 'hash-a', 'strong')).toBe(true);
    expect(await store.takeOverSeat(roomId, 0, 'hash-a', 'strong')).toBe(false);
    expect((await store.loadSeats(roomId))[0]).toMatchObject({ name: 'Ada', tokenHash: 'hash-a', bot: true, takenOver: true });
    expect(await store.reclaimSeat(roomId, 0, 'hash-a')).toBe(true);
    expect(await store.renameSeat(roomId, 0, 'hash-x', 'Eve')).toBe(false);
    expect(await store.renameSeat(roomId, 0, 'hash-a', 'Ada L')).toBe(true);
    expect(await store.voteRematch(roomId, 0, 'hash-x', true)).toBeNull();
    expect(await store.voteRematch(roomId, 0, 'hash-a', true)).toEqual([0]);
    expect((await store.loadRoom(roomId))?.rematchVotes).toEqual([0]);

    const next = { id: `match-${randomUUID()}`, number: 2, family: 'duel', options: {}, seed: 's2', salt: 'salt' };
    const read = await store.loadSeats(roomId);
    const seats = { read, next: rotateSeats(read) };
    expect(await store.startNextMatch(roomId, next, seats)).toBe('started');
    expect(await store.startNextMatch(roomId, { ...next, id: `match-${randomUUID()}` }, seats)).toBe('match-exists');
    const room = await store.loadRoom(roomId);
    expect(room?.match).toMatchObject({ id: next.id, number: 2 });
    expect(room?.rematchVotes).toEqual([]);
    expect(room?.seats.map((s) => [s.name, s.tokenHash, s.bot, s.takenOver])).toEqual([
      ['Bot A', null, true, false],
      ['Ada L', 'hash-a', false, false],
    ]);
    expect(await store.currentMatchId(roomId)).toBe(next.id);
    expect(await store.currentMatchId('no-such-room')).toBeNull();
    expect(matchId).not.toBe(next.id);
  });

  it('starts another game with the seat count and family it names, and only on the seats as read', async () => {
    const { roomId } = await newRoom(2);
    expect(await store.claimSeat(roomId, 0, { name: 'Ann', tokenHash: 'hash-a', deviceId: null })).toBe(true);
    expect(await store.claimSeat(roomId, 1, { name: 'Bob', tokenHash: 'hash-b', deviceId: null })).toBe(true);
    const read = await store.loadSeats(roomId);
    const rotation = {
      id: `match-${randomUUID()}`,
      number: 2,
      family: 'rotation',
      options: { players: 3 },
      seed: 's2',
      salt: 'salt',
    };
    const three = { read, next: arrangeSeats(read, { kind: 'another', seatCount: 3, bots: [] }) };
    // Bob leaves after the seats were read: nothing is written.
    expect(await store.releaseSeat(roomId, 1, 'hash-b')).toBe(true);
    expect(await store.startNextMatch(roomId, rotation, three)).toBe('seats-changed');
    expect((await store.loadRoom(roomId))?.match.number).toBe(1);
    expect(await store.claimSeat(roomId, 1, { name: 'Bob', tokenHash: 'hash-b', deviceId: null })).toBe(true);
    expect(await store.startNextMatch(roomId, rotation, three)).toBe('started');
    const room = await store.loadRoom(roomId);
    expect(room).toMatchObject({ family: 'rotation', options: { players: 3 }, match: { family: 'rotation', number: 2 } });
    expect(room?.seats.map((s) => [s.index, s.name, s.tokenHash])).toEqual([
      [0, 'Ann', 'hash-a'],
      [1, 'Bob', 'hash-b'],
      [2, null, null],
    ]);
    expect(await store.claimSeat(roomId, 2, { name: 'Cy', tokenHash: 'hash-c', deviceId: null })).toBe(true);

    const seated = await store.loadSeats(roomId);
    const duel = { id: `match-${randomUUID()}`, number: 3, family: 'duel', options: {}, seed: 's3', salt: 'salt' };
    const two = { read: seated, next: arrangeSeats(seated, { kind: 'another', seatCount: 2, bots: [] }) };
    expect(await store.startNextMatch(roomId, duel, two)).toBe('started');
    expect((await store.loadRoom(roomId))?.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
  });

  it("vacates a deleted holder's seat for a bot of its own or for nobody, only for their token", async () => {
    const { roomId } = await newRoom(3);
    for (const [index, hash] of [
      [0, 'hash-a'],
      [1, 'hash-b'],
    ] as const) {
      expect(await store.claimSeat(roomId, index, { name: 'Ada', tokenHash: hash, deviceId: null })).toBe(true);
    }
    expect(await store.vacateSeat(roomId, 0, 'hash-x', null)).toBe(false);
    expect(await store.vacateSeat(roomId, 0, 'hash-a', { name: 'Bot A', strength: 'easy' })).toBe(true);
    expect(await store.vacateSeat(roomId, 1, 'hash-b', null)).toBe(true);
    expect(await store.vacateSeat(roomId, 1, 'hash-b', null)).toBe(false);
    const seats = await store.loadSeats(roomId);
    expect(seats[0]).toMatchObject({ name: 'Bot A', tokenHash: null, bot: true, takenOver: false, botStrength: 'easy' });
    expect(seats[0]?.claimedAt).toBeInstanceOf(Date);
    expect(seats[1]).toMatchObject({ name: null, tokenHash: null, deviceId: null, playerId: null, bot: false, claimedAt: null });
  });
});

/** What only a real database shows: its kind, what its adapter reports, the rows of other tables. */
describe.each(STORAGE_DATABASES)('store on %s', (kind) => {
  const opened = useStorageDatabase(kind);
  let db: Database;
  let store: Store;
  beforeAll(() => {
    ({ db, store } = opened);
  });

  async function newRoom() {
    const roomId = `room-${randomUUID()}`;
    const matchId = `match-${randomUUID()}`;
    await store.createRoom({ roomId, family: 'duel', options: {}, seatCount: 2, matchId, seed: 'seed-1' });
    return { roomId, matchId };
  }

  it('reports its kind', () => {
    expect(store.kind).toBe(kind);
  });

  it('surfaces unique violations as P2002 with a target naming the columns or index', async () => {
    const { matchId } = await newRoom();
    expect(await store.appendAction(matchId, { seq: 1, seat: 0, actionId: 'k', payload: {} })).toEqual({ ok: true });
    // Through the client itself, to see what each adapter reports.
    const attempt = (seq: number, actionId: string) =>
      db.prisma.action.create({ data: { matchId, seq, seat: 0, actionId, payload: {} } }).then(
        () => null,
        (e: unknown) => e,
      );
    const seqErr = await attempt(1, 'other');
    const idErr = await attempt(2, 'k');
    expect(seqErr).toBeInstanceOf(Prisma.PrismaClientKnownRequestError);
    expect((seqErr as Prisma.PrismaClientKnownRequestError).code).toBe('P2002');
    expect((idErr as Prisma.PrismaClientKnownRequestError).code).toBe('P2002');
    // pg names the index, PGlite the columns.
    expect(uniqueViolationTarget(seqErr)?.join(',')).toMatch(kind === 'postgres' ? /^Action_pkey$/ : /^matchId,seq$/);
    expect(uniqueViolationTarget(idErr)?.join(',')).toMatch(
      kind === 'postgres' ? /^Action_matchId_actionId_key$/ : /^matchId,actionId$/,
    );
    expect(uniqueViolationTarget(new Error('nope'))).toBeNull();
  });

  it('makes a device a player of one device on first use, and renames the player', async () => {
    const player = await store.ensurePlayer('dev-9', { name: 'Ada' });
    expect(await store.ensurePlayer('dev-9', { name: 'Ada Lovelace' })).toBe(player);
    expect(await db.prisma.device.findUnique({ where: { id: 'dev-9' } })).toMatchObject({
      name: 'Ada Lovelace',
      playerId: player,
    });
    expect(await db.prisma.player.findUnique({ where: { id: player } })).toMatchObject({ name: 'Ada Lovelace' });
  });
});
