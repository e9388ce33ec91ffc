import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { botFailoverTrial, startNode, type FailoverTrial, type Node } from '../test-support/failover';
import { kill } from '../test-support/process';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// The 20-trial figure is `pnpm --filter @mm/server bench:chaos`; here a few trials prove the mechanism.
describe('a bot whose process is SIGKILLed', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const nodes: Node[] = [];
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    // Slow enough a bot that the kill lands before it plays.
    env = { DATABASE_URL: db.config.databaseUrl!, DATA_DIR: db.config.dataDir, REDIS_URL, BOT_DELAY_MS: '1000' };
    nodes.push(await startNode(env), await startNode(env));
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await kill(n.child);
    await db?.drop();
  });

  it.each([
    ['had the room loaded (someone watching there)', true],
    ['had never loaded the room', false],
    ['had the room loaded, again', true],
  ])('is played by the other process, which %s', async (_label, watchSurvivorFirst) => {
    const { trial, killed } = await botFailoverTrial([nodes[0]!, nodes[1]!], db.config.databaseUrl!, watchSurvivorFirst);
    nodes[killed] = await startNode(env);
    const shown: FailoverTrial = trial;
    console.log(`bot failover: ${shown.ms} ms after SIGKILL (survivor had the room loaded: ${shown.survivorLoaded})`);
    expect(trial.ms).toBeGreaterThan(0);
  }, 120_000);
});
