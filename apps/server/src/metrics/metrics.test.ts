import { describe, expect, it } from 'vitest';
import { seatTable } from '../test-support/table';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';
import { Metrics } from './metrics';
import { bearerMatches } from './serve';

const TOKEN = 'a-metrics-token-of-some-length';

describe('/metrics', () => {
  describe('without METRICS_TOKEN or METRICS_PORT', () => {
    const server = useServer('postgres');

    it('is not served at all', async () => {
      const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    });
  });

  describe('with METRICS_TOKEN', () => {
    const server = useServer('postgres', { metricsToken: TOKEN });

    it('answers 401 in the uniform body without the right bearer token', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
        const res = await fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });
        expect(res.status, authorization).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Bearer');
        expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
      }
    });

    it('counts rooms, sockets, actions accepted and refused by code, ack latency and the event loop, in Prometheus text', async () => {
      const table = await seatTable(server.url, { family: 'duel' }, 2);
      try {
        expect((await table.seats[0]!.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
        const refused = await table.seats[0]!.act({ type: 'setSecret', code: [0, 1, 2, 3] });
        expect(refused.ok).toBe(false);
        const code = refused.ok ? '' : refused.code;
        const res = await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
        const text = await res.text();
        expect(text).toMatch(/^mm_rooms_loaded [1-9]/m);
        expect(text).toMatch(/^mm_sockets_connected [1-9]/m);
        expect(text).toMatch(/^mm_actions_accepted_total 1$/m);
        expect(text).toContain(`mm_actions_refused_total{code="${code}"} 1`);
        expect(text).toMatch(/^mm_action_ack_seconds_count 2$/m);
        expect(text).toMatch(/^mm_action_ack_seconds_bucket\{le="\+Inf"\} 2$/m);
        expect(text).toContain('# TYPE mm_nodejs_eventloop_lag_seconds gauge');
        expect(text).toContain('# TYPE mm_pushes_total counter');
      } finally {
        table.close();
      }
    });
  });

  describe('with METRICS_PORT', () => {
    const server = useServer('postgres', { metricsPort: 0 });

    it('serves them on that port without a token, and not on the main one', async () => {
      const port = server.app.metricsPort();
      expect(port).not.toBeNull();
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE mm_rooms_loaded gauge');
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
    });
  });

  describe('on PostgreSQL, with bots and turn timers', () => {
    // One "second" of turnSeconds lasts 50 ms here: a 10 s turn runs out in half a second.
    const server = useServer('postgres', { metricsToken: TOKEN, botDelayMs: 0, secondMs: 50 });
    const read = async (): Promise<string> =>
      (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();

    it('counts group commits, the pool, duty lag of bots and timeouts, pushes by outcome and the event loop', async () => {
      const botRoom: string = (await createRoom(server.url, { family: 'duel', bots: [1] })).json.id;
      const person = await Player.connect(server.url);
      const timed = await seatTable(server.url, { family: 'duel', turnSeconds: 10 }, 2);
      try {
        expect((await person.join(botRoom)).ok).toBe(true);
        expect((await person.claim(0, 'Ada')).ok).toBe(true);
        expect((await person.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
        // The bot's guess, and the codemaker's turn that runs out with nobody moving.
        const moves = (roomId: string) => server.app.db.prisma.action.count({ where: { match: { roomId } } });
        await until("the bot's guess", async () => (await moves(botRoom)) >= 2);
        await until('the turn run out', async () => (await moves(timed.roomId)) >= 1);
        const text = await read();
        expect(text).toMatch(/^mm_commit_batch_rows_count [1-9]/m);
        expect(text).toMatch(/^mm_db_pool_in_use \d+$/m);
        expect(text).toMatch(/^mm_db_pool_waiting \d+$/m);
        expect(text).toMatch(/^mm_duty_lag_seconds_count\{duty="bot"\} [1-9]/m);
        expect(text).toMatch(/^mm_duty_lag_seconds_count\{duty="timeout"\} [1-9]/m);
        for (const outcome of ['sent', 'failed'])
          expect(text).toMatch(new RegExp(`^mm_pushes_total\\{outcome="${outcome}"\\} \\d+$`, 'm'));
        expect(text).toMatch(/^mm_nodejs_eventloop_lag_p99_seconds \d/m);
      } finally {
        person.close();
        timed.close();
      }
    });
  });

  it('has group-commit batch sizes and the database pool for the database layer to feed', async () => {
    const metrics = new Metrics({ dbPool: () => ({ inUse: 3, waiting: 2 }) });
    metrics.commitBatch(5);
    metrics.commitBatch(40);
    const text = await metrics.registry.metrics();
    expect(text).toMatch(/^mm_commit_batch_rows_count 2$/m);
    expect(text).toMatch(/^mm_commit_batch_rows_sum 45$/m);
    expect(text).toMatch(/^mm_db_pool_in_use 3$/m);
    expect(text).toMatch(/^mm_db_pool_waiting 2$/m);
  });

  it('compares the bearer token whole', () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`Bearer ${TOKEN.slice(0, -1)}`, TOKEN)).toBe(false);
    expect(bearerMatches(undefined, TOKEN)).toBe(false);
    expect(bearerMatches('Bearer ', TOKEN)).toBe(false);
  });
});
