import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRoom, startServer } from '../test-support/server';
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

  it('makes the server unready and refuses to create rooms once the folder is deleted while it runs', async () => {
    const dir = await freshEmbeddedDataDir();
    const { app, url } = await startServer({ kind: 'embedded', config: { dataDir: dir.path }, drop: async () => {} });
    try {
      expect((await fetch(`${url}/api/health/ready`)).status).toBe(200);
      expect((await createRoom(url, { family: 'duel' })).status).toBe(201);
      rmSync(dir.path, { recursive: true, force: true });
      // Stored nowhere: neither ready nor "created", whichever path writes (not only the moves).
      const ready = await fetch(`${url}/api/health/ready`);
      expect(ready.status).toBe(503);
      const { error } = (await ready.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('UNAVAILABLE');
      // It names the folder (its last name only: the answer is public) and not a database that is slow.
      expect(error.message).toContain(`"${basename(dir.path)}"`);
      expect(error.message).not.toContain(dir.path);
      expect(error.message).not.toMatch(/did not answer/);
      const created = await createRoom(url, { family: 'duel' });
      expect(created.status).toBe(503);
      expect(created.json.error.code).toBe('UNAVAILABLE');
    } finally {
      await app.close().catch(() => undefined);
      dir.remove();
      rmSync(`${dir.path}.id`, { force: true });
    }
  }, 120_000);
});
