import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { TEST_DATABASE_URL } from '../db/test-databases';

/** The machine's Redis: CI and developers may point elsewhere. */
const SHARED_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Any constant: the key of the advisory lock the files on the shared Redis take turns with. */
const SHARED_REDIS_LOCK = 4_242_001;

/**
 * The URL of the machine's Redis, for the calling test file alone while it runs. Test files run side
 * by side (vitest.config.ts), but every server on one Redis hears the same Socket.IO channels and
 * counts the same rate-limit keys: a file counting what crosses Redis would count another file's
 * servers. So these files take turns, holding a PostgreSQL advisory lock for their whole run
 * (PostgreSQL lets it go if the process dies).
 */
export function useSharedRedis(): string {
  let holder: pg.Client | undefined;
  beforeAll(async () => {
    holder = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await holder.connect();
    await holder.query('SELECT pg_advisory_lock($1)', [SHARED_REDIS_LOCK]);
  }, 600_000); // the other files' turns first
  afterAll(async () => {
    await holder?.end();
  });
  return SHARED_REDIS_URL;
}
