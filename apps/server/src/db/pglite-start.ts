import { PGlite } from '@electric-sql/pglite';

/**
 * Settings of the embedded PostgreSQL (PGlite) on top of PGlite's own start parameters. Passed at
 * start, not through PGlite's `postgresqlconf` option: that one replaces the whole postgresql.conf
 * (time zone, date style, locale settings included).
 *
 * PGlite's buffer pool lives in its WebAssembly memory, which grows as pages are touched and never
 * shrinks: PostgreSQL's default 128 MB of it is more than the hot path (appends at the end of the
 * log, the two indexes' right-hand pages) needs, and every page read misses only into the OS page
 * cache (the data folder's files).
 */
const START_SETTINGS = ['-c', 'shared_buffers=32MB'];

/** The embedded PostgreSQL on `pgdata`, started with the server's settings. */
export const startPGlite = (pgdata: string): Promise<PGlite> =>
  PGlite.create(pgdata, { startParams: [...PGlite.defaultStartParams, ...START_SETTINGS] });
