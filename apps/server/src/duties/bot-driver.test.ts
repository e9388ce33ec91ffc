import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryStore } from '../db/memory-store';
import { BOT_ACTION_PREFIX } from '../rooms/action-ids';
import type { LiveRoom } from '../rooms/live-room';
import { RoomService } from '../rooms/room-service';
import { until } from '../test-support/until';
import { BotDriver } from './bot-driver';
import type { LeaseGate } from './duty';

const quiet = { warn: () => {}, debug: () => {} };

/** A gate that holds every lease when `held`, none otherwise; the rooms whose lease was asked for go to `wanted`. */
const gate = (held: () => boolean, wanted: string[] = []): LeaseGate => ({
  holds: () => held(),
  want: (room) => (wanted.push(room.id), Promise.resolve(held())),
  failed: () => {},
  succeeded: () => {},
});

// On the in-memory storage: the driver plays through RoomService like any process would.
describe('BotDriver on the room service', () => {
  const drivers: BotDriver[] = [];
  afterEach(async () => {
    await Promise.all(drivers.splice(0).map((d) => d.close()));
  });

  function setUp(
    held: () => boolean,
    wanted: string[] = [],
  ): { rooms: RoomService; store: ReturnType<typeof createMemoryStore>; bots: BotDriver } {
    const store = createMemoryStore();
    const rooms = new RoomService(store);
    const bots = new BotDriver({ service: rooms, gate: gate(held, wanted), delayMs: 0, log: quiet });
    drivers.push(bots);
    rooms.subscribe({ onChange: (room) => bots.kick(room), onLoad: (room) => bots.kick(room) });
    return { rooms, store, bots };
  }

  async function botsOnly(rooms: RoomService): Promise<LiveRoom> {
    const made = await rooms.create('duel', { repeats: true }, null, { bots: [0, 1], hints: false, takeOverAfterSec: null });
    if (!made.ok) throw new Error(made.message);
    return made.room;
  }

  it('plays a table of bots to its end, every move its own and appended once', async () => {
    const { rooms, store, bots } = setUp(() => true);
    const room = await botsOnly(rooms);
    bots.kick(room);
    await until('the bots to finish the match', async () => (await rooms.get(room.id))?.status().finished);
    const log = await store.actionsSince(room.matchId, 0);
    expect(log.length).toBeGreaterThan(1);
    expect(log.every((a) => a.actionId.startsWith(BOT_ACTION_PREFIX))).toBe(true);
    expect(new Set(log.map((a) => a.actionId)).size).toBe(log.length);
    expect(bots.stats.played).toBe(log.length);
  });

  it('moves no bot in a room whose lease this process does not hold', async () => {
    let held = false;
    const wanted: string[] = [];
    const { rooms, store, bots } = setUp(() => held, wanted);
    const room = await botsOnly(rooms);
    bots.kick(room);
    // Asked for the lease instead of scheduling a move: nothing is pending, nothing was appended.
    expect(wanted).toContain(room.id);
    expect(await store.actionsSince(room.matchId, 0)).toEqual([]);
    // Granted: the next look plays.
    held = true;
    bots.kick(room);
    await until('a bot move', async () => (await store.actionsSince(room.matchId, 0)).length > 0);
  });
});
