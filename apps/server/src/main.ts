import { buildApp, type App } from './app';
import { ConfigError, configFromEnv, type Config } from './config';
import { DataDirLockedError } from './db/data-dir-lock';
import { startBenchTiming } from './bench-timing';

// The process entry: configuration from the environment, a graceful stop on signals.
let config: Config;
try {
  config = configFromEnv();
} catch (err) {
  // A configuration the operator must fix: one line, no stack.
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`Cannot start: ${err.message}\n`);
  process.exit(1);
}
// bench:load only: where an action's time goes inside the server (bench-timing.ts).
if (process.env['BENCH_TIMING'] === '1') startBenchTiming();
let app: App;
try {
  app = await buildApp(config);
} catch (err) {
  // The one start-up failure an operator causes by hand: say so in one line, no stack.
  if (err instanceof DataDirLockedError) {
    process.stderr.write(`Cannot start: ${err.message}\n`);
    process.exit(1);
  }
  throw err;
}
const url = await app.listen();
app.http.log.info({ url, db: app.db.kind }, `Mastermind table ready: open ${url} to play`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    app.http.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
    // Whatever clients or the database do, the process is gone shortly after the grace period.
    setTimeout(() => {
      app.http.log.warn('shutdown grace period over: exiting');
      process.exit(1);
    }, config.shutdownGraceMs + 500).unref();
    void app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.http.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
