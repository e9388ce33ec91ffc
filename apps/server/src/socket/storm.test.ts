import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { freshDatabase, type TestDatabase, STORAGE_DATABASES } from '../test-support/databases';
import { reconnectStorm } from '../test-support/storm';

// 2,000 sockets is `bench:chaos`'s storm; on a shared test machine a few hundred prove the same.
describe.each(STORAGE_DATABASES)('a reconnect storm on the %s database', (kind) => {
  let db: TestDatabase;
  let app: App | undefined;
  afterAll(async () => {
    await app?.close();
    await db?.drop();
  });

  it('claims every seat at once, then after a restart every socket regains its seat with its token: no INTERNAL', async () => {
    db = await freshDatabase(kind);
    const storm = await reconnectStorm(db, 150);
    app = storm.app;
    console.log(`reconnect storm (${kind}): ${JSON.stringify(storm.result)}`);
    expect(storm.result.failures).toEqual({});
    expect(storm.result.regained).toBe(storm.result.sockets);
  }, 180_000);
});
