// 2. Bot failover: the process holding a bot's room SIGKILLed right after a person's move.
import { freshDatabase } from '../../src/test-support/databases';
import { botFailoverTrial, startNode, type Node } from '../../src/test-support/failover';
import { kill } from '../../src/test-support/process';
import { REDIS_URL, stats, TRIALS } from './options';

export async function failover(): Promise<void> {
  const db = await freshDatabase('postgres');
  const env = { DATABASE_URL: db.config.databaseUrl!, DATA_DIR: db.config.dataDir, REDIS_URL, ROOM_CREATE_BURST: '100000' };
  const nodes: [Node, Node] = [await startNode(env), await startNode(env)];
  const times: { loaded: number[]; cold: number[] } = { loaded: [], cold: [] };
  let voided = 0;
  for (let t = 0; t < TRIALS;) {
    const outcome = await botFailoverTrial(nodes, db.config.databaseUrl!, t % 2 === 0);
    if (!outcome) {
      voided++;
      continue;
    }
    (outcome.trial.survivorLoaded ? times.loaded : times.cold).push(outcome.trial.ms);
    nodes[outcome.killed] = await startNode(env);
    t++;
  }
  if (voided) console.log(`  (${voided} trials void: the bot moved before the kill landed)`);
  const all = [...times.loaded, ...times.cold];
  console.log(
    `bot failover after SIGKILL (BOT_DELAY_MS 700 included): ${stats(all)}; within 5 s: ${all.filter((ms) => ms <= 5000).length}/${all.length}`,
  );
  console.log(`  survivor had the room loaded: ${stats(times.loaded)}`);
  if (times.cold.length) console.log(`  survivor had never loaded it: ${stats(times.cold)}`);
  for (const n of nodes) await kill(n.child);
  await db.drop();
}
