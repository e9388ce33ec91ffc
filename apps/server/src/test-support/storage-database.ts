import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { createStore, type Store } from '../db/store';
import { createMigratedTestPostgres, freshEmbeddedDataDir, tempDir, type TempDir, type TestPostgres } from '../db/test-databases';
import type { STORAGE_DATABASES } from './databases';

/**
 * A real database of `kind`, migrated, and its store, for the file's tests: opened before them,
 * closed and removed after. Its fields are set once the file's first `beforeAll` has run.
 */
export function useStorageDatabase(kind: (typeof STORAGE_DATABASES)[number]): { db: Database; store: Store } {
  const opened = {} as { db: Database; store: Store };
  let dir: TempDir;
  let pgdb: TestPostgres | undefined;
  beforeAll(async () => {
    dir = kind === 'embedded' ? await freshEmbeddedDataDir() : tempDir();
    if (kind === 'postgres') pgdb = await createMigratedTestPostgres();
    opened.db = await openDatabase({ dataDir: dir.path, databaseUrl: pgdb?.url });
    opened.store = createStore(opened.db);
  });
  afterAll(async () => {
    await opened.store?.close();
    await pgdb?.drop();
    dir?.remove();
  });
  return opened;
}
