import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';

describe('strong bots at the largest options', () => {
  const server = useServer('postgres', { botDelayMs: 0, botWorkers: 1 });

  it('think on a worker thread while the event loop keeps answering sockets', async () => {
    const body = { family: 'duel', options: { pegs: 6, colours: 10, repeats: true }, bots: [0, 1], botStrength: 'strong' };
    const rooms: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createRoom(server.url, body);
      expect(created.status).toBe(201);
      rooms.push(created.json.id as string);
    }
    const watcher = await Player.connect(server.url);
    try {
      // Watching makes the rooms play; while a move is being decided, the loop answers a join.
      for (const id of rooms) expect((await watcher.join(id)).ok).toBe(true);
      const pool = (server.app.bots as unknown as { solver: { busy: number } }).solver;
      let answeredWhileThinking = 0;
      await until(
        'a join answered while a bot thinks',
        async () => {
          if (pool.busy === 0) return false;
          const reply = await watcher.join(rooms[0]!);
          if (reply.ok && pool.busy > 0) answeredWhileThinking++;
          return answeredWhileThinking > 0;
        },
        120_000,
        1,
      );
      await until('several bot moves', async () => server.app.bots.stats.played >= 6, 120_000);
      expect(server.app.bots.stats.inWorker).toBeGreaterThan(0);
      expect(server.app.bots.stats.onLoop).toBe(0);
    } finally {
      watcher.close();
    }
  }, 180_000);

  it('work out a hint on the worker too, while the event loop keeps answering sockets', async () => {
    // A bot makes the code, a person breaks it with hints: after a row, counting what is still
    // possible among 10^6 codes is the long part of a hint.
    const body = { family: 'duel', options: { pegs: 6, colours: 10, repeats: true }, bots: [0], hints: true };
    const created = await createRoom(server.url, body);
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    const person = await Player.connect(server.url);
    const watcher = await Player.connect(server.url);
    try {
      expect((await person.join(roomId)).ok).toBe(true);
      expect((await watcher.join(roomId)).ok).toBe(true);
      expect((await person.claim(1, 'Ada')).ok).toBe(true);
      await person.waitFor((u) => u.snapshot.status.toAct.includes(1), 60_000);
      expect((await person.act({ type: 'guess', code: [0, 1, 2, 3, 4, 5] })).ok).toBe(true);
      const pool = (server.app.bots as unknown as { solver: { busy: number } }).solver;
      const asked = person.send('match:hint', {});
      let answeredWhileThinking = 0;
      await until(
        'a join answered while the hint is worked out',
        async () => {
          if (pool.busy === 0) return false;
          const reply = await watcher.join(roomId);
          if (reply.ok && pool.busy > 0) answeredWhileThinking++;
          return answeredWhileThinking > 0;
        },
        60_000,
        1,
      );
      const hint = await asked;
      expect(hint).toMatchObject({ ok: true, kind: 'guess' });
      if (!hint.ok) throw new Error(hint.code);
      expect(hint.code).toHaveLength(6);
      expect(hint.possible).toBeGreaterThan(1);
      expect(hint.possible).toBeLessThan(10 ** 6);
    } finally {
      person.close();
      watcher.close();
    }
  }, 120_000);
});
