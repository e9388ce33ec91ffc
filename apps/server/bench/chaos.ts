/**
 * A seeded chaos run, never a test: numbers printed, nothing asserted.
 *
 *  1. SIGKILL sweep, on PostgreSQL (two processes and Redis) and on the embedded database (one
 *     process): scripted players play duels through the sockets and resend what was not
 *     acknowledged; at seeded moments a process is SIGKILLed and restarted. Afterwards the log is
 *     read back: every acknowledged action must be in it (lost), none twice (duplicated).
 *  2. Bot failover: the process holding a bot's room is SIGKILLed right after a person's move;
 *     how long until the other process has played the bot (20 trials).
 *  3. A reconnect storm: 2,000 sockets claim seats at once, the server restarts, all rejoin with their tokens.
 *  4. Drain: SIGTERM with sockets and kept-alive connections open; time until the process has exited.
 *  5. Bot-room load: 60 rooms of strong bots only at 6 holes and 10 colours, each watched (a room of
 *     bots only that nobody watches pauses: src/duties/attention.ts), BOT_ROOMS_PER_IP lifted to
 *     their number; an honest socket's acknowledgement times (its own room:join, answered by the
 *     event loop) meanwhile.
 *  6. Join flood: 1,000 hostile sockets each re-join a room once a second while two people play in
 *     it; the honest player's ack p50/p99 and /api/health's latency, once with the per-address
 *     bounds as shipped (every socket comes from 127.0.0.1) and once lifted (as if from 1,000 addresses).
 *  7. Redis blip: Redis killed for 2 s between two processes; time until the seat that missed a move has it.
 *  8. A crowd of admitted watchers: SPECTATORS_PER_ROOM=1000 and 600 watchers, one address each, re-joining
 *     once a second while two people play; the honest player's connect time and ack p50/p99.
 *  9. PostgreSQL freeze: 20 s behind a proxy under live play on two processes; time until every bot and
 *     timer room moves again after the return, acknowledged actions lost (must be 0), matches stuck.
 *
 *   pnpm --filter @mm/server bench:chaos [-- --seed 1 --kills 10 --trials 20 --storm 2000 --db postgres,embedded
 *     --botrooms 60 --flood 1000 --flood-sec 20 --flood-bounds shipped,lifted --crowd 600 --crowd-sec 20 --freeze-sec 20 --freeze-rooms 4
 *     --only botrooms,sweep,failover,storm,drain,flood,crowd,redis,pgfreeze]
 */

// One module per scenario in chaos/, run here in this order; the flags are read in chaos/options.ts.
import { admittedCrowd } from './chaos/crowd';
import { botRooms } from './chaos/bot-rooms';
import { drain } from './chaos/drain';
import { failover } from './chaos/failover';
import { joinFlood } from './chaos/flood';
import { BOT_ROOMS, CROWD, FLOOD, FLOOD_BOUNDS, KINDS, ONLY, STORM, TRIALS } from './chaos/options';
import { pgFreeze } from './chaos/pg-freeze';
import { redisBlip } from './chaos/redis-blip';
import { storm } from './chaos/storm';
import { sweep } from './chaos/sweep';

if (process.argv.includes('--help')) {
  console.log(`bench:chaos: a seeded chaos run (apps/server/bench/chaos.ts); numbers printed, nothing asserted.
  -- --seed 1 --kills 10 --trials 20 --storm 2000 --db postgres,embedded
     --botrooms 60 --flood 1000 --flood-sec 20 --flood-bounds shipped,lifted --crowd 600 --crowd-sec 20 --freeze-sec 20 --freeze-rooms 4
     --only botrooms,sweep,failover,storm,drain,flood,crowd,redis,pgfreeze`);
  process.exit(0);
}

if (ONLY.has('botrooms') && BOT_ROOMS > 0) await botRooms();
if (ONLY.has('sweep')) for (const kind of KINDS) await sweep(kind);
if (ONLY.has('failover') && TRIALS > 0) await failover();
if (ONLY.has('storm') && STORM > 0) for (const kind of KINDS) await storm(kind);
if (ONLY.has('drain')) await drain();
if (ONLY.has('flood') && FLOOD > 0) {
  if (FLOOD_BOUNDS.has('shipped'))
    await joinFlood('bounds as shipped (one address)', {
      SOCKETS_PER_IP: '50',
      JOIN_BURST_PER_IP: '20',
      JOINS_PER_SEC_PER_IP: '2',
    });
  if (FLOOD_BOUNDS.has('lifted')) await joinFlood('per-address bounds lifted (as if from 1,000 addresses)', {});
}
if (ONLY.has('crowd') && CROWD > 0) await admittedCrowd();
if (ONLY.has('redis')) await redisBlip();
if (ONLY.has('pgfreeze')) await pgFreeze();
process.exit(0);
