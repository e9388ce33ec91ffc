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

/** An empty database of its own; `template` names the database to copy instead of PostgreSQL's template1. */
export async function createTestPostgres(adminUrl: string = TEST_DATABASE_URL, template?: string): Promise<TestPostgres> {
  const name = `mm_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (admin) => admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`));
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

async function withAdmin<T>(adminUrl: string, run: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}

/** Keys a template by everything that shapes it: the migrations (and, for PGlite, its version). */
function migrationsKey(extra = ''): string {
  return createHash('sha256')
    .update(extra)
    .update(
      readMigrations()
        .map((m) => `${m.name}:${m.checksum}`)
        .join('\n'),
    )
    .digest('hex')
    .slice(0, 16);
}

const postgresTemplates = new Map<string, Promise<string>>();

/**
 * A migrated database on the test server that tests copy (CREATE DATABASE … TEMPLATE, a file
 * copy inside PostgreSQL) instead of running every migration again; built once per set of
 * migrations and kept, like the PGlite template. Nobody ever connects to it once it has its
 * name, which is what PostgreSQL asks of a database it copies.
 */
export function postgresTemplate(adminUrl: string = TEST_DATABASE_URL): Promise<string> {
  const name = `mm_template_${migrationsKey()}`;
  const key = `${adminUrl}\0${name}`;
  let made = postgresTemplates.get(key);
  if (!made) {
    made = buildPostgresTemplate(adminUrl, name);
    made.catch(() => postgresTemplates.delete(key));
    postgresTemplates.set(key, made);
  }
  return made;
}

async function buildPostgresTemplate(adminUrl: string, name: string): Promise<string> {
  const exists = async (): Promise<boolean> =>
    withAdmin(
      adminUrl,
      async (admin) => (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1,
    );
  if (await exists()) return name;
  const build = await createTestPostgres(adminUrl);
  const dir = tempDir('mm-template-');
  try {
    const db = await openDatabase({ databaseUrl: build.url, dataDir: dir.path });
    await db.close();
    // Atomic: a test copying the template never sees half of it. The pool's sessions may take
    // a moment to leave after close(), and a database cannot be renamed while anyone is in it.
    for (let attempt = 0; ; attempt++) {
      try {
        await withAdmin(adminUrl, (admin) => admin.query(`ALTER DATABASE "${build.name}" RENAME TO "${name}"`));
        return name;
      } catch (e) {
        // 42P04: another process published the template first.
        if ((e as { code?: string }).code === '42P04') break;
        if ((e as { code?: string }).code !== '55006' || attempt >= 100) throw e;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } catch (e) {
    await build.drop();
    if (!(await exists())) throw e;
  } finally {
    dir.remove();
  }
  await build.drop();
  return name;
}

/** A database of its own already holding the schema: a copy of the migrated template. */
export async function createMigratedTestPostgres(adminUrl: string = TEST_DATABASE_URL): Promise<TestPostgres> {
  return createTestPostgres(adminUrl, await postgresTemplate(adminUrl));
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
  const key = migrationsKey(pglite);
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
  } finally {
    // the record of the folder that opening it left beside it (data-dir-identity.ts)
    rmSync(`${build}.id`, { force: true });
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
