import { spawn, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataDirLockedError } from './data-dir-lock.js';
import { openDatabase, type Database } from './database.js';
import { checksum, findMigrationsDir, MigrationError, readMigrations } from './migrate.js';
import { createTestPostgres, tempDir, type TempDir, type TestPostgres } from './test-databases.js';

const serverDir = fileURLToPath(new URL('../..', import.meta.url));
const migrations = readMigrations();

interface MigrationRow {
  migration_name: string;
  checksum: string;
  finished: boolean;
  rolled_back: boolean;
  applied_steps_count: number;
}

async function migrationRows(db: Database): Promise<MigrationRow[]> {
  return db.prisma.$queryRawUnsafe<MigrationRow[]>(
    `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, rolled_back_at IS NOT NULL AS rolled_back,
            applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name`,
  );
}

/** A copy of prisma/migrations whose first migration.sql got an innocent-looking edit. */
function tamperedMigrations(dir: TempDir): string {
  const copy = join(dir.path, 'migrations-tampered');
  cpSync(findMigrationsDir(), copy, { recursive: true });
  const first = migrations[0];
  if (!first) throw new Error('no migrations');
  const file = join(copy, first.name, 'migration.sql');
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n-- edited after the fact\n`);
  return copy;
}

it('has migrations on disk, each with its sha256 checksum', () => {
  expect(migrations.length).toBeGreaterThan(0);
  for (const m of migrations) {
    expect(m.name).toMatch(/^\d{14}_\w+$/);
    expect(m.checksum).toBe(checksum(readFileSync(join(findMigrationsDir(), m.name, 'migration.sql'), 'utf8')));
  }
});

describe('embedded (PGlite folder)', () => {
  let dir: TempDir;
  beforeAll(() => {
    dir = tempDir();
  });
  afterAll(() => dir.remove());

  it('initialises a new folder, migrates it once, and keeps data across close/reopen', async () => {
    let t = performance.now();
    const first = await openDatabase({ dataDir: dir.path });
    const initMs = performance.now() - t;
    try {
      expect(first.kind).toBe('embedded');
      expect(first.migrations.applied).toEqual(migrations.map((m) => m.name));
      const rows = await migrationRows(first);
      expect(rows).toEqual(
        migrations.map((m) => ({
          migration_name: m.name,
          checksum: m.checksum,
          finished: true,
          rolled_back: false,
          applied_steps_count: 1,
        })),
      );
      await first.prisma.device.create({ data: { id: 'dev-1', name: 'Ada', player: { create: { id: 'player-1' } } } });
    } finally {
      await first.close();
    }

    t = performance.now();
    const again = await openDatabase({ dataDir: dir.path });
    const reopenMs = performance.now() - t;
    try {
      expect(again.migrations.applied).toEqual([]);
      expect(await migrationRows(again)).toHaveLength(migrations.length);
      expect(await again.prisma.device.findUnique({ where: { id: 'dev-1' } })).toMatchObject({ name: 'Ada' });
    } finally {
      await again.close();
    }
    console.log(`PGlite: new folder ${initMs.toFixed(0)} ms, reopen ${reopenMs.toFixed(0)} ms`);
  });

  it('refuses a second open of a folder in use, in this process or another', async () => {
    const db = await openDatabase({ dataDir: dir.path });
    try {
      await expect(openDatabase({ dataDir: dir.path })).rejects.toThrow(DataDirLockedError);
    } finally {
      await db.close();
    }

    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    try {
      writeFileSync(join(dir.path, 'server.lock'), JSON.stringify({ pid: other.pid, since: new Date().toISOString() }));
      await expect(openDatabase({ dataDir: dir.path })).rejects.toThrow(
        new RegExp(`in use by another process \\(pid ${other.pid}`),
      );
    } finally {
      other.kill('SIGKILL');
    }
  });

  it("starts over a stale lock left by a SIGKILLed process, with that process's committed data", async () => {
    // A process that takes the folder the way the server does, commits a row, and is killed.
    const child = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `
      import { writeFileSync } from 'node:fs';
      import { PGlite } from '@electric-sql/pglite';
      const [dir] = process.argv.slice(1);
      writeFileSync(dir + '/server.lock', JSON.stringify({ pid: process.pid }));
      const db = await PGlite.create(dir + '/pglite');
      await db.query('INSERT INTO "Player" (id) VALUES ($1)', ['player-killed']);
      await db.query('INSERT INTO "Device" (id, name, "playerId") VALUES ($1, $2, $3)', ['dev-killed', 'Bob', 'player-killed']);
      process.kill(process.pid, 'SIGKILL');
    `,
        dir.path,
      ],
      { cwd: serverDir, encoding: 'utf8' },
    );
    expect(child.signal, child.stderr).toBe('SIGKILL');
    expect(JSON.parse(readFileSync(join(dir.path, 'server.lock'), 'utf8'))).toMatchObject({ pid: child.pid });

    const db = await openDatabase({ dataDir: dir.path });
    try {
      expect(await db.prisma.device.findUnique({ where: { id: 'dev-killed' } })).toMatchObject({ name: 'Bob' });
      expect(JSON.parse(readFileSync(join(dir.path, 'server.lock'), 'utf8'))).toMatchObject({ pid: process.pid });
    } finally {
      await db.close();
    }
  });

  it('refuses to start when an applied migration was edited', async () => {
    const tampered = tamperedMigrations(dir);
    await expect(openDatabase({ dataDir: dir.path, migrationsDir: tampered })).rejects.toThrow(
      /was changed after it was applied/,
    );
    // The refusal released the folder.
    const db = await openDatabase({ dataDir: dir.path });
    await db.close();
  });
});

describe('PostgreSQL', () => {
  let pgdb: TestPostgres;
  let dir: TempDir;
  beforeAll(async () => {
    pgdb = await createTestPostgres();
    dir = tempDir();
  });
  afterAll(async () => {
    await pgdb?.drop();
    dir?.remove();
  });

  it('migrates once when two servers start at the same moment, and not again on restart', async () => {
    const [a, b] = await Promise.all([
      openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path }),
      openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path }),
    ]);
    try {
      expect(a.kind).toBe('postgres');
      expect([...a.migrations.applied, ...b.migrations.applied]).toEqual(migrations.map((m) => m.name));
      expect(await migrationRows(a)).toEqual(
        migrations.map((m) => ({
          migration_name: m.name,
          checksum: m.checksum,
          finished: true,
          rolled_back: false,
          applied_steps_count: 1,
        })),
      );
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
    const again = await openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path });
    try {
      expect(again.migrations.applied).toEqual([]);
      expect(await migrationRows(again)).toHaveLength(migrations.length);
    } finally {
      await again.close();
    }
  });

  it('refuses to start when an applied migration was edited', async () => {
    const tampered = tamperedMigrations(dir);
    await expect(openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path, migrationsDir: tampered })).rejects.toThrow(
      MigrationError,
    );
    await expect(openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path, migrationsDir: tampered })).rejects.toThrow(
      /was changed after it was applied/,
    );
  });

  it('rolls a failing migration back whole and records nothing for it', async () => {
    const broken = join(dir.path, 'migrations-broken');
    cpSync(findMigrationsDir(), broken, { recursive: true });
    cpSync(join(broken, migrations[0]!.name), join(broken, '99990101000000_broken'), { recursive: true });
    writeFileSync(
      join(broken, '99990101000000_broken', 'migration.sql'),
      'CREATE TABLE "Half" (id INT);\nSELECT no_such_function();\n',
    );
    await expect(openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path, migrationsDir: broken })).rejects.toThrow(
      /99990101000000_broken failed and was rolled back/,
    );

    const c = new pg.Client({ connectionString: pgdb.url });
    await c.connect();
    try {
      const half = await c.query(`SELECT to_regclass('"Half"') AS t`);
      expect(half.rows[0].t).toBeNull();
      const rows = await c.query(`SELECT 1 FROM "_prisma_migrations" WHERE migration_name = '99990101000000_broken'`);
      expect(rows.rowCount).toBe(0);
    } finally {
      await c.end();
    }
  });

  it('refuses to start over a migration that `prisma migrate deploy` recorded as failed', async () => {
    const c = new pg.Client({ connectionString: pgdb.url });
    await c.connect();
    try {
      await c.query(`INSERT INTO "_prisma_migrations" (id, checksum, migration_name, logs, started_at)
                     VALUES ('00000000-0000-4000-8000-000000000000', 'x', '99990101000000_failed_elsewhere', 'boom', now())`);
      await expect(openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path })).rejects.toThrow(
        /99990101000000_failed_elsewhere is recorded as failed/,
      );
      // Once marked rolled back (what `prisma migrate resolve --rolled-back` does) it is ignored.
      await c.query(
        `UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = '99990101000000_failed_elsewhere'`,
      );
      const db = await openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path });
      await db.close();
    } finally {
      await c.end();
    }
  });
});
