// Opens the one database the server uses: an embedded PostgreSQL (PGlite) in a data
// folder when no DATABASE_URL is given, so `start` needs no server, or a real
// PostgreSQL through pg. Both get the same migrations and the same Prisma client.
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import { claimDataDir, DataDirWatch, guardedBy } from './data-dir-identity.js';
import { lockDataDir } from './data-dir-lock.js';
import { migrate, readMigrations, type MigrateResult, type MigrationSession } from './migrate.js';
import { namedStatements } from './pglite-statements.js';
import { startPGlite } from './pglite-start.js';

/**
 * Plain SQL on the same connection(s) Prisma uses (the PGlite instance, or the pg pool),
 * for the hot path, where the ORM's own work costs more than the query (docs/architecture.md).
 */
export type SqlRunner = <Row extends Record<string, unknown>>(
  text: string,
  params: readonly unknown[],
  /**
   * `name`: a statement run over and over, parsed and planned by PostgreSQL once per connection
   * (PGlite: once) under this name instead of at every call.
   */
  options?: { name?: string },
) => Promise<Row[]>;

export interface Database {
  prisma: PrismaClient;
  kind: 'embedded' | 'postgres';
  sql: SqlRunner;
  /** What start-up migration did (for a log line). */
  migrations: MigrateResult;
  /** Embedded: the data folder's last name when it was deleted or replaced while the server ran, else null. */
  dataDirGone?: () => string | null;
  /** PostgreSQL: the pool's connections running a query, and the queries waiting for one (none embedded) */
  pool?: () => { inUse: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** postgres://… for a real PostgreSQL; without it, PGlite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  /** Defaults to the repository's prisma/migrations. */
  migrationsDir?: string;
  /** Connections of the pg pool (PostgreSQL only). */
  poolSize?: number;
  /** Longest a statement may run (server side) before it is cancelled; 0: no limit. */
  statementTimeoutMs?: number;
  /** Longest a new PostgreSQL connection may take; 0: no limit. */
  connectTimeoutMs?: number;
  /** Start an empty embedded database where the record beside the folder says one was (DATA_DIR_RESET=1). */
  resetDataDir?: boolean;
}

export async function openDatabase(config: DatabaseConfig): Promise<Database> {
  const migrations = readMigrations(config.migrationsDir);
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, migrations, config)
    : openEmbedded(config.dataDir, migrations, config);
}

async function openEmbedded(
  dataDir: string,
  migrations: ReturnType<typeof readMigrations>,
  limits: Pick<DatabaseConfig, 'statementTimeoutMs' | 'resetDataDir'>,
): Promise<Database> {
  const root = resolve(dataDir);
  mkdirSync(root, { recursive: true });
  const lock = lockDataDir(join(root, 'server.lock'), `the embedded database in ${root}`);
  let pglite: PGlite | undefined;
  try {
    // PostgreSQL's own files go one level down so that the lock file (and anything
    // else we may keep) never sits inside PGDATA.
    const pgdata = join(root, 'pglite');
    claimDataDir(root, existsSync(join(pgdata, 'PG_VERSION')), limits.resetDataDir ?? false);
    mkdirSync(pgdata, { recursive: true });
    pglite = await startPGlite(pgdata);
    const db = pglite;
    const session: MigrationSession = {
      query: async (sql, params) => ({ rows: (await db.query<Record<string, unknown>>(sql, params)).rows }),
      exec: async (script) => {
        await db.exec(script);
      },
    };
    const result = await migrate(session, migrations);
    // One connection, in process: no lock held by another session nor frozen link can stall it,
    // but a runaway statement still must not hold every room's writes (after the migrations, which may be long).
    if (limits.statementTimeoutMs) await db.exec(`SET statement_timeout = ${Math.round(limits.statementTimeoutMs)}`);
    // A folder gone from under it (PGlite would go on in memory): nothing is acknowledged, before or
    // after any statement, whichever path sends it (the ORM, plain SQL, readiness).
    const watch = new DataDirWatch(root);
    const guarded = guardedBy(watch, db);
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(guarded) });
    const named = namedStatements(db, () => watch.assert());
    let closed = false;
    return {
      prisma,
      kind: 'embedded',
      // PGlite runs one statement at a time and queues this behind any open Prisma transaction.
      sql: async <Row extends Record<string, unknown>>(
        text: string,
        params: readonly unknown[],
        options: { name?: string } = {},
      ) => (options.name ? named<Row>(options.name, text, params) : (await guarded.query<Row>(text, [...params])).rows),
      migrations: result,
      dataDirGone: () => (watch.isGone ? basename(root) : null),
      async close() {
        if (closed) return;
        closed = true;
        watch.close();
        try {
          await prisma.$disconnect();
          await db.close();
        } finally {
          lock.release();
        }
      },
    };
  } catch (e) {
    await pglite?.close().catch(() => undefined);
    lock.release();
    throw e;
  }
}

async function openPostgres(
  databaseUrl: string,
  migrations: ReturnType<typeof readMigrations>,
  limits: Pick<DatabaseConfig, 'poolSize' | 'statementTimeoutMs' | 'connectTimeoutMs'>,
): Promise<Database> {
  const result = await migratePostgres(databaseUrl, migrations, limits.connectTimeoutMs);
  const statementMs = limits.statementTimeoutMs ?? 0;
  // One pool for Prisma and the hot path's plain SQL; we made it, so we end it. statement_timeout
  // cancels a statement waiting on a held row lock or a slow server (server side, a clear error);
  // query_timeout gives up on a reply that never comes (a frozen connection), a second later, and
  // the pool then drops that connection.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: limits.poolSize ?? 10,
    ...(limits.connectTimeoutMs ? { connectionTimeoutMillis: limits.connectTimeoutMs } : {}),
    ...(statementMs ? { statement_timeout: statementMs, query_timeout: statementMs + 1000 } : {}),
  });
  // An idle connection losing its server (restart, failover) must not crash the
  // process; the pool drops it and the next query reconnects.
  pool.on('error', () => undefined);
  const prisma = new PrismaClient({
    adapter: new PrismaPg(pool, { onPoolError: () => undefined, onConnectionError: () => undefined }),
  });
  let closed = false;
  return {
    prisma,
    kind: 'postgres',
    sql: async <Row extends Record<string, unknown>>(text: string, params: readonly unknown[], options: { name?: string } = {}) =>
      (await pool.query<Row>({ text, values: [...params], ...(options.name ? { name: options.name } : {}) })).rows,
    migrations: result,
    pool: () => ({ inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      if (closed) return;
      closed = true;
      await prisma.$disconnect();
      await pool.end();
    },
  };
}

/** Migrations get a connection of their own: the advisory lock and BEGIN/COMMIT need one session. */
async function migratePostgres(
  databaseUrl: string,
  migrations: ReturnType<typeof readMigrations>,
  connectTimeoutMs = 0,
): Promise<MigrateResult> {
  // No statement timeout: a migration may rightly take long.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: connectTimeoutMs });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await migrate(
      {
        query: async (sql, params) => ({ rows: (await client.query<Record<string, unknown>>(sql, params)).rows }),
        exec: async (script) => {
          // No parameters: pg uses the simple protocol, which allows several statements.
          await client.query(script);
        },
      },
      migrations,
    );
  } finally {
    await client.end();
  }
}
