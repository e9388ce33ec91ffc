import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { freshEmbeddedDataDir } from './test-databases';
import { isUnavailable } from './unavailable';

describe('the embedded data folder', () => {
  it('refuses to start empty where the record beside it says a database was, unless told to begin anew', async () => {
    // A copy of the migrated template: only beginning anew needs a new database's seconds of set-up.
    const dir = await freshEmbeddedDataDir();
    try {
      const first = await openDatabase({ dataDir: dir.path });
      await first.sql('SELECT 1', []);
      await first.close();
      expect(existsSync(`${dir.path}.id`)).toBe(true);
      // Everything inside deleted (the folder itself kept, as a volume mount would be).
      for (const name of readdirSync(dir.path)) rmSync(join(dir.path, name), { recursive: true, force: true });
      await expect(openDatabase({ dataDir: dir.path })).rejects.toThrow(/DATA_DIR_RESET=1/);
      const fresh = await openDatabase({ dataDir: dir.path, resetDataDir: true });
      await fresh.close();
      // Begun anew, it is the recorded one from now on.
      await (await openDatabase({ dataDir: dir.path })).close();
    } finally {
      dir.remove();
      rmSync(`${dir.path}.id`, { force: true });
    }
  }, 120_000);

  it('acknowledges nothing once the folder is deleted while the server runs', async () => {
    const dir = await freshEmbeddedDataDir();
    try {
      const db = await openDatabase({ dataDir: dir.path });
      await db.sql('SELECT 1', []);
      rmSync(dir.path, { recursive: true, force: true });
      const err = await db.sql('SELECT 1', []).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUnavailable(err)).toBe(true);
      await db.close().catch(() => undefined);
    } finally {
      dir.remove();
      rmSync(`${dir.path}.id`, { force: true });
    }
  }, 120_000);
});
