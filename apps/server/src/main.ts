import { buildApp } from './app';
import { configFromEnv } from './config';

// The process entry: configuration from the environment, graceful stop on signals.
const app = await buildApp(configFromEnv());
const url = await app.listen();
app.http.log.info(`Mastermind table ready (${app.db.kind} database)`);
console.log(`\n  Open ${url} to play.\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void app.close().then(() => process.exit(0));
  });
}
