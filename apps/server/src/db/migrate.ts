// Applies prisma/migrations/*/migration.sql at start-up. `prisma migrate deploy`
// needs Prisma's native schema engine, which cannot be installed everywhere this
// server runs, so the server does the same job itself and keeps the books in
// Prisma's own `_prisma_migrations` layout: a database migrated here looks, to
// `prisma migrate status/deploy` elsewhere, exactly like one it migrated itself.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * prisma/migrations of this repository: the nearest one above this module, so the
 * lookup works both from src/db (tests, dev) and from a bundle in apps/server/dist.
 */
export function findMigrationsDir(from: string = fileURLToPath(new URL('.', import.meta.url))): string {
  for (let dir = resolve(from); ; dir = dirname(dir)) {
    const candidate = join(dir, 'prisma', 'migrations');
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new MigrationError(`no prisma/migrations folder above ${from}`);
  }
}

/**
 * One database session (not a pool: the advisory lock and BEGIN/COMMIT must all
 * run on the same connection).
 */
export interface MigrationSession {
  query(sql: string, params?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs a script of several statements (simple query protocol). */
  exec(script: string): Promise<void>;
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrateResult {
  /** Migrations this call applied, in order. */
  applied: string[];
  /** Recorded as applied but missing from the folder (a newer server migrated this database). */
  unknown: string[];
}

export class MigrationError extends Error {
  override name = 'MigrationError';
}

// The key `prisma migrate` itself locks on, so this server and a `prisma migrate
// deploy` run elsewhere also wait for each other.
const ADVISORY_LOCK_KEY = 72707369;
const LOCK_WAIT = '120s';

// Prisma's definition of the table (schema-engine, postgres flavour).
const CREATE_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export function checksum(sql: string): string {
  return createHash('sha256').update(sql, 'utf8').digest('hex');
}

/** The migration folders in apply order: their names start with a UTC timestamp. */
export function readMigrations(dir: string = findMigrationsDir()): MigrationFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => statSync(join(dir, name)).isDirectory() && existsSync(join(dir, name, 'migration.sql')))
    .sort()
    .map((name) => {
      const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: checksum(sql) };
    });
}

interface AppliedRow {
  name: string;
  checksum: string;
  finished: boolean;
  rolledBack: boolean;
}

async function appliedRows(session: MigrationSession): Promise<AppliedRow[]> {
  const { rows } = await session.query(
    `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back
       FROM "_prisma_migrations" ORDER BY started_at, migration_name`,
  );
  return rows.map((r) => ({
    name: String(r['migration_name']),
    checksum: String(r['checksum']),
    finished: r['finished'] === true,
    rolledBack: r['rolled_back'] === true,
  }));
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Brings the database up to date with `migrations`. Safe to call from several
 * processes at once (they queue on an advisory lock) and on every start (applied
 * migrations are skipped). Each migration runs in its own transaction together with
 * its bookkeeping row, so a failure leaves no trace and the next start retries it.
 */
export async function migrate(session: MigrationSession, migrations: MigrationFile[] = readMigrations()): Promise<MigrateResult> {
  await session.exec(`SET lock_timeout = '${LOCK_WAIT}'`);
  try {
    await session.query('SELECT pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
  } catch (e) {
    throw new MigrationError(`timed out after ${LOCK_WAIT} waiting for another process to finish migrating: ${errorText(e)}`, {
      cause: e,
    });
  } finally {
    await session.exec('RESET lock_timeout');
  }
  try {
    await session.exec(CREATE_MIGRATIONS_TABLE);
    const rows = await appliedRows(session);

    for (const row of rows) {
      if (!row.finished && !row.rolledBack) {
        throw new MigrationError(
          `migration ${row.name} is recorded as failed in _prisma_migrations: repair the database, then mark it ` +
            `with \`prisma migrate resolve --rolled-back ${row.name}\` (or delete its row) before starting the server`,
        );
      }
    }
    const done = new Map(rows.filter((r) => r.finished && !r.rolledBack).map((r) => [r.name, r]));
    for (const m of migrations) {
      const row = done.get(m.name);
      if (row && row.checksum !== m.checksum) {
        throw new MigrationError(
          `migration ${m.name} was changed after it was applied (checksum ${row.checksum} in the database, ` +
            `${m.checksum} on disk): restore prisma/migrations/${m.name}/migration.sql and put the change in a new migration`,
        );
      }
    }

    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await session.exec('BEGIN');
      try {
        const id = randomUUID();
        await session.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), 0)`,
          [id, m.checksum, m.name],
        );
        await session.exec(m.sql);
        // clock_timestamp(): now() is frozen at the start of the transaction.
        await session.query(
          `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
          [id],
        );
        await session.exec('COMMIT');
      } catch (e) {
        await session.exec('ROLLBACK').catch(() => undefined);
        throw new MigrationError(`migration ${m.name} failed and was rolled back: ${errorText(e)}`, { cause: e });
      }
      applied.push(m.name);
    }

    const onDisk = new Set(migrations.map((m) => m.name));
    return { applied, unknown: [...done.keys()].filter((name) => !onDisk.has(name)) };
  } finally {
    await session.query('SELECT pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]);
  }
}
