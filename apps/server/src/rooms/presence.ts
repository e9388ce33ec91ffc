import type { Seat } from '@mm/rules';

/** Who is in a room now, as whoever sees the sockets counts them. */
export interface Presence {
  /** seats with at least one socket */
  connected: ReadonlySet<Seat>;
  /** sockets watching */
  spectators: number;
}

/**
 * Reads who is in a room: what the HTTP answers and the room service need of the transport,
 * without depending on it (the socket layer's `Broadcaster` is one). `fresh`: with several
 * processes, ask them all now rather than trust what was kept.
 */
export interface PresenceReader {
  presence(roomId: string, opts?: { fresh?: boolean }): Promise<Presence>;
}

/**
 * Who is in a room now (asked of every process) and, by the clock of the server that watches the
 * sockets, how long the person of each seat has been seen gone: what a takeover is judged by.
 */
export interface Absence {
  connected: ReadonlySet<Seat>;
  /** 0 when the seat's person is here or was never seen gone */
  awayMs: (seat: Seat) => number;
}
