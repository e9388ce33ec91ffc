import type { App } from '../app';
import type { TestDatabase } from './databases';
import { Player } from './player';
import { startServer } from './server';

export interface StormResult {
  sockets: number;
  /** connections the server's accept queue turned away, tried again (as socket.io clients do) */
  connectRetries: number;
  /** replies per error code (INTERNAL must stay 0) */
  failures: Record<string, number>;
  /** seats claimed at once: ms until the last reply */
  claimMs: number;
  /** seats regained with their tokens after the restart */
  regained: number;
  rejoinMs: number;
}

/**
 * `rooms` duels; every seat claimed by its own socket, all at once; the server restarted; then
 * every socket joins again with its seat token, all at once. Returns the server now running.
 */
export async function reconnectStorm(
  db: TestDatabase,
  rooms: number,
  config: Parameters<typeof startServer>[1] = {},
): Promise<{ result: StormResult; app: App }> {
  let { app, url } = await startServer(db, config);
  let connectRetries = 0;
  const connect = async (): Promise<Player> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await Player.connect(url);
      } catch (err) {
        if (attempt >= 10) throw err;
        connectRetries++;
        await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
      }
    }
  };
  const roomIds: string[] = [];
  for (let i = 0; i < rooms; i++) {
    const made = await app.rooms.create('duel', {});
    if (!made.ok) throw new Error(made.message);
    roomIds.push(made.room.id);
  }
  const seats = roomIds.flatMap((roomId) => [0, 1].map((seat) => ({ roomId, seat })));
  const players = await Promise.all(seats.map(() => connect()));
  await Promise.all(players.map((p, i) => p.join(seats[i]!.roomId)));
  const failures: Record<string, number> = {};
  const fail = (code: string): void => void (failures[code] = (failures[code] ?? 0) + 1);

  let t0 = Date.now();
  const claims = await Promise.all(players.map((p, i) => p.claim(seats[i]!.seat, `P${i}`)));
  const claimMs = Date.now() - t0;
  for (const c of claims) if (!c.ok) fail(c.code);
  const tokens = players.map((p) => p.seatToken);
  for (const p of players) p.close();

  await app.close();
  ({ app, url } = await startServer(db, config));
  const again = await Promise.all(seats.map(() => connect()));
  t0 = Date.now();
  const joins = await Promise.all(again.map((p, i) => p.join(seats[i]!.roomId, tokens[i])));
  const rejoinMs = Date.now() - t0;
  let regained = 0;
  joins.forEach((j, i) => {
    if (!j.ok) fail(j.code);
    else if (j.seat === seats[i]!.seat) regained++;
  });
  for (const p of again) p.close();
  return { result: { sockets: seats.length, connectRetries, failures, claimMs, regained, rejoinMs }, app };
}
