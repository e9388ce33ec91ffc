import { createHash } from 'node:crypto';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { ROOM_QUERY_PARAM } from '@mm/protocol';

/** Points of each backend on the ring, as nginx's `hash … consistent` (ketama) puts 160 per server. */
const POINTS_PER_BACKEND = 160;

const hash32 = (text: string): number => createHash('sha1').update(text).digest().readUInt32BE(0);

/**
 * The shape of deploy/nginx.conf's routing, in a test's reach (nginx is not installed where tests
 * run): each TCP connection goes to the backend its first request's room (`?room=<id>`, the web
 * client's query) falls to on a consistent-hash ring, so every connection of a room reaches the
 * same process; a backend that refuses the connection is skipped for the next one on the ring
 * (nginx's `proxy_next_upstream error`). The ring is nginx's idea, not its exact hash function.
 */
export class RoomProxy {
  /** the backend (its index) of every connection routed, in order, with the room it named */
  readonly routed: { room: string; backend: number }[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly ring: { point: number; backend: number }[];

  private constructor(
    private readonly server: Server,
    private readonly backends: readonly { host: string; port: number }[],
    readonly port: number,
  ) {
    this.ring = backends
      .flatMap((b, backend) =>
        Array.from({ length: POINTS_PER_BACKEND }, (_, i) => ({ point: hash32(`${b.host}:${b.port}-${i}`), backend })),
      )
      .sort((x, y) => x.point - y.point);
  }

  static async start(backends: readonly { host: string; port: number }[]): Promise<RoomProxy> {
    const ref: { proxy?: RoomProxy } = {};
    const server = createServer((client) => ref.proxy!.accept(client));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    ref.proxy = new RoomProxy(server, backends, typeof address === 'object' && address ? address.port : 0);
    return ref.proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The backends in the order a room's connection tries them: its place on the ring, then onwards. */
  order(room: string): number[] {
    const key = hash32(room);
    const start = Math.max(
      0,
      this.ring.findIndex((p) => p.point >= key),
    );
    const order: number[] = [];
    for (let i = 0; i < this.ring.length && order.length < this.backends.length; i++) {
      const { backend } = this.ring[(start + i) % this.ring.length]!;
      if (!order.includes(backend)) order.push(backend);
    }
    return order;
  }

  private accept(client: Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    let head = Buffer.alloc(0);
    const onData = (chunk: Buffer): void => {
      head = Buffer.concat([head, chunk]);
      const line = head.indexOf('\r\n');
      if (line < 0) return;
      client.off('data', onData);
      client.pause();
      const target = head.subarray(0, line).toString().split(' ')[1] ?? '/';
      const room = new URL(target, 'http://proxy').searchParams.get(ROOM_QUERY_PARAM) ?? '';
      this.forward(client, head, room, this.order(room));
    };
    client.on('data', onData);
  }

  private forward(client: Socket, head: Buffer, room: string, left: number[]): void {
    const backend = left[0];
    if (backend === undefined) return void client.destroy();
    const upstream = connect(this.backends[backend]!.port, this.backends[backend]!.host);
    upstream.once('error', () => {
      // Refused (the process is dead): the next backend on the ring, as nginx's proxy_next_upstream.
      upstream.destroy();
      if (!client.destroyed) this.forward(client, head, room, left.slice(1));
    });
    upstream.once('connect', () => {
      this.routed.push({ room, backend });
      this.sockets.add(upstream);
      upstream.on('close', () => {
        this.sockets.delete(upstream);
        client.destroy();
      });
      upstream.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
      upstream.write(head);
      client.pipe(upstream);
      upstream.pipe(client);
      client.resume();
    });
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
