import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Redis } from '../redis';
import { keepSubscriptions } from './redis';

/** The subscribing part of a Redis client, refusing its first `refusals` subscriptions (a cluster node away). */
class FlakySubscriber {
  asked: string[] = [];
  held = new Set<string>();
  constructor(private refusals: number) {}
  sSubscribe(channel: string): Promise<void> {
    this.asked.push(channel);
    if (this.refusals-- > 0) return Promise.reject(new Error('node unreachable'));
    this.held.add(channel);
    return Promise.resolve();
  }
  sUnsubscribe(channel: string): Promise<void> {
    this.held.delete(channel);
    return Promise.reject(new Error('node unreachable'));
  }
}

interface Subscribing {
  sSubscribe(channel: string, listener: () => void, bufferMode: true): Promise<void>;
  sUnsubscribe(channel: string): Promise<void>;
}
const quiet = { warn: () => undefined, info: () => undefined };
/** The subscriber as the adapter sees it once keepSubscriptions has wrapped it. */
const kept = (sub: FlakySubscriber): Subscribing => {
  keepSubscriptions({ client: sub } as unknown as Pick<Redis, 'client'>, quiet);
  return sub as unknown as Subscribing;
};

describe("the adapter's room subscriptions", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks again for a subscription Redis refused until it holds, never rejecting to the adapter', async () => {
    const sub = new FlakySubscriber(2);
    await expect(kept(sub).sSubscribe('socket.io#/#room:a#', () => undefined, true)).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sub.asked).toEqual(['socket.io#/#room:a#', 'socket.io#/#room:a#', 'socket.io#/#room:a#']);
    expect(sub.held.has('socket.io#/#room:a#')).toBe(true);
  });

  it('stops asking once the room is let go, and a refused unsubscription is no error', async () => {
    const sub = new FlakySubscriber(1);
    const client = kept(sub);
    await client.sSubscribe('socket.io#/#room:b#', () => undefined, true);
    await expect(client.sUnsubscribe('socket.io#/#room:b#')).resolves.toBeUndefined();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(sub.asked).toEqual(['socket.io#/#room:b#']);
    expect(sub.held.has('socket.io#/#room:b#')).toBe(false);
  });
});
