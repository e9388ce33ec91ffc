import type { RoomDelta } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';

/** A duel with Alice (codemaker) and Bob seated, the secret set, and a watcher: every socket has seen seq 1. */
async function duel(url: string): Promise<{ roomId: string; alice: Player; bob: Player; watcher: Player }> {
  const roomId: string = (await createRoom(url, { family: 'duel', options: {} })).json.id;
  const [alice, bob, watcher] = await Promise.all([Player.connect(url), Player.connect(url), Player.connect(url)]);
  for (const p of [alice, bob, watcher]) await p.join(roomId);
  await alice.claim(0, 'Alice');
  await bob.claim(1, 'Bob');
  expect((await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
  await Promise.all([alice, bob, watcher].map((p) => p.waitForSeq(1)));
  return { roomId, alice, bob, watcher };
}

const deltasOf = (p: Player): RoomDelta[] =>
  p.received.filter((r) => r.event === 'room:delta').map((r) => r.payload as RoomDelta);

describe('room updates as deltas', () => {
  // No coalescing window: presence news goes out at once, so each update below is one change.
  const server = useServer('postgres', { presenceCoalesceMs: 0 });

  it('send a duel guess to each seat and the watchers in at most 300 bytes, folding to the view room:sync gives', async () => {
    const { alice, bob, watcher } = await duel(server.url);
    const players = [alice, bob, watcher];
    const before = players.map((p) => deltasOf(p).length);
    expect((await bob.act({ type: 'guess', code: [1, 2, 3, 4] })).ok).toBe(true);
    await Promise.all(players.map((p) => p.waitForSeq(2)));
    for (const [i, p] of players.entries()) {
      const guess = deltasOf(p)
        .slice(before[i])
        .find((d) => d.toSeq === 2);
      expect(guess, `socket ${i} got the guess as a delta`).toMatchObject({ fromSeq: 1, toSeq: 2 });
      expect(Buffer.byteLength(JSON.stringify(guess))).toBeLessThanOrEqual(300);
      const synced = await p.send('room:sync', {});
      expect(synced).toMatchObject({ ok: true });
      expect(p.latest!.snapshot).toEqual((synced as { snapshot: unknown }).snapshot);
    }
    for (const p of players) p.close();
  });

  it('give a socket that joins a channel the whole update first, then deltas it can fold', async () => {
    const { roomId, alice, bob } = await duel(server.url);
    const late = await Player.connect(server.url);
    await late.join(roomId);
    // the join is news to the others: the late watcher's channel gets it whole
    await until("the late watcher's whole update", async () => late.received.some((r) => r.event === 'room:update'));
    expect((await bob.act({ type: 'guess', code: [1, 2, 3, 4] })).ok).toBe(true);
    await late.waitForSeq(2);
    expect(deltasOf(late).some((d) => d.toSeq === 2)).toBe(true);
    // every delta folded: none asked for the snapshot
    expect(late.received.filter((r) => r.event === 'ack:room:sync')).toEqual([]);
    const synced = (await late.send('room:sync', {})) as { snapshot: unknown };
    expect(late.latest!.snapshot).toEqual(synced.snapshot);
    for (const p of [alice, bob, late]) p.close();
  });

  it("carry a duel's end to each seat and the watchers (the result, the secrets shown), then a rematch's first view whole", async () => {
    const { alice, bob, watcher } = await duel(server.url);
    const players = [alice, bob, watcher];
    // round 1: Bob breaks Alice's code; round 2: Bob makes one, Alice breaks it: a draw
    expect((await bob.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);
    await Promise.all(players.map((p) => p.waitForSeq(2)));
    expect((await bob.act({ type: 'setSecret', code: [1, 2, 3, 4] })).ok).toBe(true);
    await Promise.all(players.map((p) => p.waitForSeq(3)));
    const before = players.map((p) => deltasOf(p).length);
    expect((await alice.act({ type: 'guess', code: [1, 2, 3, 4] })).ok).toBe(true);
    await Promise.all(players.map((p) => p.waitFor((u) => u.snapshot.status.finished)));
    for (const [i, p] of players.entries()) {
      expect(
        deltasOf(p)
          .slice(before[i])
          .some((d) => d.toSeq === 4),
        `socket ${i} got the end as a delta`,
      ).toBe(true);
      const synced = await p.send('room:sync', {});
      if (!synced.ok) throw new Error(synced.code);
      expect(p.latest!.snapshot).toEqual(synced.snapshot);
      expect(p.room).toEqual(synced.room);
    }
    // every delta folded: the only syncs are the ones above
    for (const p of players) expect(p.received.filter((r) => r.event === 'ack:room:sync')).toHaveLength(1);
    // both accept: the new match's first view reaches every socket (whole, after its re-join)
    expect((await alice.send('match:rematch', { accept: true })).ok).toBe(true);
    await until("Alice's vote in the watcher's summary", async () => watcher.room?.rematch.includes(0) ?? false);
    expect((await bob.send('match:rematch', { accept: true })).ok).toBe(true);
    for (const p of players) {
      await expect.poll(() => p.rejoined).not.toBeNull();
      expect((await p.rejoined!).ok).toBe(true);
    }
    await Promise.all(players.map((p) => p.waitForMatch(2)));
    for (const p of players) expect(p.latest!.snapshot).toMatchObject({ matchNumber: 2, seq: 0 });
    for (const p of players) p.close();
  });
});
