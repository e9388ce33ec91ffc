import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { until } from '../test-support/until';
import { shapeWrites } from './engine-writes';
import { guardWrites, unsent } from './write-guard';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A Socket.IO server with the app's write path (engine-writes.ts) and a client that never reads. */
async function setup(limits: { maxQueuedPackets: number; maxBufferedBytes: number }) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  const overflows: { packets: number; bytes: number }[] = [];
  shapeWrites(io, limits, (held) => overflows.push(held));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  closers.push(async () => {
    await io.close();
  });
  const port = (http.address() as AddressInfo).port;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`);
  ws.on('error', () => undefined);
  const frames: string[] = [];
  ws.on('message', (d: Buffer) => frames.push(d.toString()));
  await until('the Engine.IO handshake', async () => frames.length > 0);
  const connected = new Promise<import('socket.io').Socket>((resolve) => io.on('connection', resolve));
  ws.send('40');
  const socket = await connected;
  ws.pause();
  return { io, socket, overflows };
}

describe('guardWrites', () => {
  it('closes a connection that does not read once what it holds unsent passes the limit, and never holds much more', async () => {
    const MAX_BYTES = 256 * 1024;
    const { io, socket, overflows } = await setup({ maxQueuedPackets: 100, maxBufferedBytes: MAX_BYTES });
    const chunk = 'x'.repeat(16 * 1024);
    let most = { packets: 0, bytes: 0 };
    let emitted = 0;
    await until(
      'the connection closed',
      async () => {
        for (let i = 0; i < 50 && socket.connected; i++, emitted++) socket.emit('room:update', chunk);
        await new Promise((resolve) => setImmediate(resolve));
        for (const conn of Object.values((io.engine as unknown as { clients: Record<string, unknown> }).clients)) {
          const held = unsent(conn);
          most = { packets: Math.max(most.packets, held.packets), bytes: Math.max(most.bytes, held.bytes) };
        }
        return !socket.connected;
      },
      60_000,
      10,
    );
    expect(overflows).toHaveLength(1);
    // The kernel takes some first; past that, never more than the limit and one turn's packets.
    expect(most.packets).toBeLessThanOrEqual(100 + 1);
    expect(most.bytes).toBeLessThanOrEqual(MAX_BYTES + 51 * chunk.length + 1024);
    expect(emitted).toBeGreaterThan(0);
    expect(io.engine.clientsCount).toBe(0);
  });

  it('leaves a connection that reads alone', async () => {
    const http = createServer();
    const io = new Server(http, { serveClient: false });
    const overflows: unknown[] = [];
    guardWrites(io, { maxQueuedPackets: 5, maxBufferedBytes: 1024 }, (held) => overflows.push(held));
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    closers.push(async () => {
      await io.close();
    });
    const port = (http.address() as AddressInfo).port;
    const { io: connect } = await import('socket.io-client');
    const client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], forceNew: true, reconnection: false });
    let got = 0;
    client.on('room:update', () => got++);
    const socket = await new Promise<import('socket.io').Socket>((resolve) => io.on('connection', resolve));
    for (let i = 0; i < 200; i++) {
      socket.emit('room:update', 'small');
      if (i % 4 === 3) await until('the client read them', async () => got === i + 1);
    }
    expect(overflows).toEqual([]);
    expect(socket.connected).toBe(true);
    client.close();
  });
});
