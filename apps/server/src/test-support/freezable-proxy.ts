import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a real service (PostgreSQL, Redis) that a test can freeze: while
 * frozen, bytes are held in both directions (a hung server, connections still open); thawed,
 * they flow again.
 */
export class FreezableProxy {
  private frozen = false;
  private readonly pairs = new Set<[Socket, Socket]>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<FreezableProxy> {
    const ref: { proxy?: FreezableProxy } = {};
    const server = createServer((client) => {
      const proxy = ref.proxy!;
      const upstream = connect(target.port, target.host);
      const pair: [Socket, Socket] = [client, upstream];
      proxy.pairs.add(pair);
      if (proxy.frozen) for (const s of pair) s.pause();
      client.pipe(upstream);
      upstream.pipe(client);
      const drop = (): void => {
        proxy.pairs.delete(pair);
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    ref.proxy = new FreezableProxy(server, typeof address === 'object' && address ? address.port : 0);
    return ref.proxy;
  }

  freeze(): void {
    this.frozen = true;
    for (const pair of this.pairs) for (const s of pair) s.pause();
  }

  thaw(): void {
    this.frozen = false;
    for (const pair of this.pairs) for (const s of pair) s.resume();
  }

  async close(): Promise<void> {
    for (const pair of this.pairs) for (const s of pair) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
