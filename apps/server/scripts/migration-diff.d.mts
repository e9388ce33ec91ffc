// Types for migration-diff.mjs (a plain Node script, so that it runs without a build step).
export declare const DEFAULT_SCHEMA: string;
export declare const DEFAULT_MIGRATIONS: string;
export declare function listMigrations(migrationsDir?: string): { name: string; sql: string }[];
/** SQL that takes a database from the migrations (or from empty) to the schema; '' when they agree. */
export declare function diffMigrationsToSchema(options?: { migrationsDir?: string; schemaPath?: string }): Promise<string>;
/** Writes the pending diff as a new migration folder; its name, or null when none was needed. */
export declare function writeNextMigration(options?: {
  name?: string;
  migrationsDir?: string;
  schemaPath?: string;
}): Promise<string | null>;

export interface MigrationList {
  baseDir: string;
  lockfile: { path: string; content: string | null };
  shadowDbInitScript: string;
  migrationDirectories: { path: string; migrationFile: { path: string; content: { tag: 'ok'; value: string } } }[];
}
interface SchemaFilter {
  externalTables: string[];
  externalEnums: string[];
}
/** The part of @prisma/schema-engine-wasm's SchemaEngine used here. */
export interface SchemaEngine {
  diagnoseMigrationHistory(input: {
    migrationsList: MigrationList;
    optInToShadowDatabase: boolean;
    filters: SchemaFilter;
  }): Promise<{
    editedMigrationNames: string[];
    failedMigrationNames: string[];
    hasMigrationsTable: boolean;
    history: null | { diagnostic: string };
  }>;
  applyMigrations(input: { migrationsList: MigrationList; filters: SchemaFilter }): Promise<{ appliedMigrationNames: string[] }>;
  free(): void;
}
/** Prisma's schema engine over a driver adapter factory (e.g. PrismaPg); `engine.free()` when done. */
export declare function openSchemaEngine(options: {
  adapterFactory: object;
  schemaPath?: string;
}): Promise<{ engine: SchemaEngine; logs: string[] }>;
export declare function migrationList(migrationsDir?: string): MigrationList;
