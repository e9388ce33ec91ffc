/**
 * Presence news (a socket came, went, or changed seat) travels as a full room update to everyone
 * in the room: sent for every join, a crowd joining — or one socket joining over and over — makes
 * the room's traffic grow with the joins. Here the changes of one room within `delayMs` become one
 * update, sent at the end of that window (trailing edge), so a room gets at most 1000/delayMs
 * presence updates a second whatever the joins. The update carries the newest presence then.
 */
export class PresenceCoalescer {
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(
    private readonly delayMs: number,
    private readonly flush: (roomId: string) => void,
  ) {}

  changed(roomId: string): void {
    if (this.pending.has(roomId)) return;
    this.pending.set(
      roomId,
      setTimeout(() => {
        this.pending.delete(roomId);
        this.flush(roomId);
      }, this.delayMs).unref(),
    );
  }

  /** Rooms with an update still to go (for tests and shutdown). */
  get size(): number {
    return this.pending.size;
  }

  close(): void {
    for (const t of this.pending.values()) clearTimeout(t);
    this.pending.clear();
  }
}
