import { createMigratedTestPostgres, freshEmbeddedDataDir, tempDir } from '../db/test-databases';

/*
 * Which tests run on which database, and why. Both databases only where storage behaviour can
 * differ; one database (PGlite, the default deployment, or PostgreSQL where the behaviour needs
 * several processes or Redis) everywhere else. Both databases start from a migrated template (a
 * copied PGlite folder, a PostgreSQL `CREATE DATABASE … TEMPLATE`), so a database costs a copy.
 *
 * Both (describe.each):
 * - storage itself: db/store, db/group-commit (SQL, transactions, unique violations, batching);
 *   db/database tests each engine's own start-up (locks, migrations) on the engine concerned;
 * - crash, restart and recovery: matches/crash (SIGKILL mid-round), duties/restart (bot rooms
 *   after SIGKILL), duties/timeout-restart (a deadline kept across SIGKILL), socket/storm (every
 *   seat regained from storage after a restart), duties/leases (the lease rows);
 * - one full match of every family through storage: matches/duel (duel), matches/rotation (a
 *   full rotation match on each), bots/bots (rotation, parker, Master Mind 44 and duel against
 *   bots, strengths and hints kept in the database), matches/history (history pages and replays
 *   read back by SQL, across a restart).
 *   Their few cases that do not touch storage (a 400, a 404) cost milliseconds and stay on both.
 * PostgreSQL only: several processes on one database (duties/failover, matches/scale-out,
 * timeout-restart's two-process race, http/edge's shared Redis limits, push's shared VAPID key),
 * http/rate-limit, rooms/idle.
 * PGlite only: everything else (rules through the socket, bad input, leaks, timers, push, pages).
 */
export interface TestDatabase {
  kind: 'embedded' | 'postgres';
  /** for buildApp: dataDir always, databaseUrl for postgres */
  config: { dataDir: string; databaseUrl?: string };
  drop(): Promise<void>;
}

/** A database of its own for one test file: a copy of a migrated PGlite folder, or a copy of a migrated PostgreSQL database. */
export async function freshDatabase(kind: 'embedded' | 'postgres'): Promise<TestDatabase> {
  if (kind === 'embedded') {
    const dir = await freshEmbeddedDataDir();
    return { kind, config: { dataDir: dir.path }, drop: async () => dir.remove() };
  }
  const pg = await createMigratedTestPostgres();
  const dir = tempDir();
  return {
    kind,
    config: { dataDir: dir.path, databaseUrl: pg.url },
    drop: async () => {
      await pg.drop();
      dir.remove();
    },
  };
}
