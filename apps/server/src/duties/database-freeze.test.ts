import { describe, expect, it } from 'vitest';
import { storedMoves } from '../test-support/failover';
import { Player } from '../test-support/player';
import { createRoom, useServerBehindProxy } from '../test-support/server';
import { until } from '../test-support/until';

// One "second" of turnSeconds lasts 100 ms here: a 10-second turn times out after 1 s.
const SECOND_MS = 100;
const LEASE_MS = 1000;
/** Statements time out after 1 s (a reply that never comes, after 2 s); new connections after 3 s. */
const STATEMENT_TIMEOUT_MS = 1000;
const CONNECT_TIMEOUT_MS = 3000;
/** The bound the issue sets: every duty looked after again within this of the database's return. */
const BACK_WITHIN_MS = 10_000;

async function seated(url: string, roomId: string, seat?: number): Promise<Player> {
  const p = await Player.connect(url);
  expect((await p.join(roomId)).ok).toBe(true);
  if (seat !== undefined) expect((await p.claim(seat, `P${seat}`)).ok).toBe(true);
  return p;
}

describe('server-owed moves after PostgreSQL froze', () => {
  const server = useServerBehindProxy({
    botDelayMs: 200,
    secondMs: SECOND_MS,
    dutyLeaseMs: LEASE_MS,
    dbStatementTimeoutMs: STATEMENT_TIMEOUT_MS,
    dbConnectTimeoutMs: CONNECT_TIMEOUT_MS,
  });

  it('moves the bots and the turn timers again within 10 s of its return, past every timeout and the leases', async () => {
    const direct = server.db.config.databaseUrl!;
    // Twelve rounds each: neither match ends before the freeze is over.
    const botsRoom = (
      await createRoom(server.url, { family: 'duel', bots: [0, 1], botStrength: 'easy', options: { rounds: 12 } })
    ).json.id as string;
    const timerRoom = (await createRoom(server.url, { family: 'duel', turnSeconds: 10, options: { rounds: 12 } })).json
      .id as string;
    // A room of bots only plays while someone watches it; the timer room's people never move (their turns time out).
    const sockets = [
      await seated(server.url, botsRoom),
      await seated(server.url, timerRoom, 0),
      await seated(server.url, timerRoom, 1),
    ];
    try {
      await until(
        'both rooms moving',
        async () => (await storedMoves(direct, botsRoom)) >= 2 && (await storedMoves(direct, timerRoom)) >= 1,
      );
      server.proxy.freeze();
      // Frozen past the statement and connection timeouts: the duties fail and the leases run out here.
      await until(
        'the leases run out here',
        async () => !server.app.duties.holds(botsRoom) && !server.app.duties.holds(timerRoom),
        30_000,
      );
      // The worst moment to come back: a tick's renewal and claim wait in the frozen stream, sent
      // longer ago than a lease lasts, so their answers arrive for leases already run out here.
      const ticks = server.app.duties.stats.ticks;
      await until('a tick under way', async () => server.app.duties.stats.ticks > ticks);
      const tickBegan = Date.now();
      await until('that tick older than a lease', async () => Date.now() - tickBegan > LEASE_MS + 200);
      const before = { bots: await storedMoves(direct, botsRoom), timer: await storedMoves(direct, timerRoom) };
      server.proxy.open();
      await Promise.all([
        until('the bots move again', async () => (await storedMoves(direct, botsRoom)) > before.bots, BACK_WITHIN_MS),
        until('a turn times out again', async () => (await storedMoves(direct, timerRoom)) > before.timer, BACK_WITHIN_MS),
      ]);
    } finally {
      server.proxy.open();
      for (const s of sockets) s.close();
    }
  }, 120_000);
});
