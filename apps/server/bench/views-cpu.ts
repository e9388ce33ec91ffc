/**
 * The CPU one action's broadcast costs, in process and without sockets: a room held in memory
 * (LiveRoom) plays rows, and after each one every seat's channel and the watchers' get their update
 * worked out as the broadcaster does (summary, snapshot, delta from what the channel had last, its
 * hash) and written as Socket.IO would write it (JSON). CPU time (`process.cpuUsage`), not wall time,
 * so that a machine busy with other work changes the figures less. Prints numbers; asserts nothing.
 *
 *   node scripts/bench-views.mjs [--rows 4000] [--runs 5] [--tables race,duel]
 */
import { getFamily, type AnyFamily, type Seat } from '@mm/rules';
import type { RoomUpdate } from '@mm/protocol';
import { LiveRoom } from '../src/rooms/live-room';
import type { StoredMatch, StoredSeat } from '../src/db/store';
import { ChannelViews } from '../src/socket/channel-views';
import type { IoServer } from '../src/socket/io-types';

const arg = (name: string, fallback: string): string => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const ROWS = Number(arg('rows', '4000'));
const RUNS = Number(arg('runs', '5'));
const ONLY = arg('tables', 'race,duel').split(',');

const createdAt = new Date('2026-01-01T10:00:00Z');

function person(index: number): StoredSeat {
  const id = `p${index}`;
  return {
    index,
    name: `Player ${index}`,
    tokenHash: `t${index}`,
    deviceId: id,
    playerId: id,
    bot: false,
    takenOver: false,
    botStrength: 'medium',
    claimedAt: createdAt,
  };
}

function liveRoom(family: string, options: Record<string, unknown>, seats: number, n: number): LiveRoom {
  const match: StoredMatch = {
    id: `m${n}`,
    number: 1,
    family,
    options,
    seed: `seed-${n}`,
    createdAt,
    finishedAt: null,
    result: null,
    salt: null,
    start: { ready: [], startsAt: null, startedAt: createdAt },
  };
  return new LiveRoom({
    id: `r${n}`,
    family,
    options,
    createdAt,
    creatorPlayerId: 'p0',
    spectators: true,
    hints: false,
    takeOverAfterSec: null,
    daily: null,
    turnSeconds: 60,
    seats: Array.from({ length: seats }, (_, i) => person(i)),
    rematchVotes: [],
    match,
    actions: [],
  });
}

interface Table {
  family: string;
  options: Record<string, unknown>;
  seats: number;
  /** the actions of one match, in order: who plays what (the room plays them until one is refused) */
  moves: (i: number) => { seat: Seat; action: unknown };
}

const code = (i: number): number[] => [i % 6, (i + 1) % 6, (i * 7) % 6, (i + 3) % 5];
const TABLES: Record<string, Table> = {
  race: {
    family: 'race',
    options: { players: 8, repeats: true, guesses: 12 },
    seats: 8,
    moves: (i) => ({ seat: i % 8, action: { type: 'guess', code: code(i) } }),
  },
  duel: {
    family: 'duel',
    options: { repeats: true, guesses: 15 },
    seats: 2,
    moves: (i) =>
      i === 0
        ? { seat: 0, action: { type: 'setSecret', code: [5, 5, 5, 5] } }
        : { seat: 1, action: { type: 'guess', code: code(i) } },
  },
};

/** ChannelViews follows joins on the adapter: here nobody ever joins. */
const noSockets = { of: () => ({ adapter: { on: () => {} } }) } as unknown as IoServer;

/** CPU µs per played row (the rows a room plays before its match ends, set-ups not counted). */
function measure(table: Table): number {
  const family = getFamily(table.family) as AnyFamily;
  const views = new ChannelViews(noSockets);
  const connected = new Set(Array.from({ length: table.seats }, (_, i) => i));
  let sink = 0;
  let cpu = 0;
  let rows = 0;
  for (let n = 0; rows < ROWS; n++) {
    const room = liveRoom(table.family, table.options, table.seats, n);
    for (let i = 0; rows < ROWS; i++) {
      const { seat, action } = table.moves(i);
      const applied = family.apply(room.state, seat, action) as { ok: boolean; state?: unknown };
      if (!applied.ok) break;
      const start = process.cpuUsage();
      room.accept(room.seq + 1, seat, `a${n}-${i}`, action, applied.state, null);
      const summary = room.summary(connected, 0);
      const channels: [string, RoomUpdate][] = room.seats.map((s) => [
        `seat:${s.index}`,
        { room: summary, snapshot: room.snapshot(s.index), seat: s.index },
      ]);
      channels.push(['watch', { room: summary, snapshot: room.snapshotFor(null), seat: null }]);
      for (const [channel, update] of channels) {
        const delta = views.next(room, channel, update);
        sink += JSON.stringify(delta ? ['room:delta', delta] : ['room:update', update]).length;
      }
      const used = process.cpuUsage(start);
      cpu += used.user + used.system;
      rows++;
    }
  }
  if (sink === 0) throw new Error('nothing written');
  return cpu / rows;
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

const chosen = Object.entries(TABLES).filter(([name]) => ONLY.includes(name));
for (const [, table] of chosen) measure(table); // warm-up
for (const [name, table] of chosen) {
  const runs = Array.from({ length: RUNS }, () => measure(table));
  console.log(
    `${name}: ${median(runs).toFixed(0)} µs CPU per row (median of ${RUNS} runs of ${ROWS} rows; runs ${runs.map((r) => r.toFixed(0)).join(', ')})`,
  );
}
