/**
 * The rooms the generator drives: a table of the real server (every seat a socket, each seat's
 * move from the rules' `status.owes`), or of the bare relay; set up a few at a time, and spread
 * over their matches before a run.
 */
import { performance } from 'node:perf_hooks';
import {
  applyRoomDelta,
  PROTOCOL_VERSION,
  REACTION_PRESETS,
  type RoomDelta,
  type RoomSummary,
  type RoomUpdate,
  type Snapshot,
} from '@mm/protocol';
import { until } from '../../src/test-support/until';
import { open, request, type ClientKind, type Socket, type Table } from './client';
import { decide, owedBy, type FamilyPlay } from './moves';

const SETUP_CONCURRENCY = 25;

let actionCounter = 0;
const nextActionId = (): string => `ld-${process.pid}-${++actionCounter}`;

/**
 * A table of the real server: every seat with a socket (to the process `urlOf` its seat) and a view of its own. A finished match
 * is followed by a rematch (every seat accepts, then joins again with its seat token and gets
 * the seat one on), so that rooms keep playing however long the run: actions due meanwhile
 * wait, and their latency counts the rematch.
 */
export async function projectTable(
  urlOf: (seat: number) => string,
  family: string,
  play: FamilyPlay,
  client: ClientKind,
): Promise<Table> {
  const res = await fetch(`${urlOf(0)}/api/rooms`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ family, options: play.options }),
  });
  if (res.status !== 201) throw new Error(`room creation refused: ${res.status} ${await res.text()}`);
  const roomId = ((await res.json()) as { id: string }).id;
  const first = await open(urlOf(0), client);
  const joinedFirst = await request<{ ok: boolean; code?: string; room: RoomSummary }>(first, 'room:join', {
    protocol: PROTOCOL_VERSION,
    roomId,
  });
  if (!joinedFirst.ok) throw new Error(`join refused: ${joinedFirst.code}`);
  const sockets = [first];
  while (sockets.length < joinedFirst.room.seats.length) sockets.push(await open(urlOf(sockets.length), client));
  /** each socket's newest snapshot of the current match */
  const latest: (Snapshot | null)[] = sockets.map(() => null);
  /** each socket's newest room summary, which deltas change too */
  const summaries: (RoomSummary | null)[] = sockets.map((_, i) => (i === 0 ? joinedFirst.room : null));
  /** the seat each socket holds in the current match (a rematch moves everyone one seat on) */
  const seatOf: number[] = sockets.map((_, i) => i);
  const seatTokens: string[] = [];
  let matchNumber = 0;
  /** the next socket's update that completes the delivery of the action in flight */
  let awaiting: { socket: number; seq: number; t0: number } | null = null;
  let lastAcked = 0;
  let rematching = false;
  /** a simultaneous start (race, Parker): every match waits for its seats' ready and a countdown */
  const gated = joinedFirst.room.start !== undefined;
  /** the current match has not opened yet: nothing is played */
  let starting = gated;
  /** Every seat says ready (a simultaneous start only); the update that opens the match pumps. */
  const sayReady = async (): Promise<void> => {
    if (!gated) return;
    starting = true;
    const replies = await Promise.all(
      sockets.map((s) => request<{ ok: boolean; code?: string }>(s, 'room:ready', { ready: true })),
    );
    const refused = replies.find((r) => !r.ok && r.code !== 'MATCH_STARTED');
    if (refused) throw new Error(`ready refused: ${refused.code}`);
  };

  const table: Table = {
    seats: sockets.length,
    due: [],
    busy: false,
    finished: false,
    rematches: 0,
    recorder: null,
    react: (seat, done) => {
      const preset = REACTION_PRESETS[++actionCounter % REACTION_PRESETS.length];
      sockets[seat]!.emit('room:react', { preset }, done);
    },
    reactionsReceived: 0,
    updates: { count: 0, bytes: 0 },
    pump,
    close: () => sockets.forEach((s) => s.close()),
  };
  /** what updates cost on the wire: their JSON, as the frame carries it */
  const count = (payload: unknown): void => {
    table.updates.count++;
    table.updates.bytes += Buffer.byteLength(JSON.stringify(payload));
  };

  const hold = (socket: number, snapshot: Snapshot | null | undefined): void => {
    if (!snapshot || snapshot.matchNumber < matchNumber) return;
    const held = latest[socket];
    if (held && held.matchNumber === snapshot.matchNumber && held.seq >= snapshot.seq) return;
    matchNumber = snapshot.matchNumber;
    latest[socket] = snapshot;
  };
  sockets.forEach((socket, i) => {
    socket.on('room:reaction', () => void table.reactionsReceived++);
    const delivered = (): void => {
      // The summary is the room's newest (its current match), whichever seat it came to.
      const room = summaries[i];
      if (room) starting = gated && room.start !== undefined;
      if (awaiting && awaiting.socket === i && (latest[i]?.seq ?? -1) >= awaiting.seq) {
        table.recorder?.delivery(performance.now() - awaiting.t0);
        awaiting = null;
      }
      pump();
    };
    socket.on('room:update', (u: RoomUpdate) => {
      count(u);
      // While seats move, a socket's updates may still be for its former seat: the joins' replies say where it sits now.
      if (rematching || u.seat !== seatOf[i]) return;
      summaries[i] = u.room;
      hold(i, u.snapshot);
      delivered();
    });
    // Folded as the web client does; one that does not follow asks for the snapshot.
    socket.on('room:delta', (d: RoomDelta) => {
      count(d);
      if (rematching) return;
      const own = latest[i];
      const room = summaries[i];
      const next = applyRoomDelta(own && room ? { room, snapshot: own } : null, d);
      if (next === 'stale') return;
      if (next === 'gap') {
        void request<{ ok: boolean; room?: RoomSummary; snapshot?: Snapshot | null }>(socket, 'room:sync', {}).then((r) => {
          if (r.ok) {
            if (r.room) summaries[i] = r.room;
            hold(i, r.snapshot);
          }
          delivered();
        });
        return;
      }
      summaries[i] = next.room;
      hold(i, next.snapshot);
      delivered();
    });
  });
  for (const [seat, socket] of sockets.entries()) {
    if (seat > 0) {
      const joined = await request<{ ok: boolean; code?: string; room: RoomSummary }>(socket, 'room:join', {
        protocol: PROTOCOL_VERSION,
        roomId,
      });
      if (!joined.ok) throw new Error(`join refused: ${joined.code}`);
      summaries[seat] = joined.room;
    }
    const claimed = await request<{ ok: boolean; code?: string; seatToken: string }>(socket, 'seat:claim', {
      seat,
      name: `P${seat}`,
    });
    if (!claimed.ok) throw new Error(`claim refused: ${claimed.code}`);
    seatTokens[seat] = claimed.seatToken;
    const synced = await request<{ ok: boolean; snapshot?: Snapshot | null }>(socket, 'room:sync', {});
    if (synced.ok && !latest[seat]) hold(seat, synced.snapshot);
  }
  await sayReady();

  /** Every seat accepts a rematch, then each socket joins again and learns its new seat. */
  async function rematch(): Promise<void> {
    const votes = await Promise.all(
      sockets.map((s) => request<{ ok: boolean; code?: string }>(s, 'match:rematch', { accept: true })),
    );
    const refused = votes.find((v) => !v.ok);
    if (refused) throw new Error(refused.code ?? 'rematch refused');
    const joins = await Promise.all(
      sockets.map((s, i) =>
        request<{ ok: boolean; code?: string; seat: number | null; room: RoomSummary; snapshot: Snapshot | null }>(
          s,
          'room:join',
          {
            protocol: PROTOCOL_VERSION,
            roomId,
            seatToken: seatTokens[i],
          },
        ),
      ),
    );
    joins.forEach((joined, i) => {
      if (!joined.ok || joined.seat === null) throw new Error(joined.code ?? 'not seated after the rematch');
      seatOf[i] = joined.seat;
      summaries[i] = joined.room;
      hold(i, joined.snapshot);
    });
    await sayReady();
    lastAcked = 0;
    table.rematches++;
  }

  function pump(): void {
    if (table.busy || table.finished || starting || table.due.length === 0) return;
    // Decide from the newest state any seat has seen, once it shows our last acknowledged action.
    let newest: Snapshot | null = null;
    for (const s of latest) if (s && s.matchNumber === matchNumber && (!newest || s.seq > newest.seq)) newest = s;
    if (!newest || newest.seq < lastAcked) return;
    if (newest.status.finished) {
      table.busy = rematching = true;
      rematch().then(
        () => {
          table.busy = rematching = false;
          pump();
        },
        (error: unknown) => {
          table.recorder?.error(error instanceof Error ? error.message : 'rematch');
          table.finished = true;
        },
      );
      return;
    }
    // The first seat to act whose own view is up to date plays.
    const isCurrent = (i: number): boolean => latest[i]?.matchNumber === matchNumber && latest[i]!.seq >= newest.seq;
    const actor = newest.status.toAct.map((seat) => seatOf.indexOf(seat)).find((i) => i >= 0 && isCurrent(i));
    if (actor === undefined) return;
    const own = latest[actor]!;
    const kind = owedBy(newest.status.owes, seatOf[actor]!);
    const move = kind === null ? null : decide(kind, play.pegs, actionCounter);
    if (move === null) {
      // a move the generator does not play (a hand score): the room stops, counted in finishedRooms
      table.recorder?.error(`UNPLAYED_${kind ?? 'NOTHING'}`);
      table.finished = true;
      return;
    }
    const action = play.action(move);
    const t0 = table.due.shift()!;
    table.busy = true;
    awaiting = { socket: (actor + 1) % sockets.length, seq: own.seq + 1, t0 };
    actionCounter++;
    sockets[actor]!.emit(
      'match:act',
      { actionId: nextActionId(), expectSeq: own.seq, action },
      (reply: { ok: boolean; seq?: number; code?: string }) => {
        table.busy = false;
        if (reply.ok) {
          table.recorder?.ack(performance.now() - t0);
          lastAcked = reply.seq ?? lastAcked;
        } else {
          table.recorder?.error(reply.code ?? 'unknown');
          awaiting = null;
        }
        pump();
      },
    );
  }
  return table;
}

/**
 * A table of the bare relay with `seats` seats (2 unless `--relay-seats`): seat 1 guesses, every
 * seat gets each row, and seat 0's copy measures the delivery.
 */
export async function relayTable(url: string, index: number, client: ClientKind, seats = 2): Promise<Table> {
  const room = `t${index}`;
  const sockets: Socket[] = [];
  for (let seat = 0; seat < seats; seat++) sockets.push(await open(url, client));
  for (const [seat, socket] of sockets.entries()) await request(socket, 'join', { room, seat });
  let awaiting: { seq: number; t0: number } | null = null;
  let seq = 0;
  const table: Table = {
    seats,
    due: [],
    busy: false,
    finished: false,
    rematches: 0,
    recorder: null,
    reactionsReceived: 0,
    updates: { count: 0, bytes: 0 },
    pump,
    close: () => sockets.forEach((s) => s.close()),
  };
  sockets[0]!.on('update', (u: { seq: number }) => {
    table.updates.count++;
    table.updates.bytes += Buffer.byteLength(JSON.stringify(u));
    if (awaiting && u.seq >= awaiting.seq) {
      table.recorder?.delivery(performance.now() - awaiting.t0);
      awaiting = null;
    }
  });
  function pump(): void {
    if (table.busy || table.due.length === 0) return;
    const t0 = table.due.shift()!;
    table.busy = true;
    awaiting = { seq: seq + 1, t0 };
    const r = ++actionCounter;
    sockets[1]!.emit('act', { room, code: [r % 5, (r >> 1) % 5, (r >> 2) % 5, (r >> 3) % 5] }, (reply: { seq: number }) => {
      table.busy = false;
      seq = reply.seq;
      table.recorder?.ack(performance.now() - t0);
      pump();
    });
  }
  return table;
}

export async function setUpTables(n: number, make: (i: number) => Promise<Table>): Promise<Table[]> {
  const tables: Table[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SETUP_CONCURRENCY, n) }, async () => {
      while (next < n) {
        const i = next++;
        tables[i] = await make(i);
      }
    }),
  );
  return tables;
}

/**
 * Spreads the rooms over their matches before anything is measured: room i of n first plays
 * i/n of a match, unrecorded. Without it, rooms that started together finish together.
 */
export async function stagger(tables: Table[], play: FamilyPlay): Promise<void> {
  const length = play.matchActions;
  if (!length) return;
  const now = performance.now();
  tables.forEach((table, i) => {
    for (let k = Math.floor((i * length) / tables.length); k > 0; k--) table.due.push(now);
    table.pump();
  });
  await until(
    'the rooms to reach their starting points',
    async () => !tables.some((t) => (t.busy || t.due.length > 0) && !t.finished),
    300_000,
    20,
  );
}
