import { createMigratedTestPostgres, freshEmbeddedDataDir, tempDir } from '../db/test-databases';

/*
 * Which tests run on which database, and why. Both databases only where storage behaviour can
 * differ; PostgreSQL everywhere else: the engine is PostgreSQL either way, and the same files on
 * PGlite (PostgreSQL compiled to WebAssembly, in the test's own process) took a third more of the
 * machine's CPU and a quarter more time (14 files measured, docs/performance.md). The embedded
 * database is still run whole by every browser test: the product they start is `npm start`'s.
 * Both databases start from a migrated template (a copied PGlite folder, a PostgreSQL
 * `CREATE DATABASE … TEMPLATE`), so a database costs a copy.
 *
 * Both (STORAGE_DATABASES, or a describe per database):
 * - storage itself: db/store, db/group-commit (SQL, transactions, unique violations, batching),
 *   db/sweep, db/leases-store (the lease rows); db/database and db/schema-migrations test each
 *   engine's own start-up (locks, migrations) on the engine concerned, db/data-dir-identity PGlite's folder,
 *   http/edge a second process on a locked PGlite folder;
 * - what a kill leaves in storage: matches/crash (SIGKILL mid-round), identity/merge-crash (a
 *   merge's transaction), socket/storm (every seat regained from storage after a restart);
 * - lifecycle/shutdown and lifecycle/drain: the embedded database closed by a stopping server.
 * No database (db/memory-store.ts, the rooms' storage in memory, held to the same cases as both
 * databases by db/store.test): the unit tests of RoomService (rooms/room-service, rooms/seat-commands)
 * and of the duties (duties/bot-driver).
 * PostgreSQL only (LOGIC_DATABASES, or `useServer('postgres')`): everything else, from the rules
 * through the socket to timers, bots, push, identity, the daily and the resumption of duties after
 * a restart (the rows they resume from are those the crash tests check on both).
 */
/** Where a test's behaviour cannot depend on storage. */
export const LOGIC_DATABASES = ['postgres'] as const;
/** Where it can: storage itself, and what a kill leaves in it. */
export const STORAGE_DATABASES = ['embedded', 'postgres'] as const;

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
