import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { LeanSocket } from './lean-socket';

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** A real Socket.IO server on a free port, pinging every 30 ms. */
async function serve(setUp: (io: Server) => void): Promise<string> {
  const http = createServer();
  const io = new Server(http, { pingInterval: 30, pingTimeout: 200 });
  setUp(io);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => void io.close(() => resolve()));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
}

describe('LeanSocket, the load generator’s client', () => {
  it('connects, gets its acknowledgements in order and hears the events sent to it', async () => {
    const url = await serve((io) =>
      io.on('connection', (socket) => {
        socket.on('double', (n: number, ack: (r: unknown) => void) => {
          ack({ n: n * 2 });
          socket.emit('doubled', { n: n * 2 }, 'extra');
        });
      }),
    );
    const socket = await LeanSocket.open(url);
    const heard: unknown[][] = [];
    socket.on('doubled', (...args: unknown[]) => heard.push(args));
    const replies = await Promise.all([1, 2, 3].map((n) => new Promise((r) => socket.emit('double', n, r))));
    expect(replies).toEqual([{ n: 2 }, { n: 4 }, { n: 6 }]);
    await expect.poll(() => heard.length).toBe(3);
    expect(heard).toEqual([
      [{ n: 2 }, 'extra'],
      [{ n: 4 }, 'extra'],
      [{ n: 6 }, 'extra'],
    ]);
    socket.close();
  });

  it('answers the server’s pings, so the server keeps the connection open', async () => {
    let pongs = 0;
    let disconnected = false;
    const url = await serve((io) =>
      io.on('connection', (socket) => {
        socket.conn.on('heartbeat', () => pongs++);
        socket.on('disconnect', () => (disconnected = true));
        socket.on('echo', (v: unknown, ack: (r: unknown) => void) => ack(v));
      }),
    );
    const socket = await LeanSocket.open(url);
    // Each ping must be answered within 200 ms; five answered pings span several timeouts.
    await expect.poll(() => pongs, { timeout: 5000 }).toBeGreaterThanOrEqual(5);
    expect(disconnected).toBe(false);
    expect(await new Promise((r) => socket.emit('echo', 'still here', r))).toBe('still here');
    socket.close();
  });

  it('reports a refused connection', async () => {
    const url = await serve((io) => io.use((_socket, next) => next(new Error('no entry'))));
    await expect(LeanSocket.open(url)).rejects.toThrow(/connect refused.*no entry/);
  });
});
