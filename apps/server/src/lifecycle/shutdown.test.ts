import { afterAll, describe, expect, it } from 'vitest';
import type { ChildProcess } from 'node:child_process';
import type { MatchDetail } from '@mm/protocol';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { Player } from '../test-support/player';
import { kill, spawnServer } from '../test-support/process';
import { RawConnection } from '../test-support/raw-http';
import { createRoom } from '../test-support/server';

const exited = (child: ChildProcess): Promise<number | null> =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', (code) => resolve(code))));

describe('SIGTERM', () => {
  let db: TestDatabase;
  const children: ChildProcess[] = [];
  afterAll(async () => {
    for (const c of children) await kill(c);
    await db?.drop();
  });

  it('drains: in-flight work answered, kept-alive connections closed, sockets told to reconnect, exit within the grace period', async () => {
    db = await freshDatabase('embedded');
    // Node's own keep-alive timeout (72 s here) would keep an idle connection, and the process, alive long after this.
    const env = { DATA_DIR: db.config.dataDir, SHUTDOWN_GRACE_MS: '4000' };
    const server = await spawnServer(env);
    children.push(server.child);

    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const maker = await Player.connect(server.url);
    const breaker = await Player.connect(server.url);
    await maker.join(roomId);
    await breaker.join(roomId);
    await maker.claim(0, 'Maker');
    await breaker.claim(1, 'Breaker');
    expect((await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
    const disconnects = [maker, breaker].map((p) => new Promise<string>((resolve) => p.socket.once('disconnect', resolve)));

    // An idle kept-alive connection, and one whose request is in flight (its body not yet sent) at the signal.
    const idle = await RawConnection.open(server.url);
    expect((await idle.request('GET', '/api/health').response).status).toBe(200);
    const busy = await RawConnection.open(server.url);
    expect((await busy.request('GET', '/api/health').response).status).toBe(200);
    const slow = busy.request('POST', '/api/rooms', JSON.stringify({ family: 'duel' }), { holdBody: true });
    // A load balancer's kept-alive connection, asking readiness right after the signal.
    const balancer = await RawConnection.open(server.url);
    expect((await balancer.request('GET', '/api/health/ready').response).status).toBe(200);

    // An action sent as the signal goes: either committed and acknowledged, or neither.
    const inFlight = breaker.act({ type: 'guess', code: [3, 2, 1, 0] }, { actionId: 'at-the-signal' }).catch((e: Error) => e);
    const t0 = Date.now();
    server.child.kill('SIGTERM');
    const code = exited(server.child);
    const probed = await balancer.request('GET', '/api/health/ready').response;
    expect(probed.status).toBe(503);
    expect(JSON.parse(probed.body)).toMatchObject({ error: { code: 'SHUTTING_DOWN' } });

    await idle.closed;
    slow.sendBody();
    const answered = await slow.response;
    expect([201, 503]).toContain(answered.status);
    expect(answered.headers['connection']).toBe('close');
    await busy.closed;
    await balancer.closed;
    // No new connection is taken.
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();

    // Closed by the server as a transport close: Socket.IO clients reconnect by themselves (elsewhere).
    expect(await Promise.all(disconnects)).toEqual(['transport close', 'transport close']);
    expect(await code).toBe(0);
    const drainMs = Date.now() - t0;
    console.log(`SIGTERM drain: ${drainMs} ms`);
    const ack = await inFlight;

    const again = await spawnServer(env);
    children.push(again.child);
    const summary = (await (await fetch(`${again.url}/api/rooms/${roomId}`)).json()) as { match: { id: string } };
    const detail = (await (await fetch(`${again.url}/api/matches/${summary.match.id}`)).json()) as MatchDetail;
    const stored = detail.finished ? detail.log.length : detail.snapshot.seq;
    if (!(ack instanceof Error) && ack.ok) expect(stored).toBe(ack.seq);
    else expect(stored).toBe(1);
    maker.close();
    breaker.close();
  }, 120_000);
});
