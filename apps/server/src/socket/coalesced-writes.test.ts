import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo, Socket as NetSocket } from 'node:net';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { coalesceWrites } from './coalesced-writes';

interface Harness {
  io: Server;
  client: ClientSocket;
  /** the server side of the client's connection */
  socket: Socket;
  /** write system calls made on that connection's TCP socket since `resetWrites` */
  writes(): number;
  resetWrites(): void;
}

let open: { io: Server; http: HttpServer; client: ClientSocket } | null = null;
afterEach(async () => {
  open?.client.close();
  await new Promise<void>((resolve) => open?.io.close(() => resolve()) ?? resolve());
  open = null;
});

async function harness(options: { coalesce: boolean; transports?: ('polling' | 'websocket')[] }): Promise<Harness> {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  if (options.coalesce) coalesceWrites(io);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const connected = new Promise<Socket>((resolve) => io.once('connection', resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: options.transports ?? ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  open = { io, http, client };
  const socket = await connected;
  await new Promise<void>((resolve) => (client.connected ? resolve() : client.once('connect', () => resolve())));
  // Count what reaches the kernel: Node's stream calls _write for one chunk, _writev for several.
  let writes = 0;
  const tcp = (socket.conn as unknown as { transport: { socket?: { _socket?: NetSocket } } }).transport.socket?._socket;
  if (tcp) {
    const stream = tcp as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
    for (const method of ['_write', '_writev'] as const) {
      const original = stream[method].bind(tcp);
      stream[method] = (...args: unknown[]) => {
        writes++;
        original(...args);
      };
    }
  }
  return { io, client, socket, writes: () => writes, resetWrites: () => (writes = 0) };
}

/** Resolves once the client has received `n` events called `name`, with their payloads. */
const receive = (client: ClientSocket, name: string, n: number): Promise<unknown[]> =>
  new Promise((resolve) => {
    const got: unknown[] = [];
    const on = (payload: unknown): void => {
      got.push(payload);
      if (got.length === n) {
        client.off(name, on);
        resolve(got);
      }
    };
    client.on(name, on);
  });

describe('coalesced socket writes', () => {
  it.each([
    { coalesce: true, writes: 1, title: 'sends every frame a connection gets within one turn in a single write, in order' },
    { coalesce: false, writes: 5, title: 'without it, each frame is a write of its own (what the coalescing saves)' },
  ])('$title', async ({ coalesce, writes }) => {
    const h = await harness({ coalesce });
    const got = receive(h.client, 'n', 5);
    h.resetWrites();
    for (let i = 0; i < 5; i++) h.socket.emit('n', i);
    expect(await got).toEqual([0, 1, 2, 3, 4]);
    expect(h.writes()).toBe(writes);
  });

  it("puts an acknowledgement and a broadcast of the next turn's check phase into one write, the acknowledgement first", async () => {
    const h = await harness({ coalesce: true });
    await h.socket.join('seat');
    const order: string[] = [];
    h.client.on('view', (v: string) => order.push(v));
    h.socket.on('act', (ack: (reply: string) => void) => {
      h.resetWrites();
      // As the broadcaster does: views are worked out after the acknowledgements, in the next check phase.
      setImmediate(() => h.io.to('seat').emit('view', 'view'));
      ack('ack');
    });
    const both = new Promise<void>((resolve) => {
      const check = (): void => void (order.length === 2 && resolve());
      h.client.on('view', check);
      h.client.emit('act', (reply: string) => {
        order.push(reply);
        check();
      });
    });
    await both;
    expect(order).toEqual(['ack', 'view']);
    expect(h.writes()).toBe(1);
  });

  it('keeps coalescing after a write: the flush Engine.IO asks for once a write is done takes no place ahead of the next views', async () => {
    const h = await harness({ coalesce: true });
    const got = receive(h.client, 'n', 3);
    h.socket.emit('n', 0);
    // Queued behind the flush of 0, so it runs once that write is done, in the same check phase.
    await new Promise<void>((resolve) =>
      setImmediate(() => {
        h.resetWrites();
        setImmediate(() => h.socket.emit('n', 2)); // the views, worked out in the next check phase
        h.socket.emit('n', 1); // an acknowledgement of this turn
        resolve();
      }),
    );
    expect(await got).toEqual([0, 1, 2]);
    expect(h.writes()).toBe(1);
  });

  it('delivers what was emitted just before the server disconnects the socket', async () => {
    const h = await harness({ coalesce: true });
    const got = receive(h.client, 'n', 2);
    const gone = new Promise<string>((resolve) => h.client.once('disconnect', resolve));
    h.socket.emit('n', 1);
    h.socket.emit('n', 2);
    h.socket.disconnect(true);
    expect(await got).toEqual([1, 2]);
    expect(await gone).toBe('io server disconnect');
  });

  it('delivers what was emitted just before the whole server closes (a shutdown discards every transport)', async () => {
    const h = await harness({ coalesce: true });
    const got = receive(h.client, 'n', 1);
    const gone = new Promise<string>((resolve) => h.client.once('disconnect', resolve));
    h.socket.emit('n', 1);
    void h.io.close();
    expect(await got).toEqual([1]);
    expect(await gone).toBe('transport close');
  });

  it('works over HTTP long-polling too (no TCP socket to cork), and after the upgrade to WebSocket', async () => {
    const h = await harness({ coalesce: true, transports: ['polling', 'websocket'] });
    const got = receive(h.client, 'n', 3);
    h.socket.emit('n', 1);
    if (h.socket.conn.transport.name !== 'websocket') {
      await new Promise<void>((resolve) => h.socket.conn.once('upgrade', () => resolve()));
    }
    h.socket.emit('n', 2);
    h.socket.emit('n', 3);
    expect(await got).toEqual([1, 2, 3]);
  });
});
