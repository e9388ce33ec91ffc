import type { Server } from 'socket.io';
import { coalesceWrites } from './coalesced-writes';
import { guardWrites, type WriteLimits } from './write-guard';

/**
 * Engine.IO has no public hook on a connection's writes: both guards below wrap its `flush`, which
 * it calls for every packet queued, each from its own `connection` listener, so the order they are
 * set in is the order they run in, outermost last. It is set here only: the coalescing first, the
 * write guard over it, so that the guard sees every packet as it is queued (and closes a connection
 * that reads nothing before its backlog grows further), and only what it lets through waits for the
 * turn's one write.
 */
export function shapeWrites(
  io: Server,
  limits: WriteLimits,
  onOverflow: (held: { packets: number; bytes: number }) => void,
): void {
  coalesceWrites(io);
  guardWrites(io, limits, onOverflow);
}
