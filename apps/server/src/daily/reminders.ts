import type { FastifyBaseLogger } from 'fastify';
import { puzzleNumberOf } from '@mm/rules';
import { dailyReminderPayload } from '../push/messages';
import type { PushSender } from '../push/sender';
import type { PushStore } from '../push/store';
import type { DailyStore } from './store';

const MINUTE_MS = 60_000;

/**
 * The daily reminder (docs/rules.md §6.2): at each player's chosen local hour, one push to the
 * subscribed devices of the player, unless their attempt at their today's puzzle has ended. Every
 * process looks each minute; the claim `daily:<player>:<n>` (PushSent) lets one push through per
 * player and puzzle, however many processes and minutes see the hour.
 */
export class DailyReminders {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      daily: DailyStore;
      push: PushStore;
      sender: PushSender;
      now: () => Date;
      log: FastifyBaseLogger;
    },
  ) {}

  start(everyMs = MINUTE_MS): void {
    this.timer ??= setInterval(() => {
      this.tick().catch((err: unknown) => this.deps.log.warn({ err }, 'daily reminders failed'));
    }, everyMs).unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Sends what is due now; resolves once it is sent. */
  async tick(): Promise<void> {
    const { daily, push, sender } = this.deps;
    const now = this.deps.now();
    for (const { playerId, utcOffsetMinutes } of await daily.remindersDue(now)) {
      const local = new Date(now.getTime() + utcOffsetMinutes * MINUTE_MS).toISOString().slice(0, 10);
      const n = puzzleNumberOf(local);
      await daily.settleFromMatches(n);
      const attempt = await daily.find(playerId, n);
      if (attempt && attempt.status !== 'playing') continue;
      const subs = await push.subscriptionsOf(await daily.devicesOf(playerId));
      if (subs.length === 0 || !(await push.claimOnce(`daily:${playerId}:${n}`))) continue;
      await Promise.all(
        subs.map(async (sub) => {
          const outcome = await sender.send(sub, dailyReminderPayload(sub.lang, n));
          if (outcome === 'gone') await push.forget(sub.endpoint);
          else if (outcome !== 'sent') this.deps.log.info({ outcome }, 'daily reminder not delivered');
        }),
      );
    }
  }
}
