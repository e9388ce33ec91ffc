import type { Server } from 'socket.io';
import { isEngineConnection, tcpOf } from './engine-connection';

export interface WriteLimits {
  /** packets waiting in Engine.IO's buffer of one connection (the transport not ready for more) */
  maxQueuedPackets: number;
  /** bytes the connection's TCP socket holds unsent in memory */
  maxBufferedBytes: number;
}

/** How much a connection holds unsent: the packets Engine.IO queued, the bytes its TCP socket buffers. */
export function unsent(conn: unknown): { packets: number; bytes: number } {
  if (!isEngineConnection(conn)) return { packets: 0, bytes: 0 };
  return { packets: conn.writeBuffer.length, bytes: tcpOf(conn)?.writableLength ?? 0 };
}

/**
 * A client that sends but never reads its replies makes the server hold them: first in the
 * kernel, then in the TCP socket's own buffer, then in Engine.IO's queue, without bound. Every
 * packet queued for a connection passes here (Engine.IO calls `flush` for each): once the
 * connection holds more than the limits, it is closed at once and what it held is dropped
 * (a client that reads nothing would not read it anyway; an honest one reconnects and re-syncs).
 */
export function guardWrites(
  io: Server,
  limits: WriteLimits,
  onOverflow: (held: { packets: number; bytes: number }) => void,
): void {
  io.engine.on('connection', (conn: unknown) => {
    if (!isEngineConnection(conn)) return;
    const flush = conn.flush.bind(conn);
    conn.flush = () => {
      const held = unsent(conn);
      if (conn.readyState === 'open' && (held.packets > limits.maxQueuedPackets || held.bytes > limits.maxBufferedBytes)) {
        const tcp = tcpOf(conn);
        // Discarded: closing must not wait for a drain that a reader who reads nothing never gives.
        conn.close(true);
        tcp?.destroy();
        onOverflow(held);
        return;
      }
      flush();
    };
  });
}
