/** A token bucket: `burst` messages at once, refilled at `perSecond`. */
export class TokenBucket {
  private tokens: number;
  private last: number;

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = Date.now,
  ) {
    this.tokens = burst;
    this.last = now();
  }

  private refill(): void {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.last) / 1000) * this.perSecond);
    this.last = t;
  }

  take(): boolean {
    this.refill();
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }

  /** Gives back one taken token (never past the burst). */
  give(): void {
    this.refill();
    this.tokens = Math.min(this.burst, this.tokens + 1);
  }

  /** Back to its full burst: forgetting it now changes nothing. */
  full(): boolean {
    this.refill();
    return this.tokens >= this.burst;
  }
}
