import type { Server } from 'node:http';
import { HttpDrain } from './http-drain';
import type { InFlight } from './work';

/**
 * How long a draining server keeps answering requests on kept-alive connections (503 with
 * `Connection: close`) before closing the idle ones: what a client sent just as the signal came is answered.
 */
const DRAIN_LINGER_MS = 1000;

type Step = () => Promise<unknown> | void;

/** What a stop goes through, in this order. */
export interface ShutdownSteps {
  /** the HTTP server: it stops listening at once, and its kept-alive connections drain */
  node: Server;
  /** no new duty or other work taken; what is under way finishes (each waited for until the deadline) */
  stopWork: Step[];
  /** messages being handled: they finish and are acknowledged */
  work: InFlight;
  /** what this process holds goes to other processes at once (each until the deadline) */
  handOver: Step[];
  /** closes the transports, so that clients reconnect (elsewhere) */
  closeTransports: Step;
  /** after the HTTP drain: Fastify's own close hooks */
  closeHttp: Step;
  /** what is still being sent finishes (each until the deadline), before what it records into closes */
  settle: Step[];
  /** then each closed in turn, the database last */
  close: Step[];
}

/**
 * The process's life: serving, then draining once `stop` is called. A graceful stop is done
 * within `graceMs` whatever clients do: health and every new request answer 503, no new socket
 * is taken, messages being handled finish and are acknowledged, rooms' duties go to other
 * processes, sockets are closed so that clients reconnect (elsewhere), kept-alive connections are
 * closed, then the database.
 */
export class Lifecycle {
  #draining = false;
  #stopped: Promise<void> | null = null;

  constructor(private readonly graceMs: number) {}

  /** read by every new request and connection: they are refused once this is true */
  get draining(): boolean {
    return this.#draining;
  }

  /** Stops once, whoever asks and however often. */
  stop(steps: ShutdownSteps): Promise<void> {
    this.#stopped ??= this.#run(steps);
    return this.#stopped;
  }

  async #run(steps: ShutdownSteps): Promise<void> {
    this.#draining = true;
    const deadline = Date.now() + this.graceMs;
    const untilDeadline = (p: Promise<unknown> | void): Promise<unknown> =>
      Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())]);
    // Stops listening; kept-alive connections stay open a moment, every request on them answered (http-drain.ts).
    const drain = new HttpDrain(steps.node);
    const lingerUntil = Date.now() + Math.min(DRAIN_LINGER_MS, this.graceMs / 4);
    for (const step of steps.stopWork) await untilDeadline(step());
    await steps.work.close(deadline);
    for (const step of steps.handOver) await untilDeadline(step());
    await steps.closeTransports();
    await drain.finish(lingerUntil, deadline);
    await steps.closeHttp();
    for (const step of steps.settle) await untilDeadline(step());
    for (const step of steps.close) await step();
  }
}
