import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { botFailoverTrial, startNode, type FailoverTrial, type Node } from '../test-support/failover';
import { kill } from '../test-support/process';
import { useSharedRedis } from '../test-support/shared-redis';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

// The 20-trial figure is `pnpm --filter @mm/server bench:chaos`; here a few trials prove the mechanism.
describe('a bot whose process is SIGKILLed', () => {
  let db: TestDatabase;
  let env: Record<string, string>;
  const nodes: Node[] = [];
  /** the process killed by the last trial, replaced when the next one begins (none after the last) */
  let down: 0 | 1 | null = null;
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    // Slow enough a bot that the kill lands before it plays, even on a busy machine; a lease half the
    // default, so the survivor takes the room sooner (renewed six times in it, it outlasts a busy machine's pauses).
    env = {
      DATABASE_URL: db.config.databaseUrl!,
      DATA_DIR: db.config.dataDir,
      REDIS_URL,
      BOT_DELAY_MS: '1500',
      DUTY_LEASE_MS: '1250',
    };
    nodes.push(await startNode(env), await startNode(env));
  }, 120_000);
  afterAll(async () => {
    for (const n of nodes) await kill(n.child);
    await db?.drop();
  });

  // Which process holds the lease is the database's choice; the survivor had the room loaded or not (printed).
  it.each([
    ['someone watching on both processes', true],
    ['the person alone on one process', false],
    ['someone watching on both processes, again', true],
  ])(
    'is played by the other process, with %s',
    async (_label, watchSurvivorFirst) => {
      if (down !== null) nodes[down] = await startNode(env);
      down = null;
      let outcome: Awaited<ReturnType<typeof botFailoverTrial>> = null;
      for (let attempt = 0; attempt < 5 && !outcome; attempt++) {
        outcome = await botFailoverTrial([nodes[0]!, nodes[1]!], db.config.databaseUrl!, watchSurvivorFirst);
      }
      if (!outcome) throw new Error('the bot always moved before the kill could land: a longer BOT_DELAY_MS is needed here');
      down = outcome.killed;
      const shown: FailoverTrial = outcome.trial;
      console.log(`bot failover: ${shown.ms} ms after SIGKILL (survivor had the room loaded: ${shown.survivorLoaded})`);
      // The move was stored by the survivor: the only process left.
      expect(shown.ms).toBeGreaterThan(0);
    },
    120_000,
  );
});
