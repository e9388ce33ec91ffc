/**
 * The reference of `bench:load`: a bare Socket.IO server with a toy scorer and nothing
 * else (no rules package, no database, no views). The load generator drives it the way it
 * drives the real server, so the difference between the two is what the product costs.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

interface ToyRoom {
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
const http = createServer();
const io = new Server(http, { serveClient: false });

io.on('connection', (socket) => {
  socket.on('join', (msg: { room: string; seat: number }, ack: (r: unknown) => void) => {
    void socket.join(`${msg.room}:${msg.seat}`);
    ack({ ok: true });
  });
  socket.on('act', (msg: { room: string; code: number[] }, ack: (r: unknown) => void) => {
    let room = rooms.get(msg.room);
    if (!room) rooms.set(msg.room, (room = { secret: [5, 5, 5, 5], rows: [] }));
    room.rows.push({ guess: msg.code, ...toyScore(room.secret, msg.code) });
    const seq = room.rows.length;
    ack({ ok: true, seq });
    const rows = room.rows.slice(-15);
    for (const seat of [0, 1]) io.to(`${msg.room}:${seat}`).emit('update', { seq, seat, rows });
  });
});

// An exit of its own on SIGTERM (how the bench stops it): Node writes a --cpu-prof profile only then.
process.once('SIGTERM', () => process.exit(0));

http.listen(0, '127.0.0.1', () => {
  const addr = http.address();
  const port = typeof addr === 'object' && addr ? addr.port : 0;
  console.log(`Open http://127.0.0.1:${port} to play`);
});
