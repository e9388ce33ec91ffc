import { createMigratedTestPostgres, freshEmbeddedDataDir, tempDir } from '../db/test-databases';

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
