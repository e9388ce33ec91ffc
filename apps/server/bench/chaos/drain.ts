// 4. Drain: SIGTERM with sockets and kept-alive connections open; time until the process has exited.
import type { ChildProcess } from 'node:child_process';
import { freshDatabase } from '../../src/test-support/databases';
import { Player } from '../../src/test-support/player';
import { spawnServer } from '../../src/test-support/process';
import { RawConnection } from '../../src/test-support/raw-http';
import { createRoom } from '../../src/test-support/server';
import { stats } from './options';

export async function drain(): Promise<void> {
  const db = await freshDatabase('embedded');
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const server = await spawnServer({ DATA_DIR: db.config.dataDir });
    const roomId: string = (await createRoom(server.url, { family: 'duel' })).json.id;
    const sockets = await Promise.all(Array.from({ length: 50 }, () => Player.connect(server.url)));
    await Promise.all(sockets.map((s) => s.join(roomId)));
    const idle = await RawConnection.open(server.url);
    await idle.request('GET', '/api/health').response;
    const busy = await RawConnection.open(server.url);
    const slow = busy.request('POST', '/api/rooms', JSON.stringify({ family: 'duel' }), { holdBody: true });
    const child: ChildProcess = server.child;
    const t0 = Date.now();
    const exit = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    slow.sendBody();
    await exit;
    times.push(Date.now() - t0);
    for (const s of sockets) s.close();
    idle.end();
    busy.end();
  }
  console.log(`SIGTERM drain (50 sockets, an idle and a busy kept-alive connection): ${stats(times)}`);
  await db.drop();
}
