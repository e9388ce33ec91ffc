import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SendOutcome } from '../push/sender';

const PUSH_OUTCOMES: readonly SendOutcome[] = ['sent', 'gone', 'refused', 'failed'];

/**
 * What the server counts for Prometheus (docs/operations.md lists the names). One registry per
 * app (tests build several in one process). The hot path only increments or observes: the
 * label children are made once, here, so an action allocates nothing for its count.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly refused: Counter<'code'>;
  private readonly refusedByCode = new Map<string, ReturnType<Counter<'code'>['labels']>>();
  private readonly accepted: Counter;
  private readonly ackSeconds: Histogram;
  private readonly pushes: Counter<'outcome'>;
  private readonly batchRows: Histogram;
  private readonly dutyLag: Histogram<'duty'>;

  constructor(sources: {
    /** the pg pool's connections (PostgreSQL only; the embedded database has no pool) */
    dbPool?: () => { inUse: number; waiting: number };
  }) {
    collectDefaultMetrics({ register: this.registry, prefix: 'mm_' });
    const registers = [this.registry];
    this.accepted = new Counter({ name: 'mm_actions_accepted_total', help: 'match:act messages accepted.', registers });
    this.refused = new Counter({
      name: 'mm_actions_refused_total',
      help: 'match:act messages refused, by error code.',
      labelNames: ['code'],
      registers,
    });
    this.ackSeconds = new Histogram({
      name: 'mm_action_ack_seconds',
      help: 'Time from a match:act message to its acknowledgement.',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    this.batchRows = new Histogram({
      name: 'mm_commit_batch_rows',
      help: 'Actions per group commit (one INSERT).',
      buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
      registers,
    });
    this.dutyLag = new Histogram({
      name: 'mm_duty_lag_seconds',
      help: "How late a server-owed move was stored: a bot's from when its delay was over, a turn timeout's from its deadline.",
      labelNames: ['duty'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    });
    const pool = sources.dbPool;
    if (pool) {
      new Gauge({
        name: 'mm_db_pool_in_use',
        help: 'Database pool connections running a query.',
        registers,
        collect() {
          this.set(pool().inUse);
        },
      });
      new Gauge({
        name: 'mm_db_pool_waiting',
        help: 'Queries waiting for a database pool connection.',
        registers,
        collect() {
          this.set(pool().waiting);
        },
      });
    }
    this.pushes = new Counter({
      name: 'mm_pushes_total',
      help: 'Web Pushes by outcome: sent, gone (the subscription expired), refused (endpoint guard), failed.',
      labelNames: ['outcome'],
      registers,
    });
    // Every outcome from the start, at 0: a rate of failures needs its series before the first one.
    for (const outcome of PUSH_OUTCOMES) this.pushes.labels(outcome).inc(0);
  }

  /**
   * The gauges read from the rooms and the sockets, once they exist: the counters are made first,
   * since the store they count for is made before either.
   */
  observe(sources: { roomsLoaded: () => number; socketsConnected: () => number }): void {
    const registers = [this.registry];
    new Gauge({
      name: 'mm_rooms_loaded',
      help: 'Rooms held in memory by this process.',
      registers,
      collect() {
        this.set(sources.roomsLoaded());
      },
    });
    new Gauge({
      name: 'mm_sockets_connected',
      help: 'Socket.IO connections open on this process.',
      registers,
      collect() {
        this.set(sources.socketsConnected());
      },
    });
  }

  /** One match:act acknowledged after `seconds`: accepted, or refused with `code`. */
  action(seconds: number, refusedCode: string | null): void {
    this.ackSeconds.observe(seconds);
    if (refusedCode === null) return this.accepted.inc();
    let child = this.refusedByCode.get(refusedCode);
    if (!child) this.refusedByCode.set(refusedCode, (child = this.refused.labels(refusedCode)));
    child.inc();
  }

  /** One group commit of `rows` actions. */
  commitBatch(rows: number): void {
    this.batchRows.observe(rows);
  }

  /** A server-owed move (`duty`: bot or timeout) stored `ms` after it was due. */
  lag(duty: 'bot' | 'timeout', ms: number): void {
    this.dutyLag.labels(duty).observe(Math.max(0, ms) / 1000);
  }

  push(outcome: SendOutcome): void {
    this.pushes.labels(outcome).inc();
  }
}
