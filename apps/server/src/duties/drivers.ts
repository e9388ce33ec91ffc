import type { SolverPool } from '../bots/solver-pool';
import type { Leases } from '../db/leases-store';
import type { LiveRoom } from '../rooms/live-room';
import type { RoomService } from '../rooms/room-service';
import type { Seat } from '@mm/rules';
import { Attention, type PresenceOf } from './attention';
import { BotDriver } from './bot-driver';
import { botDuty } from './bot-duty';
import { ChallengeExpiry, challengeDuty } from './challenge-duty';
import { LeaseKeeper } from './lease-keeper';
import type { Logger } from './logger';
import { DutyScheduler } from './scheduler';
import { StartDriver, startDuty } from './start-duty';
import { TimeoutDriver, timeoutDuty } from './timeout-duty';

/** The drivers of what the server owes rooms, under one lease per room, and the scheduler over them. */
export interface Duties {
  leases: LeaseKeeper;
  bots: BotDriver;
  timeouts: TimeoutDriver;
  /** opens simultaneous starts when their countdown ends */
  starts: StartDriver;
  challenges: ChallengeExpiry;
  scheduler: DutyScheduler;
  /** the drivers, in the order they stop at a shutdown (each takes no new work, and what it is submitting finishes) */
  drivers: readonly { close(): Promise<void> }[];
}

export interface DutiesDeps {
  rooms: RoomService;
  leases: Leases;
  log: Logger;
  options: { leaseMs: number; giveUpMs: number; botDelayMs: number };
  solver: SolverPool | null;
  /** who looks at a room: the bots of one nobody plays in or watches wait */
  presence: PresenceOf;
  /** tells the other processes to look at a room's duties now (absent on one process) */
  nudge?: (roomId: string) => void;
  /** a seat's deadline is near (a push) */
  onNear: (room: LiveRoom, seat: Seat) => void;
  /** how late a bot's move or a timeout ran (metrics) */
  onLag?: (kind: 'bot' | 'timeout', ms: number) => void;
}

/** The leases first: each driver and the scheduler take them when they are made. */
export function createDuties(deps: DutiesDeps): Duties {
  const { rooms: service, log, onLag } = deps;
  const leases = new LeaseKeeper(
    deps.leases,
    { leaseMs: deps.options.leaseMs, giveUpMs: deps.options.giveUpMs, ...(deps.nudge ? { nudge: deps.nudge } : {}) },
    log,
  );
  const gate = leases;
  const bots = new BotDriver({
    service,
    gate,
    delayMs: deps.options.botDelayMs,
    log,
    solver: deps.solver,
    attention: new Attention(deps.presence),
    ...(onLag ? { onLag: (ms: number) => onLag('bot', ms) } : {}),
  });
  const timeouts = new TimeoutDriver({
    service,
    gate,
    log,
    onNear: deps.onNear,
    ...(onLag ? { onLag: (ms: number) => onLag('timeout', ms) } : {}),
  });
  const challenges = new ChallengeExpiry({ service, gate, log });
  const starts = new StartDriver({ service, gate, log });
  const scheduler = new DutyScheduler(
    leases,
    service,
    [botDuty(bots), timeoutDuty(timeouts), challengeDuty(challenges), startDuty(starts)],
    { tickMs: Math.max(50, Math.round(deps.options.leaseMs / 6)) },
    log,
  );
  return {
    leases,
    bots,
    timeouts,
    starts,
    challenges,
    scheduler,
    drivers: [bots, timeouts, challenges, starts],
  };
}
