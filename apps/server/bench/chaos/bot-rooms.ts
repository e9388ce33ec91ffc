// 5. Bot-room load: watched rooms of strong bots, and an honest socket's acknowledgement times meanwhile.
import { freshDatabase } from '../../src/test-support/databases';
import { Player } from '../../src/test-support/player';
import { kill, spawnServer } from '../../src/test-support/process';
import { createRoom } from '../../src/test-support/server';
import { BOT_ROOMS } from './options';

export async function botRooms(): Promise<void> {
  const db = await freshDatabase('embedded');
  // Every room from one address, the bench's: the per-address bound of rooms of bots only is lifted to their number.
  const server = await spawnServer({
    DATA_DIR: db.config.dataDir,
    ROOM_CREATE_BURST: String(BOT_ROOMS + 10),
    BOT_ROOMS_PER_IP: String(BOT_ROOMS),
    // The honest socket's 300 joins are the probe, not a flood: its per-socket join bound lifted.
    SOCKET_JOIN_BURST: '1000',
  });
  const body = { family: 'duel', options: { pegs: 6, colours: 10, repeats: true }, bots: [0, 1], botStrength: 'strong' };
  const watchers: Player[] = [];
  for (let i = 0; i < BOT_ROOMS; i++) {
    const roomId: string = (await createRoom(server.url, body)).json.id;
    const w = await Player.connect(server.url);
    await w.join(roomId);
    watchers.push(w);
  }
  const ownRoom: string = (await createRoom(server.url, { family: 'duel' })).json.id;
  const honest = await Player.connect(server.url);
  await honest.join(ownRoom);
  const acks: number[] = [];
  for (let i = 0; i < 300; i++) {
    const t0 = performance.now();
    await honest.join(ownRoom);
    acks.push(Math.round((performance.now() - t0) * 10) / 10);
    // Under the per-socket message rate (SOCKET_MESSAGES_PER_SEC, 10/s): an honest pace.
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  const sorted = [...acks].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  console.log(
    `bot-room load (${BOT_ROOMS} watched rooms of strong bots, 6 holes, 10 colours): honest ack p50=${at(0.5)} p99=${at(0.99)} max=${sorted.at(-1)} (ms, n=${acks.length})`,
  );
  honest.close();
  for (const w of watchers) w.close();
  await kill(server.child);
  await db.drop();
}
