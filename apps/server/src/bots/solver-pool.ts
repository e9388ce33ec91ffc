import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { BotStrength, Seat } from '@mm/rules';
import type { Hint } from './play';

interface JobBase {
  id: number;
  familyId: string;
  /** one seat's own view: what a person in that seat is shown */
  view: unknown;
  seat: Seat;
}
/** A bot's move to decide. */
interface MoveJob extends JobBase {
  kind: 'move';
  strength: BotStrength | undefined;
  /** the seat's seed for the match (`botSeatSeed`): its choices among equally good moves, a weaker bot's picks */
  seed: string;
  /** a fresh random seed, for a codemaker's secret only */
  secretSeed: string;
}
/** A player's hint to work out. */
interface HintJob extends JobBase {
  kind: 'hint';
}
export type SolverJob = MoveJob | HintJob;

export type SolverResult =
  | { id: number; action: unknown; threadId: number }
  | { id: number; hint: Hint }
  | { id: number; unknownFamily: true }
  | { id: number; error: string };

/** A bot's decision and the thread it was made on (0: the main thread). */
export interface Decision {
  action: unknown;
  threadId: number;
}

interface Waiting {
  job: SolverJob;
  resolve: (r: SolverResult) => void;
  reject: (e: unknown) => void;
}

/**
 * The worker's script: built beside main.js in dist; from source (tests, dev), bundled once on
 * first use into this package's node_modules/.cache (where its dependencies resolve).
 */
async function workerScript(): Promise<string> {
  const here = fileURLToPath(import.meta.url);
  const built = join(dirname(here), 'solver-worker.js');
  if (here.endsWith('.js') && existsSync(built)) return built;
  const packageRoot = join(dirname(here), '..', '..');
  const out = join(packageRoot, 'node_modules', '.cache', 'mm-solver-worker', `worker-${process.pid}.mjs`);
  mkdirSync(dirname(out), { recursive: true });
  const { build } = await import('esbuild');
  await build({
    entryPoints: [join(dirname(here), 'solver-worker.ts')],
    outfile: out,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'warning',
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@mm/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  return out;
}

/**
 * A few worker threads that decide bots' moves, jobs served in order. The event loop only sends
 * a view and receives an action; a family the workers do not know (one a test registered at run
 * time) is decided by the caller itself.
 */
export class SolverPool {
  private workers: { worker: Worker; busy: Waiting | null }[] = [];
  private readonly queue: Waiting[] = [];
  private starting: Promise<void> | null = null;
  private nextId = 1;
  private closed = false;

  constructor(private readonly size: number) {}

  /** Jobs being decided now (a test looks at it to see the event loop serve others meanwhile). */
  get busy(): number {
    return this.workers.filter((w) => w.busy).length;
  }

  /** The action a bot in `seat` plays from `view` (null: nothing to do), or undefined when the workers do not know the family. */
  async decide(
    familyId: string,
    view: unknown,
    seat: Seat,
    strength: BotStrength | undefined,
    seeds: { seed: string; secretSeed: string },
  ): Promise<Decision | undefined> {
    const result = await this.run({ kind: 'move', familyId, view, seat, strength, ...seeds });
    return result && 'action' in result ? { action: result.action, threadId: result.threadId } : undefined;
  }

  /**
   * The solver's suggestion for `seat` from its own view, worked out on a worker: at 6 holes and
   * 10 colours counting what is still possible takes longer than the event loop may stop.
   * Undefined when the workers do not know the family.
   */
  async hint(familyId: string, view: unknown, seat: Seat): Promise<Hint | undefined> {
    const result = await this.run({ kind: 'hint', familyId, view, seat });
    return result && 'hint' in result ? result.hint : undefined;
  }

  /** Queues `request` for the next free worker; undefined when no worker can take it (the caller thinks itself). */
  private async run(request: Omit<MoveJob, 'id'> | Omit<HintJob, 'id'>): Promise<SolverResult | undefined> {
    try {
      await (this.starting ??= this.start());
    } catch {
      // No worker could be started (its script missing from a partial build): the caller decides itself.
      return undefined;
    }
    if (this.closed) throw new Error('the solver pool is closed');
    const result = await new Promise<SolverResult>((resolve, reject) => {
      this.queue.push({ job: { ...request, id: this.nextId++ }, resolve, reject });
      this.pump();
    });
    if ('error' in result) throw new Error(`the solver failed: ${result.error}`);
    return 'unknownFamily' in result ? undefined : result;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.queue.splice(0)) w.reject(new Error('the solver pool is closed'));
    await this.starting?.catch(() => undefined);
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
    this.workers = [];
  }

  private async start(): Promise<void> {
    const script = await workerScript();
    for (let i = 0; i < Math.max(1, this.size); i++) {
      const slot: { worker: Worker; busy: Waiting | null } = { worker: new Worker(script), busy: null };
      slot.worker.unref();
      slot.worker.on('message', (r: SolverResult) => {
        const done = slot.busy;
        slot.busy = null;
        done?.resolve(r);
        this.pump();
      });
      slot.worker.on('error', (err) => {
        slot.busy?.reject(err);
        slot.busy = null;
      });
      this.workers.push(slot);
    }
  }

  private pump(): void {
    for (const slot of this.workers) {
      if (slot.busy) continue;
      const next = this.queue.shift();
      if (!next) return;
      slot.busy = next;
      slot.worker.postMessage(next.job);
    }
  }
}
