// 3. A reconnect storm: sockets claim seats at once, the server restarts, all rejoin with their tokens.
import { freshDatabase, type TestDatabase } from '../../src/test-support/databases';
import { reconnectStorm } from '../../src/test-support/storm';
import { STORM } from './options';

export async function storm(kind: 'embedded' | 'postgres'): Promise<void> {
  const db: TestDatabase = await freshDatabase(kind);
  const { result, app } = await reconnectStorm(db, Math.ceil(STORM / 2));
  console.log(`reconnect storm (${kind}): ${JSON.stringify(result)}`);
  await app.close();
  await db.drop();
}
