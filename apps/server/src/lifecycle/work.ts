/**
 * Counts the messages being handled, so that a shutdown lets them finish (committed and
 * acknowledged) and handles none that arrive after: every message is either done and
 * answered, or never begun (its sender sends it again once reconnected elsewhere).
 */
export class InFlight {
  private count = 0;
  private closing = false;
  private idle: (() => void)[] = [];

  /** False once closing: the message is not handled. Otherwise pair with end(). */
  begin(): boolean {
    if (this.closing) return false;
    this.count++;
    return true;
  }

  end(): void {
    this.count--;
    if (this.count === 0) for (const resolve of this.idle.splice(0)) resolve();
  }

  get running(): number {
    return this.count;
  }

  /** Takes no new work; resolves when the running work is done or at `deadline` (ms since the epoch), whichever comes first. */
  async close(deadline: number): Promise<void> {
    this.closing = true;
    if (this.count === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      new Promise<void>((resolve) => this.idle.push(resolve)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now())))),
    ]);
    clearTimeout(timer);
  }
}
