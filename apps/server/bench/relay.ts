/**
 * The reference of `bench:load`: a bare Socket.IO server with a toy scorer and nothing
 * else (no rules package, no database, no views). The load generator drives it the way it
 * drives the real server, so the difference between the two is what the product costs.
 *
 * With RELAY_DATABASE_URL or RELAY_DATA_DIR (`--targets relay-postgres,relay-embedded`), it also
 * stores each action before it acknowledges it, as the product must (an acknowledged action is in
 * the database): one INSERT, a named statement, into a table keyed as the product's action log
 * (without its foreign key). Nothing else changes, so the difference from the bare relay is what
 * "stored before acknowledged" alone costs on the machine: the floor under the product's figures.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import { Server } from 'socket.io';
import { startPGlite } from '../src/db/pglite-start';
import { namedStatements } from '../src/db/pglite-statements';

interface ToyRoom {
  /** seats joined: each row goes to every one of them */
  seats: number;
  secret: number[];
  rows: { guess: number[]; black: number; white: number }[];
}

const toyScore = (secret: number[], guess: number[]): { black: number; white: number } => {
  let black = 0;
  const left = new Map<number, number>();
  secret.forEach((c, i) => {
    if (guess[i] === c) black++;
    else left.set(c, (left.get(c) ?? 0) + 1);
  });
  let white = 0;
  guess.forEach((c, i) => {
    const n = left.get(c) ?? 0;
    if (secret[i] !== c && n > 0) {
      white++;
      left.set(c, n - 1);
    }
  });
  return { black, white };
};

const rooms = new Map<string, ToyRoom>();
const roomOf = (id: string): ToyRoom => {
  let room = rooms.get(id);
  if (!room) rooms.set(id, (room = { seats: 0, secret: [5, 5, 5, 5], rows: [] }));
  return room;
};

/**
 * How the relay stores an action, if it does: in PostgreSQL (RELAY_DATABASE_URL) through a pool,
 * or in the embedded database (RELAY_DATA_DIR) with the server's own start settings and named
 * statements. One INSERT per action: no group commit (at 400 actions/s the product's batches are
 * mostly of one row too). Resolves once the row is committed.
 */
type Append = (values: unknown[]) => Promise<unknown>;

const TABLE = `CREATE TABLE IF NOT EXISTS relay_action (
  "matchId" text NOT NULL, seq int NOT NULL, seat int NOT NULL, "actionId" text NOT NULL,
  payload jsonb NOT NULL, salt text, "createdAt" timestamp(3) NOT NULL DEFAULT now(),
  PRIMARY KEY ("matchId", seq), UNIQUE ("matchId", "actionId"))`;
const INSERT = `INSERT INTO relay_action ("matchId", seq, seat, "actionId", payload, salt)
VALUES ($1, $2, $3, $4, $5::jsonb, $6) ON CONFLICT DO NOTHING RETURNING seq`;

async function openStore(): Promise<Append | null> {
  const url = process.env['RELAY_DATABASE_URL'];
  const dir = process.env['RELAY_DATA_DIR'];
  if (url) {
    const pool = new pg.Pool({ connectionString: url, max: 10, idleTimeoutMillis: 0 });
    // Every connection opened before the first action: bench:load counts PostgreSQL's CPU by the
    // backends it finds when its window opens.
    for (const client of await Promise.all(Array.from({ length: 10 }, () => pool.connect()))) client.release();
    await pool.query(TABLE);
    return (values) => pool.query({ name: 'relay_append', text: INSERT, values });
  }
  if (dir) {
    const db = await startPGlite(dir);
    await db.exec(TABLE);
    const named = namedStatements(db, () => {});
    return (values) => named('relay_append', INSERT, values);
  }
  return null;
}
const append = await openStore();

/** Stores the action, if this relay stores. */
async function store(room: string, seq: number, code: number[]): Promise<void> {
  await append?.([room, seq, 1, randomUUID(), JSON.stringify({ type: 'guess', code }), null]);
}

const http = createServer();
const io = new Server(http, { serveClient: false });

io.on('connection', (socket) => {
  socket.on('join', (msg: { room: string; seat: number }, ack: (r: unknown) => void) => {
    const room = roomOf(msg.room);
    room.seats = Math.max(room.seats, msg.seat + 1);
    void socket.join(`${msg.room}:${msg.seat}`);
    ack({ ok: true });
  });
  socket.on('act', async (msg: { room: string; code: number[] }, ack: (r: unknown) => void) => {
    const room = roomOf(msg.room);
    room.rows.push({ guess: msg.code, ...toyScore(room.secret, msg.code) });
    const seq = room.rows.length;
    await store(msg.room, seq, msg.code);
    ack({ ok: true, seq });
    const rows = room.rows.slice(-15);
    for (let seat = 0; seat < room.seats; seat++) io.to(`${msg.room}:${seat}`).emit('update', { seq, seat, rows });
  });
});

// An exit of its own on SIGTERM (how the bench stops it): Node writes a --cpu-prof profile only then.
process.once('SIGTERM', () => process.exit(0));

http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  console.log(`Open http://127.0.0.1:${port} to play`);
});
