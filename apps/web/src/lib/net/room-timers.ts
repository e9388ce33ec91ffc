type Timer = ReturnType<typeof setTimeout>;

/** The room client's timers and join waiters, all ended at once when the client is destroyed. */
export class RoomTimers {
  #timers = new Set<Timer>();
  #waiters: (() => void)[] = [];
  #stopped = false;

  /** Runs `fn` after `ms` unless stopped before. */
  later(fn: () => void, ms: number): Timer {
    const t = setTimeout(() => {
      this.#timers.delete(t);
      if (!this.#stopped) fn();
    }, ms);
    this.#timers.add(t);
    return t;
  }

  cancel(t: Timer): void {
    clearTimeout(t);
    this.#timers.delete(t);
  }

  pause(ms: number): Promise<void> {
    return new Promise((resolve) => this.later(resolve, ms));
  }

  /** Resolves at the next `release()`, or after `timeoutMs`. */
  wait(timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#timers.delete(timer);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      this.#timers.add(timer);
      this.#waiters.push(done);
    });
  }

  release(): void {
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }

  stop(): void {
    this.#stopped = true;
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
  }
}
