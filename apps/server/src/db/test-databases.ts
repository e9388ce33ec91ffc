// Throwaway databases for tests: a uniquely named PostgreSQL database per call (so
// parallel runs and test files never see each other's rows) and temp PGlite folders.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from './database.js';
import { readMigrations } from './migrate.js';

/** Trust auth on the machine's PostgreSQL; CI and developers may point elsewhere. */
export const TEST_DATABASE_URL = process.env['TEST_DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface TestPostgres {
  url: string;
  name: string;
  drop(): Promise<void>;
}

export async function createTestPostgres(adminUrl: string = TEST_DATABASE_URL): Promise<TestPostgres> {
  const name = `mm_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        // FORCE: a test that failed half-way may have left connections open.
        await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}

export interface TempDir {
  path: string;
  remove(): void;
}

export function tempDir(prefix = 'mm-db-'): TempDir {
  const path = mkdtempSync(join(tmpdir(), prefix));
  return {
    path,
    remove: () => {
      rmSync(path, { recursive: true, force: true });
      // the embedded database's record beside its folder (data-dir-identity.ts)
      rmSync(`${path}.id`, { force: true });
    },
  };
}

/**
 * A migrated, cleanly closed PGlite folder shared by all tests on this machine
 * (keyed by the migrations and the PGlite version), built once: initialising a
 * new PGlite folder takes seconds, copying one a fraction of a second.
 */
export async function embeddedTemplate(): Promise<string> {
  const require = createRequire(import.meta.url);
  // The installed file's real path names the PGlite version (pnpm's store layout).
  const pglite = realpathSync(require.resolve('@electric-sql/pglite'));
  const key = createHash('sha256')
    .update(pglite)
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.checksum}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
  const template = join(tmpdir(), `mm-pglite-template-${key}`);
  if (existsSync(join(template, 'ready'))) return template;
  const build = mkdtempSync(join(tmpdir(), 'mm-pglite-build-'));
  try {
    const db = await openDatabase({ dataDir: build });
    await db.close();
    writeFileSync(join(build, 'ready'), '');
    // Atomic: a test reading the template never sees half of it.
    renameSync(build, template);
  } catch (e) {
    rmSync(build, { recursive: true, force: true });
    // Another process published it first.
    if (!existsSync(join(template, 'ready'))) throw e;
  }
  return template;
}

/** A temp data folder holding a ready, migrated embedded database (a copy of the template). */
export async function freshEmbeddedDataDir(prefix = 'mm-db-'): Promise<TempDir> {
  const template = await embeddedTemplate();
  const dir = tempDir(prefix);
  cpSync(join(template, 'pglite'), join(dir.path, 'pglite'), { recursive: true });
  return dir;
}
