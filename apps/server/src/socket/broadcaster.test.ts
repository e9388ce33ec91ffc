import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveRoom } from '../rooms/live-room';
import { Broadcaster, ROOMS_PER_TURN } from './broadcaster';
import type { IoServer, IoSocket } from './io-types';
import { roomChannel, seatChannel } from './channels';

/** Just what the broadcaster reads of a room with one seat: its id, seats, summary and snapshot. */
const fakeRoom = (id: string): LiveRoom =>
  ({
    id,
    seats: [{ index: 0 }],
    summary: () => ({ id }),
    snapshot: () => ({ roomId: id }),
    snapshotFor: () => null,
  }) as unknown as LiveRoom;

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe('Broadcaster', () => {
  it('sends the views of a big batch over several turns, a bounded number of rooms each, and every one of them', async () => {
    const http = createServer();
    const io: IoServer = new Server(http, { serveClient: false });
    const broadcaster = new Broadcaster(io);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    closers.push(async () => {
      client.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
    const [socket] = await Promise.all([
      new Promise<IoSocket>((resolve) => io.once('connection', resolve)),
      new Promise<void>((resolve) => client.once('connect', () => resolve())),
    ]);
    const rooms = Array.from({ length: ROOMS_PER_TURN * 3 + 5 }, (_, i) => fakeRoom(`r${i}`));
    // One socket in the seat channel of every room, so that every room has a view to send.
    await socket.join(rooms.flatMap((r) => [roomChannel(r.id), seatChannel(r.id, 0)]));
    const received = new Set<string>();
    const all = new Promise<void>((resolve) =>
      client.on('room:update', (u: { room: { id: string } }) => {
        received.add(u.room.id);
        if (received.size === rooms.length) resolve();
      }),
    );

    let sent = 0;
    const done = rooms.map((room) => broadcaster.publish(room).then(() => sent++));
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toBe(ROOMS_PER_TURN);
    await Promise.all(done);
    expect(sent).toBe(rooms.length);
    await all;
    expect([...received].sort()).toEqual(rooms.map((r) => r.id).sort());
  });
});
