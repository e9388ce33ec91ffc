import type { ErrorReply } from '@mm/protocol';
import { fault } from '../errors';
import { clientAddress, type AddressLimits } from './address-limits';
import type { IoServer, IoSocket } from './io-types';

/** How long a refused connection stays open for its refusal to be read. */
const REFUSAL_LINGER_MS = 200;

interface EngineConnection {
  request?: { headers: Record<string, string | string[] | undefined>; socket?: { remoteAddress?: string } } | null;
  once(event: 'close', listener: () => void): void;
  close(): void;
}

/** The refusal a Socket.IO client reads in `connect_error` (`err.data` is the ErrorReply). */
export function refusal(reply: ErrorReply): Error & { data: ErrorReply } {
  return Object.assign(new Error(reply.message), { data: reply });
}

/**
 * Counts every connection (Engine.IO's, before any Socket.IO packet) per address. Past
 * `socketsPerAddress` a new socket is refused with TOO_MANY_CONNECTIONS and closed; twice that
 * many are closed on sight, so connections that never speak Socket.IO are bounded too. Must be
 * attached before anything drops the connection's request (its headers give the address).
 */
export function guardConnections(
  io: IoServer,
  limits: AddressLimits,
  opts: { socketsPerAddress: number; trustProxy: false | number | string[] },
): { addressOf(socket: IoSocket): string } {
  const addresses = new WeakMap<object, string>();
  io.engine.on('connection', (conn: EngineConnection) => {
    const address = clientAddress(conn.request as never, opts.trustProxy);
    if (!limits.open(address, opts.socketsPerAddress * 2)) return conn.close();
    addresses.set(conn, address);
    conn.once('close', () => limits.close(address));
  });
  const addressOf = (socket: IoSocket): string => addresses.get(socket.conn) ?? 'unknown';
  io.use((socket, next) => {
    if (limits.sockets(addressOf(socket)) <= opts.socketsPerAddress) return next();
    next(
      refusal(
        fault(
          'TOO_MANY_CONNECTIONS',
          `This address already holds ${opts.socketsPerAddress} connections: close some tabs and try again.`,
        ),
      ),
    );
    setTimeout(() => socket.conn.close(), REFUSAL_LINGER_MS).unref();
  });
  return { addressOf };
}
