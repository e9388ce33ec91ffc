import { freshDatabase } from '@mm/server/test-support/databases';
import { spawnServer, kill } from '@mm/server/test-support/process';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';

const WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * The bundled server serving the built client, on a fresh embedded database; `env` adds
 * to (or overrides) the server's environment, e.g. `{ BOT_DELAY_MS: '50' }` for quick bots.
 */
export async function startProduct(env: Record<string, string> = {}): Promise<{ url: string; stop(): Promise<void> }> {
  // A copy of the migrated PGlite template: a new folder would spend seconds in initdb and migrations.
  const db = await freshDatabase('embedded');
  const { child, url }: { child: ChildProcess; url: string } = await spawnServer({
    DATA_DIR: db.config.dataDir,
    WEB_DIST,
    ...env,
  });
  return {
    // The server's public origin outside production is http://localhost:<port> (PUBLIC_URL): the
    // phones open the links it writes (share links, og:url) as a person would.
    url: url.replace('://127.0.0.1:', '://localhost:'),
    async stop() {
      await kill(child, 'SIGTERM');
      await db.drop();
    },
  };
}
