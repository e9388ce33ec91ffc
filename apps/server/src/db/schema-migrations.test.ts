import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PrismaPg } from '@prisma/adapter-pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  diffMigrationsToSchema,
  migrationList,
  openSchemaEngine,
  writeNextMigration,
  type SchemaEngine,
} from '../../scripts/migration-diff.mjs';
import { openDatabase } from './database.js';
import { findMigrationsDir, readMigrations } from './migrate.js';
import { createTestPostgres, tempDir, type TestPostgres } from './test-databases.js';

const dir = tempDir('mm-schema-');
afterAll(() => dir.remove());

it('prisma/migrations build exactly what prisma/schema.prisma describes', async () => {
  const pending = await diffMigrationsToSchema({ migrationsDir: findMigrationsDir() });
  // When this fails: cd apps/server && node scripts/migration-diff.mjs <name>
  expect(pending).toBe('');
});

it('notices a schema change no migration covers, and writes the migration for it', async () => {
  const migrationsDir = join(dir.path, 'migrations');
  cpSync(findMigrationsDir(), migrationsDir, { recursive: true });
  const schemaPath = join(dir.path, 'schema.prisma');
  const schema = readFileSync(join(findMigrationsDir(), '../schema.prisma'), 'utf8');
  const changed = schema.replace(/(model Device \{\n)/, '$1  retiredAt DateTime?\n');
  expect(changed).not.toBe(schema);
  writeFileSync(schemaPath, changed);

  const name = await writeNextMigration({ name: 'device retired', migrationsDir, schemaPath });
  expect(name).toMatch(/^\d{14}_device_retired$/);
  const sql = readFileSync(join(migrationsDir, String(name), 'migration.sql'), 'utf8');
  expect(sql).toMatch(/ALTER TABLE "Device" ADD COLUMN\s+"retiredAt" TIMESTAMP\(3\)/);
  expect(readMigrations(migrationsDir).at(-1)?.name).toBe(name);
  expect(existsSync(join(migrationsDir, 'migration_lock.toml'))).toBe(true);
});

// What `prisma migrate deploy` would see, checked with Prisma's own engine over pg.
describe("agrees with Prisma's migration bookkeeping", () => {
  const filters = { externalTables: [], externalEnums: [] };
  const dbs: TestPostgres[] = [];
  afterAll(async () => {
    await Promise.all(dbs.map((d) => d.drop()));
  });

  async function withEngine<T>(url: string, fn: (engine: SchemaEngine) => Promise<T>): Promise<T> {
    // Prisma's engine holds its advisory lock for as long as its connection lives,
    // so close what it opened rather than wait for the pool's idle timeout.
    const factory = new PrismaPg({ connectionString: url });
    const opened: { dispose(): Promise<void> }[] = [];
    const adapterFactory = {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => {
        const adapter = await factory.connect();
        opened.push(adapter);
        return adapter;
      },
      connectToShadowDb: () => factory.connectToShadowDb(),
    };
    const { engine } = await openSchemaEngine({ adapterFactory });
    try {
      return await fn(engine);
    } finally {
      engine.free();
      await Promise.all(opened.map((a) => a.dispose()));
    }
  }

  it('Prisma finds nothing to apply on a database this server migrated', async () => {
    const pgdb = await createTestPostgres();
    dbs.push(pgdb);
    const db = await openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path });
    await db.close();
    await withEngine(pgdb.url, async (engine) => {
      const migrationsList = migrationList(findMigrationsDir());
      expect(await engine.diagnoseMigrationHistory({ migrationsList, optInToShadowDatabase: false, filters })).toEqual({
        editedMigrationNames: [],
        failedMigrationNames: [],
        hasMigrationsTable: true,
        history: null,
      });
      expect(await engine.applyMigrations({ migrationsList, filters })).toEqual({ appliedMigrationNames: [] });
    });
  });

  it('this server finds nothing to apply on a database Prisma migrated', async () => {
    const pgdb = await createTestPostgres();
    dbs.push(pgdb);
    const applied = await withEngine(pgdb.url, (engine) =>
      engine.applyMigrations({ migrationsList: migrationList(findMigrationsDir()), filters }),
    );
    expect(applied.appliedMigrationNames).toEqual(readMigrations().map((m) => m.name));
    const db = await openDatabase({ databaseUrl: pgdb.url, dataDir: dir.path });
    try {
      expect(db.migrations).toEqual({ applied: [], unknown: [] });
    } finally {
      await db.close();
    }
  });
});
