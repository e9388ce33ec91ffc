import type { HealthReply } from '@mm/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { httpError } from '../errors';
import { PUBLIC } from './private-answer';

/** How long readiness waits for the database or Redis before calling it down. */
export const HEALTH_TIMEOUT_MS = 1000;

export interface HealthDeps {
  dbKind: 'embedded' | 'postgres';
  /** a round trip to the database (SELECT 1) */
  pingDb: () => Promise<unknown>;
  /** embedded: the data folder's name once it was deleted or replaced under the server, else null */
  dataDirGone?: () => string | null;
  /** a round trip to Redis, when the server uses one */
  pingRedis?: () => Promise<unknown>;
  /** SIGTERM came: the server is draining */
  draining: () => boolean;
}

/** What a draining server answers every request (app.ts) and readiness: 503, and the connection closed. */
export const shuttingDown = (reply: FastifyReply): FastifyReply =>
  httpError(
    reply.header('connection', 'close'),
    503,
    'SHUTTING_DOWN',
    'This server is shutting down: try again (another one will answer).',
  );

/**
 * A probe that resolves true when it answers within the timeout, false when it fails or hangs.
 * A probe still waiting (a frozen database) is awaited again rather than started anew, so
 * health checks never pile up hung queries that hold the pool's connections.
 */
function prober(probe: () => Promise<unknown>): () => Promise<boolean> {
  let pending: Promise<boolean> | null = null;
  return () => {
    pending ??= probe().then(
      () => true,
      () => false,
    );
    const current = pending;
    void current.finally(() => {
      if (pending === current) pending = null;
    });
    return withinTimeout(current);
  };
}

async function withinTimeout(answer: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      answer,
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), HEALTH_TIMEOUT_MS))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness, for a load balancer or an orchestrator (docs/operations.md):
 * - `/api/health/live`: the process answers (restart it when it does not);
 * - `/api/health/ready`: it can serve: the database and Redis (when configured) answer within
 *   HEALTH_TIMEOUT_MS. Draining is answered 503 SHUTTING_DOWN before any route (app.ts), and by
 *   readiness itself when draining began while it was probing.
 * `/api/health` is readiness, as it has always been what the compose file and nginx ask.
 * Neither is rate-limited (routes.ts) nor logged at info (app.ts).
 */
export function registerHealthRoutes(app: FastifyInstance, deps: HealthDeps): void {
  app.get('/api/health/live', PUBLIC, async () => ({ ok: true as const }));

  const dbAnswers = prober(deps.pingDb);
  const redisAnswers = deps.pingRedis ? prober(deps.pingRedis) : async () => true;
  const ready = async (_req: unknown, reply: FastifyReply) => {
    const [db, redis] = await Promise.all([dbAnswers(), redisAnswers()]);
    // A probe that began before the signal must not answer "ready" after it: a load balancer would
    // keep sending here. Node hears a signal through a pipe its handler writes, read at the loop's
    // next poll: a signal that came with this request (in the same poll's wake-up) is heard only in
    // the loop turn after, so draining is read after that poll (two check phases on).
    await nextTurn();
    await nextTurn();
    if (deps.draining()) return shuttingDown(reply);
    // Not "did not answer": the cure is the operator's (restore the folder), not a wait. Only the
    // folder's last name, as DATA_DIR ends: the answer is public, the machine's layout is not.
    const gone = deps.dataDirGone?.();
    if (gone !== undefined && gone !== null) {
      return httpError(
        reply,
        503,
        'UNAVAILABLE',
        `Not ready: the embedded database's data folder "${gone}" (DATA_DIR) was deleted or replaced while the server ran. Restore it and restart, or restart with DATA_DIR_RESET=1 to begin a new, empty database.`,
      );
    }
    const down = [...(db ? [] : ['the database']), ...(redis ? [] : ['Redis'])];
    if (down.length > 0) {
      return httpError(
        reply,
        503,
        'UNAVAILABLE',
        `Not ready: ${down.join(' and ')} did not answer within ${HEALTH_TIMEOUT_MS} ms.`,
      );
    }
    const body: HealthReply = { ok: true, db: deps.dbKind };
    return body;
  };
  app.get('/api/health/ready', PUBLIC, ready);
  app.get('/api/health', PUBLIC, ready);
}
