import { roomDelta, type HeldRoom, type RoomDelta, type RoomUpdate } from '@mm/protocol';
import type { LiveRoom } from '../rooms/live-room';
import type { IoServer } from './io-types';

type Adapter = IoServer['sockets']['adapter'];

/** A seat's or the watchers' channel (`room:<id>:seat:<n>`, `room:<id>:watch`): where views go. */
const viewChannel = /^room:[^:]+:(seat:\d+|watch)$/;

/**
 * What each seat's and the watchers' channel of a room was sent last, so that the next update of
 * the channel goes out as a delta from it. Every socket of a channel got the same frames in order;
 * a socket that joins one holds what its join reply gave it instead, so the channel's next update
 * goes out whole, and so does one after actions another process stored (and announced) were folded in. Kept per LiveRoom object: a room that leaves memory takes its views with it.
 */
export class ChannelViews {
  private readonly last = new WeakMap<LiveRoom, Map<string, { update: RoomUpdate; foldedIn: number }>>();
  /** channels a socket of this process joined since their last update */
  private readonly joined = new Set<string>();
  private watching: Adapter | null = null;

  constructor(private readonly io: IoServer) {}

  /**
   * Records `update` as the channel's newest and returns the delta to send instead, or null when
   * the channel must get the update whole (nothing sent before, a new listener, a new match).
   */
  next(room: LiveRoom, channel: string, update: RoomUpdate): RoomDelta | null {
    this.watchJoins();
    let views = this.last.get(room);
    if (!views) this.last.set(room, (views = new Map()));
    const before = views.get(channel);
    views.set(channel, { update, foldedIn: room.foldedIn });
    const newcomer = this.joined.delete(channel);
    // Actions of another process folded in since: it announced them (a room's seats on several
    // processes), so the channel's sockets hold its update, not ours: whole, rather than a gap.
    if (!before || newcomer || update.snapshot === null || before.foldedIn !== room.foldedIn) return null;
    return roomDelta(before.update, update as HeldRoom);
  }

  /** The room's channels build on nothing any more: their next updates go out whole. */
  forget(room: LiveRoom): void {
    this.last.delete(room);
  }

  // The adapter may be replaced after start-up (the Redis adapter): follow the current one.
  private watchJoins(): void {
    const adapter = this.io.of('/').adapter;
    if (adapter === this.watching) return;
    this.watching = adapter;
    this.joined.clear();
    adapter.on('join-room', (channel: string) => {
      if (viewChannel.test(channel)) this.joined.add(channel);
    });
    adapter.on('delete-room', (channel: string) => this.joined.delete(channel));
  }
}
