import { afterAll, beforeAll } from 'vitest';
import { openDatabase, type Database } from '../db/database';
import { createStore, type Store } from '../db/store';
import { createMigratedTestPostgres, freshEmbeddedDataDir, tempDir, type TempDir, type TestPostgres } from '../db/test-databases';
import type { STORAGE_DATABASES } from './databases';

/** A test's database and its store; `reopen`: open them again (as a restart would), once the test closed the store. */
export interface OpenedDatabase {
  db: Database;
  store: Store;
  reopen(): Promise<void>;
}

/**
 * A real database of `kind`, migrated, and its store, for the file's tests: opened before them,
 * closed and removed after. Its fields are set once the file's first `beforeAll` has run.
 */
export function useStorageDatabase(kind: (typeof STORAGE_DATABASES)[number]): OpenedDatabase {
  let dir: TempDir;
  let pgdb: TestPostgres | undefined;
  const opened = {
    reopen: async () => {
      opened.db = await openDatabase({ dataDir: dir.path, databaseUrl: pgdb?.url });
      opened.store = createStore(opened.db);
    },
  } as OpenedDatabase;
  beforeAll(async () => {
    dir = kind === 'embedded' ? await freshEmbeddedDataDir() : tempDir();
    if (kind === 'postgres') pgdb = await createMigratedTestPostgres();
    await opened.reopen();
  });
  afterAll(async () => {
    await opened.store?.close();
    await pgdb?.drop();
    dir?.remove();
  });
  return opened;
}
