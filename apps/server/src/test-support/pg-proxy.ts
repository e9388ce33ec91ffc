import { createConnection, createServer, type Server, type Socket } from 'node:net';

/** How the proxy treats traffic: pass it, hold it (a hung database), or refuse it (a database gone). */
export type ProxyMode = 'open' | 'frozen' | 'cut';

interface Pair {
  client: Socket;
  upstream: Socket;
}

/**
 * A TCP proxy in front of PostgreSQL that a test can freeze (connections stay open, nothing
 * flows either way: a hung server or network) or cut (every connection reset, new ones
 * refused: a stopped server), then open again. Point a server's DATABASE_URL at `urlFor(...)`.
 */
export class PgProxy {
  private mode: ProxyMode = 'open';
  private readonly pairs = new Set<Pair>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(target: { host: string; port: number } = { host: '127.0.0.1', port: 5432 }): Promise<PgProxy> {
    let proxy: PgProxy | null = null;
    const server = createServer((client) => proxy?.accept(client, target));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (typeof address !== 'object' || !address) throw new Error('the proxy has no port');
    proxy = new PgProxy(server, address.port);
    return proxy;
  }

  /** `databaseUrl` with its host and port replaced by the proxy's. */
  urlFor(databaseUrl: string): string {
    const url = new URL(databaseUrl);
    url.hostname = '127.0.0.1';
    url.port = String(this.port);
    return url.toString();
  }

  /** Connections through the proxy now open. */
  get connections(): number {
    return this.pairs.size;
  }

  /** Nothing flows any more; connections stay open and new ones are accepted but hang. */
  freeze(): void {
    this.mode = 'frozen';
    for (const p of this.pairs) {
      p.client.pause();
      p.upstream.pause();
    }
  }

  /** Every connection is reset and new ones are refused. */
  cut(): void {
    this.mode = 'cut';
    for (const p of this.pairs) {
      p.client.destroy();
      p.upstream.destroy();
    }
    this.pairs.clear();
  }

  /** Traffic flows again (held connections resume where they were). */
  open(): void {
    this.mode = 'open';
    for (const p of this.pairs) {
      p.client.resume();
      p.upstream.resume();
    }
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, target: { host: string; port: number }): void {
    if (this.mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = createConnection(target);
    const pair: Pair = { client, upstream };
    this.pairs.add(pair);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
      this.pairs.delete(pair);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.mode === 'frozen') {
      client.pause();
      upstream.pause();
    }
  }
}
