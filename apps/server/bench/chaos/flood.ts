// 6. Join flood: hostile sockets re-joining a room once a second while two people play in it.
import { freshDatabase } from '../../src/test-support/databases';
import { Player } from '../../src/test-support/player';
import { kill, spawnServer } from '../../src/test-support/process';
import { playDuels, rejoinEverySecond, seatedDuel } from './duels';
import { FLOOD, FLOOD_SEC, percentiles } from './options';

/** Hostile sockets re-joining a room once a second (reconnecting when refused) while two people play in it. */
export async function joinFlood(label: string, env: Record<string, string>): Promise<void> {
  const db = await freshDatabase('postgres');
  const server = await spawnServer({
    DATA_DIR: db.config.dataDir,
    DATABASE_URL: db.config.databaseUrl!,
    ROOM_CREATE_BURST: '100000',
    ...env,
  });
  const table = await seatedDuel(server.url);
  const { alice, bob } = table;
  let { roomId } = table;
  const hostile = rejoinEverySecond(server.url, FLOOD, () => roomId);
  const health: number[] = [];
  const end = Date.now() + FLOOD_SEC * 1000;
  const probeHealth = (async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      await fetch(`${server.url}/api/health`).catch(() => undefined);
      health.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  // A newcomer (from the same address as the flood: only one here) meanwhile.
  const lateJoin = (async () => {
    const t0 = performance.now();
    const late = await Player.connect(server.url).catch(() => null);
    const joined = late ? await late.join(roomId).catch(() => null) : null;
    late?.close();
    return { ms: performance.now() - t0, ok: joined?.ok === true };
  })();
  // The honest players' first failure ends their part (printed): with every socket from one address,
  // the per-address bounds may refuse them along with the flood.
  const { acks, failure: honestFailure } = await playDuels(server.url, alice, bob, end, (next) => (roomId = next));
  await probeHealth;
  await hostile.stop();
  const { counts } = hostile;
  console.log(`join flood, ${label}: ${FLOOD} hostile sockets, ${FLOOD_SEC} s`);
  console.log(`  honest ack: ${percentiles(acks)}`);
  console.log(`  /api/health: ${percentiles(health)}`);
  if (honestFailure) console.log(`  the honest players stopped: ${honestFailure}`);
  const late = await lateJoin;
  console.log(
    // A watcher: the flood holds the watcher places (a person who sits joins with a claim instead, never refused).
    `  a new watcher (same address) connected and joined in ${late.ms.toFixed(0)} ms (${late.ok ? 'joined' : 'refused'})`,
  );
  console.log(`  hostile joins accepted=${counts.joined} refused=${JSON.stringify(counts.refused)}`);
  alice.close();
  bob.close();
  await kill(server.child);
  await db.drop();
}
