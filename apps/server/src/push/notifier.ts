import type { AnyFamily, Seat } from '@mm/rules';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveRoom } from '../rooms/live-room';
import type { IoServer } from '../socket/io-types';
import { seatChannel } from '../socket/channels';
import { challengePayload, pushPayload, type RoomPushKind } from './messages';
import type { PushSender } from './sender';
import type { PushStore } from './store';

/** How long the record of a push is kept: longer than any turn lasts (the longest timer is 7 days). */
const CLAIM_KEPT_MS = 30 * 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

interface Occasion {
  seat: Seat;
  deviceId: string;
  kind: RoomPushKind;
  /** unique per occasion: one push for it, whichever process sees it and however often */
  key: string;
}

/**
 * Sends a device a push when one of its seats must act and nobody looks at that seat: no socket
 * in the seat's channel (on any server: the adapter answers), or every such page said it is
 * hidden (`presence`). Also when a match it played ends, and when a rematch waits for its vote.
 * It listens to RoomService's `onChange` and to presence changes; it never changes a room.
 */
export class PushNotifier {
  /** Per room: the match, and since which seq each seat has owed its current move (one turn, one push). */
  private readonly owing = new Map<string, { matchId: string; since: Map<Seat, number> }>();
  private readonly pending = new Set<Promise<void>>();
  private lastSweep = 0;

  constructor(
    private readonly io: IoServer,
    private readonly store: PushStore,
    private readonly sender: PushSender,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * After every committed change of a room: only occasions this process has not looked at yet
   * (a turn that goes on through other seats' moves was judged when it began), so a change costs
   * no database read unless a turn, an end or a rematch vote is new.
   */
  changed(room: LiveRoom): void {
    this.consider(
      room,
      this.occasionsOf(room).filter((o) => this.firstSight(room.id, o.key)),
    );
  }

  /** A seat's page went hidden or away: whoever owes a move now may need waking after all. */
  away(room: LiveRoom): void {
    this.consider(room, this.occasionsOf(room));
  }

  /** Keys of occasions already looked at, per room (a handful: they name the match and the seq). */
  private readonly seen = new Map<string, Set<string>>();

  private firstSight(roomId: string, key: string): boolean {
    // Forgetting is safe: the database's claim on each key still allows one push per occasion.
    if (this.seen.size > 10_000) this.seen.clear();
    let keys = this.seen.get(roomId);
    if (!keys || keys.size > 64) this.seen.set(roomId, (keys = new Set()));
    if (keys.has(key)) return false;
    keys.add(key);
    return true;
  }

  private consider(room: LiveRoom, occasions: Occasion[]): void {
    if (occasions.length === 0) return;
    const job = this.deliver(room.id, room.family, occasions).catch((err: unknown) =>
      this.log.warn({ err, roomId: room.id }, 'push failed'),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /**
   * A long turn timer (≥ 1 hour) of `seat` nears its end: one push, once per turn whichever process
   * sees it (the claim's key), unless a page of the seat is in view (it shows the countdown).
   */
  deadlineNear(room: LiveRoom, seat: Seat): void {
    const s = room.seats.find((x) => x.index === seat);
    if (!s?.deviceId || !s.tokenHash || s.bot) return;
    const occasion: Occasion = {
      seat,
      deviceId: s.deviceId,
      kind: 'deadline',
      key: `deadline:${room.matchId}:${room.seq}:${seat}`,
    };
    const job = this.deliver(room.id, room.family, [occasion]).catch((err: unknown) =>
      this.log.warn({ err, roomId: room.id }, 'push failed'),
    );
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
  }

  /** Waits until no push is under way (before the database closes; tests, to know nothing more will come). */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private occasionsOf(room: LiveRoom): Occasion[] {
    const status = room.status();
    const person = (seat: Seat): string | null => {
      const s = room.seats.find((x) => x.index === seat);
      return s?.deviceId && s.tokenHash ? s.deviceId : null;
    };
    if (status.finished) {
      this.owing.delete(room.id);
      return room.seats.flatMap((s): Occasion[] => {
        const deviceId = person(s.index);
        if (!deviceId) return [];
        const out: Occasion[] = [{ seat: s.index, deviceId, kind: 'finished', key: `end:${room.matchId}:${s.index}` }];
        if (room.rematchVotes.size > 0 && !room.rematchVotes.has(s.index) && !s.bot) {
          out.push({ seat: s.index, deviceId, kind: 'rematch', key: `rematch:${room.matchId}:${s.index}` });
        }
        return out;
      });
    }
    // A simultaneous start waiting for ready: nobody owes a move yet (its opening wakes them).
    if (!room.started) return [];
    let track = this.owing.get(room.id);
    if (!track || track.matchId !== room.matchId) this.owing.set(room.id, (track = { matchId: room.matchId, since: new Map() }));
    const since = new Map<Seat, number>();
    for (const seat of status.toAct) since.set(seat, track.since.get(seat) ?? room.seq);
    track.since = since;
    return status.toAct.flatMap((seat): Occasion[] => {
      const deviceId = person(seat);
      const seated = room.seats.find((x) => x.index === seat);
      // A bot plays the seat (its own or for someone away): nobody needs waking.
      if (!deviceId || seated?.bot) return [];
      return [{ seat, deviceId, kind: 'turn', key: `turn:${room.matchId}:${since.get(seat) ?? room.seq}:${seat}` }];
    });
  }

  private async deliver(roomId: string, family: AnyFamily, occasions: Occasion[]): Promise<void> {
    if (Date.now() - this.lastSweep > SWEEP_EVERY_MS) {
      this.lastSweep = Date.now();
      await this.store.forgetClaimsBefore(new Date(this.lastSweep - CLAIM_KEPT_MS));
    }
    for (const o of occasions) {
      // Subscriptions first: most devices have none, and asking every process who holds the
      // seat (fetchSockets) is the dearer look of the two.
      const all = await this.store.subscriptionsOfSeat(roomId, o.seat);
      if (all.length === 0) continue;
      // Every device of the player that does not show the seat gets one push.
      const looking = await this.devicesLooking(roomId, o.seat);
      if (looking === 'all') continue;
      const subs = all.filter((sub) => !looking.has(sub.deviceId));
      if (subs.length === 0) continue;
      if (!(await this.store.claimOnce(o.key))) continue;
      await Promise.all(
        subs.map(async (sub) => {
          const outcome = await this.sender.send(sub, pushPayload(o.kind, sub.lang, family, roomId));
          if (outcome === 'gone') await this.store.forget(sub.endpoint);
          else if (outcome !== 'sent') this.log.info({ roomId, outcome }, 'push not delivered');
        }),
      );
    }
  }

  /**
   * The devices with a page that holds the seat and has not said it is hidden; 'all' when such a
   * page named no device (it may be on any of them).
   */
  private async devicesLooking(roomId: string, seat: Seat): Promise<ReadonlySet<string> | 'all'> {
    const sockets = await this.io.in(seatChannel(roomId, seat)).fetchSockets();
    const looking = new Set<string>();
    for (const s of sockets) {
      if (s.data.visible === false) continue;
      const deviceId = s.data.principal?.deviceId ?? null;
      if (deviceId === null) return 'all';
      looking.add(deviceId);
    }
    return looking;
  }

  /** A friend challenged `playerId`: every device of theirs hears of it, in its own language, once. */
  challenged(playerId: string, challengerName: string, challengeId: string): void {
    const work = (async () => {
      const subs = await this.store.subscriptionsOfPlayer(playerId);
      if (subs.length === 0 || !(await this.store.claimOnce(`challenge:${challengeId}`))) return;
      await Promise.all(
        subs.map(async (sub) => {
          const outcome = await this.sender.send(sub, challengePayload(sub.lang, challengerName, challengeId));
          if (outcome === 'gone') await this.store.forget(sub.endpoint);
          else if (outcome !== 'sent') this.log.info({ challengeId, outcome }, 'push not delivered');
        }),
      );
    })()
      .catch((err: unknown) => this.log.warn({ err, challengeId }, 'challenge push failed'))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }
}
