import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { until } from '../test-support/until';
import { registerHealthRoutes } from './health';

describe('readiness while the drain begins', () => {
  it('answers 503 SHUTTING_DOWN to a probe that was under way when the signal came, never "ready"', async () => {
    let draining = false;
    let pings = 0;
    let answerDb: () => void = () => undefined;
    const app = Fastify();
    registerHealthRoutes(app, {
      dbKind: 'postgres',
      pingDb: () => {
        pings++;
        return new Promise<void>((resolve) => (answerDb = resolve));
      },
      draining: () => draining,
    });
    try {
      const answer = app.inject({ method: 'GET', url: '/api/health/ready' });
      await until('the probe asks the database', async () => pings === 1);
      // The signal comes while the database is being asked; the database then answers at once.
      draining = true;
      answerDb();
      const res = await answer;
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ error: { code: 'SHUTTING_DOWN' } });
      expect(res.headers['connection']).toBe('close');
    } finally {
      await app.close();
    }
  });
});
