import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../test-support/databases';
import { RawConnection, type RawResponse } from '../test-support/raw-http';
import { startServer } from '../test-support/server';

/** The answer on `conn`, or 'reset' when the connection closed without one. */
const answerOrReset = (conn: RawConnection, response: Promise<RawResponse>): Promise<RawResponse | 'reset'> =>
  Promise.race([response, conn.closed.then(() => 'reset' as const)]);

describe('the drain after SIGTERM', () => {
  it('answers a request that arrives on a kept-alive connection, never resets it', async () => {
    const db = await freshDatabase('embedded');
    const { app, url } = await startServer(db, { shutdownGraceMs: 4000 });
    try {
      // Kept-alive connections, each idle after one answer, as a browser or a proxy keeps them.
      const conns: RawConnection[] = [];
      for (let i = 0; i < 4; i++) {
        const conn = await RawConnection.open(url);
        expect((await conn.request('GET', '/api/health').response).status).toBe(200);
        conns.push(conn);
      }
      const closing = app.close();
      // Requests sent as the drain begins and a little into it: each answered, 201 or 503, and the connection then closed.
      const answers: (RawResponse | 'reset')[] = [];
      for (const [i, conn] of conns.entries()) {
        if (i > 0) await new Promise((resolve) => setImmediate(resolve));
        const { response } = conn.request('POST', '/api/rooms', JSON.stringify({ family: 'duel' }));
        answers.push(await answerOrReset(conn, response));
      }
      for (const answer of answers) {
        expect(answer).not.toBe('reset');
        if (answer === 'reset') continue;
        expect([201, 503]).toContain(answer.status);
        expect(answer.headers['connection']).toBe('close');
        if (answer.status === 503) expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'SHUTTING_DOWN' } });
      }
      await Promise.all(conns.map((c) => c.closed));
      await closing;
    } finally {
      await app.close();
      await db.drop();
    }
  }, 60_000);
});
