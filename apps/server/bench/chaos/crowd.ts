// 8. A crowd of admitted watchers, one address each, re-joining once a second while two people play.
import { freshDatabase } from '../../src/test-support/databases';
import { Player } from '../../src/test-support/player';
import { kill, spawnServer } from '../../src/test-support/process';
import { until } from '../../src/test-support/until';
import { playDuels, rejoinEverySecond, seatedDuel } from './duels';
import { CROWD, CROWD_SEC, percentiles } from './options';

/**
 * A crowd of admitted watchers (issue 28): `SPECTATORS_PER_ROOM=1000`, and CROWD watchers each from an
 * address of its own (`X-Forwarded-For` through the loopback as trusted proxy: a botnet, which the
 * per-address bounds as shipped do not hold back) re-joining the room once a second on their socket
 * (a new one when closed) while two people play in it. Measured: the honest player's connect time (a
 * new socket of Alice's back into her seat: handshake and join, once a second) and the players' acks.
 */
export async function admittedCrowd(): Promise<void> {
  const db = await freshDatabase('postgres');
  const server = await spawnServer({
    DATA_DIR: db.config.dataDir,
    DATABASE_URL: db.config.databaseUrl!,
    ROOM_CREATE_BURST: '100000',
    SPECTATORS_PER_ROOM: '1000',
    TRUST_PROXY: 'loopback',
    SOCKETS_PER_IP: '50',
    JOIN_BURST_PER_IP: '20',
    JOINS_PER_SEC_PER_IP: '2',
  });
  const table = await seatedDuel(server.url);
  const { alice, bob } = table;
  let { roomId } = table;
  const crowd = rejoinEverySecond(
    server.url,
    CROWD,
    () => roomId,
    (i) => ({ 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` }),
  );
  const { counts } = crowd;
  const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));
  // Measured once the crowd is in (or after a minute, if the machine cannot seat it sooner).
  await until('the crowd admitted', async () => counts.joined >= CROWD, 60_000).catch(() => undefined);
  const end = Date.now() + CROWD_SEC * 1000;
  const connects: number[] = [];
  const probe = (async () => {
    while (Date.now() < end) {
      const t0 = performance.now();
      const tab = await Player.connect(server.url).catch(() => null);
      const r = tab ? await tab.join(roomId, alice.seatToken).catch(() => null) : null;
      // Only a join back into the seat counts (not one racing a move to a new table).
      if (r?.ok && r.seat !== null) connects.push(performance.now() - t0);
      tab?.close();
      await pause(1000);
    }
  })();
  const { acks, failure } = await playDuels(server.url, alice, bob, end, (next) => (roomId = next));
  await probe;
  await crowd.stop();
  console.log(
    `admitted crowd: ${CROWD} watchers (SPECTATORS_PER_ROOM=1000, one address each) re-joining once a second, ${CROWD_SEC} s`,
  );
  console.log(`  honest connect (a new socket back into its seat): ${percentiles(connects)}`);
  console.log(`  honest ack: ${percentiles(acks)}`);
  if (failure) console.log(`  the honest players stopped: ${failure}`);
  console.log(`  crowd joins accepted=${counts.joined} refused=${JSON.stringify(counts.refused)}`);
  alice.close();
  bob.close();
  await kill(server.child);
  await db.drop();
}
