/** What PostgreSQL does while a window is measured (`--timing`): its own statistics, sampled. */
import pg from 'pg';

/**
 * What PostgreSQL did during a window: WAL written and flushed, checkpoints, and the wait events
 * of the server's connections sampled every 20 ms (how often each was seen).
 */
export async function watchPostgres(url: string): Promise<{ stop(): Promise<Record<string, unknown>> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // PostgreSQL 15–16 names (17 moved checkpoints to pg_stat_checkpointer): a view it lacks is left out.
  const row = (sql: string): Promise<Record<string, string>> =>
    client.query<Record<string, string>>(sql).then(
      (r) => r.rows[0] ?? {},
      () => ({}),
    );
  const counters = async (): Promise<Record<string, number>> => {
    const wal = await row('SELECT wal_records, wal_bytes, wal_write, wal_sync, wal_buffers_full FROM pg_stat_wal');
    const bg = await row(
      'SELECT checkpoints_timed + checkpoints_req AS checkpoints, buffers_checkpoint, buffers_backend, buffers_backend_fsync FROM pg_stat_bgwriter',
    );
    return Object.fromEntries(Object.entries({ ...wal, ...bg }).map(([k, v]) => [k, Number(v)]));
  };
  const before = await counters();
  const waits: Record<string, number> = {};
  let samples = 0;
  let stopped = false;
  const sampling = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ w: string; n: string }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, state) AS w, count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid() AND state <> 'idle' GROUP BY 1
         UNION ALL SELECT backend_type || ':' || coalesce(wait_event, 'cpu'), 1 FROM pg_stat_activity
         WHERE backend_type IN ('walwriter', 'checkpointer') AND wait_event IS DISTINCT FROM 'WalWriterMain'
           AND wait_event IS DISTINCT FROM 'CheckpointerMain'`,
      );
      samples++;
      for (const r of rows) waits[r.w] = (waits[r.w] ?? 0) + Number(r.n);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await sampling;
      const after = await counters();
      await client.end();
      const delta = Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)]));
      return { ...delta, samples, waits };
    },
  };
}
