import type { Server } from 'socket.io';
import { isEngineConnection, tcpOf, type EngineConnection } from './engine-connection';

/**
 * One socket write per connection per event-loop turn, instead of one per frame.
 *
 * Engine.IO writes each packet as soon as it is emitted, and ws writes each frame with a
 * `writev` of its own: an action cost its actor two writes (the acknowledgement, then its view
 * one turn later) and every other seat one, and those system calls were the largest part of the
 * server's busy time under load. Here a connection's flush waits for the check phase of the
 * loop (`setImmediate`), queued after the broadcaster's own: by then the acknowledgements of a
 * group commit and the views worked out from it sit in the connection's buffer together, and go
 * out under one cork of the TCP socket, as one `writev`. Per-connection order is unchanged
 * (Engine.IO's buffer is a queue), and nothing emitted is dropped by the wait: a connection
 * being closed (even discarded, as `io.close()` does) first writes what it has buffered.
 */
export function coalesceWrites(io: Server): void {
  const due = new Set<EngineConnection>();
  const flushers = new WeakMap<EngineConnection, () => void>();
  let scheduled = false;

  /** Writes what the connection has buffered, if anything: one `writev` for all of it. */
  const flushNow = (conn: EngineConnection): void => {
    if (!due.delete(conn) || conn.readyState === 'closed') return;
    const tcp = tcpOf(conn);
    tcp?.cork();
    try {
      flushers.get(conn)?.();
    } finally {
      tcp?.uncork();
    }
  };

  io.engine.on('connection', (conn: unknown) => {
    if (!isEngineConnection(conn)) return;
    // Every caller (a new packet, the transport ready again after a write, an upgrade) now waits for the turn's end.
    flushers.set(conn, conn.flush.bind(conn));
    conn.flush = () => {
      // Engine.IO also flushes after every completed write, mostly with nothing left to send: such
      // a flush must not take a place in the check phase ahead of the next turn's broadcaster.
      if (conn.writeBuffer.length === 0) return;
      due.add(conn);
      if (scheduled) return;
      scheduled = true;
      setImmediate(() => {
        scheduled = false;
        for (const c of due) flushNow(c);
      });
    };
    // Closing (the server shutting down closes and discards every transport) sends what was emitted before.
    const close = conn.close.bind(conn);
    conn.close = (...args: unknown[]) => {
      flushNow(conn);
      close(...args);
    };
  });
}
