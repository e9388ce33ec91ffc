import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import { proxyTrust } from '../config';
import { TokenBucket } from '../shared/token-bucket';

export interface AddressLimitSettings {
  /** sockets one address may hold open */
  socketsPerAddress: number;
  /** room joins one address may make at once, refilled at `joinsPerSecond` */
  joinBurst: number;
  joinsPerSecond: number;
}

/**
 * The address a connection comes from, read as Fastify reads request.ip (the same proxy-addr and
 * the same TRUST_PROXY): behind trusted proxies the nearest X-Forwarded-For entry that no trusted
 * proxy wrote; entries on its left are whatever the client sent and never pick the address.
 */
export function clientAddress(req: IncomingMessage | null | undefined, trustProxy: false | number | string[]): string {
  if (!req?.socket) return 'unknown';
  if (trustProxy === false) return req.socket.remoteAddress ?? 'unknown';
  const trust = proxyTrust(trustProxy);
  return proxyAddr(req, trust === false ? [] : trust);
}

interface Entry {
  sockets: number;
  joins: TokenBucket;
}

/**
 * Per-address bounds of the socket transport: how many sockets one address holds open, and how
 * often it may join rooms (each join reads the room from the database and may change presence).
 * An address is forgotten once it holds no socket and its join bucket has filled up again, so
 * closing every socket does not buy a fresh bucket.
 */
export class AddressLimits {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(
    private readonly settings: AddressLimitSettings,
    private readonly now: () => number = Date.now,
    sweepMs = 60_000,
  ) {
    this.sweeper = setInterval(() => this.sweep(), sweepMs).unref();
  }

  private entry(address: string): Entry {
    let e = this.entries.get(address);
    if (!e) {
      e = { sockets: 0, joins: new TokenBucket(this.settings.joinBurst, this.settings.joinsPerSecond, this.now) };
      this.entries.set(address, e);
    }
    return e;
  }

  /** A connection opened from `address`; false (and not counted) when the address already holds `limit`. */
  open(address: string, limit = this.settings.socketsPerAddress): boolean {
    const e = this.entry(address);
    if (e.sockets >= limit) return false;
    e.sockets++;
    return true;
  }

  close(address: string): void {
    const e = this.entries.get(address);
    if (e && e.sockets > 0) e.sockets--;
  }

  sockets(address: string): number {
    return this.entries.get(address)?.sockets ?? 0;
  }

  /** One room join from `address`, if its bucket allows. */
  join(address: string): boolean {
    return this.entry(address).joins.take();
  }

  /** Addresses remembered (bounded by those with open sockets or a bucket still refilling). */
  get size(): number {
    return this.entries.size;
  }

  sweep(): void {
    for (const [address, e] of this.entries) if (e.sockets === 0 && e.joins.full()) this.entries.delete(address);
  }

  stop(): void {
    clearInterval(this.sweeper);
  }
}
