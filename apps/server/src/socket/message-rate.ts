import { TokenBucket } from '../shared/token-bucket';

export interface MessageRateSettings {
  /** messages a socket may send at once, refilled at `perSecond` */
  burst: number;
  perSecond: number;
  /** dropped messages within `strikeWindowMs` after which the socket is closed */
  maxDropped: number;
  strikeWindowMs: number;
  /**
   * room joins a socket may make at once, refilled at `joinsPerMinute`: a join builds a whole reply
   * (the room, the socket's view) and may read the store, so it costs more than a message
   */
  joinBurst: number;
  joinsPerMinute: number;
  /**
   * reactions (`room:react`) a socket may send at once, refilled at `reactionsPer10s`: each one is
   * shown on every phone of the room, so a few per 10 s, far below the message rate
   */
  reactionBurst: number;
  reactionsPer10s: number;
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
  private readonly joins: TokenBucket;
  private readonly reactions: TokenBucket;
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
    this.joins = new TokenBucket(settings.joinBurst, settings.joinsPerMinute / 60, now);
    this.reactions = new TokenBucket(settings.reactionBurst, settings.reactionsPer10s / 10, now);
  }

  /** A reaction, on top of the message it is (`check` first): false when the socket has reacted too often. */
  react(): boolean {
    return this.reactions.take();
  }

  /** A room join, on top of the message it is (`check` first): false when the socket has joined too often. */
  join(): boolean {
    return this.joins.take();
  }

  /** A join that cost nothing after all (refused for the room's crowd): the page retries it, and that is not a loop. */
  refundJoin(): void {
    this.joins.give();
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
