import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServers } from '../test-support/server';

describe('a room whose memory is behind its log', () => {
  // Two processes on one database and no Redis: neither hears of the other's moves but through the log.
  const nodes = useServers(2, { presenceCoalesceMs: 0 });

  it('catches up when a move is refused on its stale state, and tells its sockets what it read', async () => {
    const [a, b] = [nodes[0]!, nodes[1]!];
    const roomId = (await createRoom(a.url, { family: 'duel' })).json.id as string;
    const maker = await Player.connect(a.url);
    const breaker = await Player.connect(b.url);
    try {
      expect((await maker.join(roomId)).ok).toBe(true);
      expect((await maker.claim(0, 'Maker')).ok).toBe(true);
      expect((await breaker.join(roomId)).ok).toBe(true);
      expect((await breaker.claim(1, 'Breaker')).ok).toBe(true);
      // Stored through the first process: the second still holds the room at seq 0.
      expect(await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] }, { expectSeq: 0 })).toMatchObject({ ok: true, seq: 1 });
      // The breaker never saw it: its guess is built on seq 0, and the second process, judging it on
      // its stale memory, reads the log, refuses the guess as stale, and sends the table seq 1.
      expect(await breaker.act({ type: 'guess', code: [1, 2, 3, 4] }, { expectSeq: 0 })).toMatchObject({
        ok: false,
        code: 'STALE_SEQ',
        seq: 1,
      });
      expect((await breaker.waitForSeq(1)).snapshot.seq).toBe(1);
      expect(await breaker.act({ type: 'guess', code: [1, 2, 3, 4] }, { expectSeq: 1 })).toMatchObject({ ok: true, seq: 2 });
    } finally {
      maker.close();
      breaker.close();
    }
  }, 60_000);
});
