// Tests of a data migration: a database migrated up to just before it, filled as the release before
// it left data, then migrated the rest of the way.
import pg from 'pg';
import { afterAll, expect } from 'vitest';
import { readMigrations } from './migrate.js';
import { createTestPostgres, type TestPostgres } from './test-databases.js';

/**
 * Registers the cleanup of the file's databases and answers a runner: it applies the migrations
 * before the one whose name ends with `suffix`, runs `before` (the old release's rows), applies the
 * rest and hands the client to `after` (what must hold).
 */
export function migrationAt(suffix: string) {
  const dbs: TestPostgres[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.drop()));
  });
  return async (before: (client: pg.Client) => Promise<unknown>, after: (client: pg.Client) => Promise<void>): Promise<void> => {
    const pgdb = await createTestPostgres();
    dbs.push(pgdb);
    const client = new pg.Client({ connectionString: pgdb.url });
    await client.connect();
    try {
      const all = readMigrations();
      const at = all.findIndex((m) => m.name.endsWith(suffix));
      expect(at).toBeGreaterThan(0);
      for (const m of all.slice(0, at)) await client.query(m.sql);
      await before(client);
      for (const m of all.slice(at)) await client.query(m.sql);
      await after(client);
    } finally {
      await client.end();
    }
  };
}
