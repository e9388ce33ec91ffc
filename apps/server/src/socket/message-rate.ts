import { TokenBucket } from './rate-limit';

export interface MessageRateSettings {
  /** messages a socket may send at once, refilled at `perSecond` */
  burst: number;
  perSecond: number;
  /** dropped messages within `strikeWindowMs` after which the socket is closed */
  maxDropped: number;
  strikeWindowMs: number;
}

/**
 * - `pass`: handle the message;
 * - `refuse`: over the rate, the first of this window: answer it (RATE_LIMITED);
 * - `drop`: over the rate again: no answer of its own, it is counted in the window's summary;
 * - `close`: over the rate for too long: the socket goes.
 */
export type Verdict = 'pass' | 'refuse' | 'drop' | 'close';

/**
 * One socket's message rate. A socket over its rate used to get one error frame per dropped
 * message: a client that sends without reading made the server queue those frames without
 * end. Here a window's drops are answered once, then summed up in one frame at its end
 * (`summary`), and a socket that keeps dropping messages is closed.
 */
export class MessageRate {
  private readonly bucket: TokenBucket;
  /** drops not answered yet, for the window's summary */
  private unreported = 0;
  private windowOpen = false;
  private strikes = 0;
  private strikesSince = 0;

  constructor(
    private readonly settings: MessageRateSettings,
    private readonly now: () => number = Date.now,
  ) {
    this.bucket = new TokenBucket(settings.burst, settings.perSecond, now);
  }

  check(): Verdict {
    if (this.bucket.take()) return 'pass';
    const t = this.now();
    if (t - this.strikesSince > this.settings.strikeWindowMs) {
      this.strikes = 0;
      this.strikesSince = t;
    }
    if (++this.strikes > this.settings.maxDropped) return 'close';
    if (!this.windowOpen) {
      this.windowOpen = true;
      return 'refuse';
    }
    this.unreported++;
    return 'drop';
  }

  /** Ends the window that the last `refuse` opened: how many messages were dropped unanswered since. */
  summary(): number {
    const n = this.unreported;
    this.unreported = 0;
    this.windowOpen = false;
    return n;
  }
}
