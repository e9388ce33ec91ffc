import type { ReactionPreset, RoomReaction } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import { createRoomAs, newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsText } from '../test-support/scan';
import { useServers } from '../test-support/server';
import { useSharedRedis } from '../test-support/shared-redis';
import { until } from '../test-support/until';

// Its turn on the machine's Redis: the files that use it run one at a time.
const REDIS_URL = useSharedRedis();

const reactionsOf = (p: Player): RoomReaction[] =>
  p.received.filter((r) => r.event === 'room:reaction').map((r) => r.payload as RoomReaction);

const hasReaction = (p: Player, from: RoomReaction['from'], preset: ReactionPreset): boolean =>
  reactionsOf(p).some((r) => r.from === from && r.preset === preset);

/**
 * A duel on two processes sharing PostgreSQL and Redis: Alice (seat 0) on node 0 and a second tab
 * of hers on node 1, Bob (seat 1) on node 1, a watcher on each node.
 */
async function table(urls: string[], opts: { spectating?: boolean } = {}) {
  const creator = newDeviceToken();
  const roomId = (await createRoomAs(urls[0]!, { family: 'duel', options: {} }, creator)).json.id as string;
  const alice = await Player.connect(urls[0]!, { deviceToken: creator });
  const bob = await Player.connect(urls[1]!, { deviceToken: newDeviceToken() });
  expect((await alice.join(roomId)).ok).toBe(true);
  expect((await bob.join(roomId)).ok).toBe(true);
  expect((await alice.claim(0, 'Alice')).ok).toBe(true);
  expect((await bob.claim(1, 'Bob')).ok).toBe(true);
  if (opts.spectating === false) expect(await alice.send('room:settings', { spectators: false })).toEqual({ ok: true });
  const aliceTab = await Player.connect(urls[1]!, { deviceToken: creator });
  expect(await aliceTab.join(roomId, alice.seatToken)).toMatchObject({ ok: true, seat: 0 });
  const watchers = [await Player.connect(urls[0]!), await Player.connect(urls[1]!)];
  for (const w of watchers) expect(await w.join(roomId)).toMatchObject({ ok: true, seat: null });
  // Everyone's channels are known to both nodes once each watcher's arrival has been announced to Alice.
  await alice.waitFor((u) => u.room.spectators === 2 && u.room.seats.every((s) => s.connected));
  const everyone = [alice, aliceTab, bob, ...watchers];
  return { roomId, alice, aliceTab, bob, watchers, everyone, close: () => everyone.forEach((p) => p.close()) };
}

/**
 * `p` renames its seat and waits until every socket has heard of it: what `p` sent before then (its
 * reactions) has reached them all, for one process sends in order, and Redis carries in order.
 */
async function renamedEverywhere(p: Player, everyone: Player[]): Promise<void> {
  const name = `Renamed ${Math.random().toString(36).slice(2, 8)}`;
  expect(await p.send('seat:rename', { name })).toEqual({ ok: true, name });
  for (const q of everyone) await until('the new name', async () => q.room?.seats.some((s) => s.name === name));
}

describe('reactions', () => {
  const nodes = useServers(2, { redisUrl: REDIS_URL, presenceCoalesceMs: 0 });
  const urls = (): string[] => nodes.map((n) => n.url);

  it("reach every other socket of the room on both processes, as the sender's seat or 'watcher', and are never stored", async () => {
    const t = await table(urls());
    expect(await t.alice.send('room:react', { preset: 'clap' })).toEqual({ ok: true });
    for (const p of [t.aliceTab, t.bob, ...t.watchers]) await until('the clap', async () => hasReaction(p, 0, 'clap'));
    expect(await t.watchers[1]!.send('room:react', { preset: 'good-game' })).toEqual({ ok: true });
    for (const p of [t.alice, t.aliceTab, t.bob, t.watchers[0]!]) {
      await until("the watcher's reaction", async () => hasReaction(p, 'watcher', 'good-game'));
    }

    // A move after them: once its update is everywhere, so is every reaction sent before it (one sender, one order).
    expect(await t.alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toEqual({ ok: true, seq: 1 });
    await Promise.all(t.everyone.map((p) => p.waitForSeq(1)));
    // The sender shows its own: the server does not echo it back to that socket.
    expect(reactionsOf(t.alice).map((r) => r.preset)).toEqual(['good-game']);
    expect(reactionsOf(t.watchers[1]!).map((r) => r.preset)).toEqual(['clap']);
    for (const p of [t.aliceTab, t.bob, t.watchers[0]!])
      expect(reactionsOf(p).map((r) => r.preset)).toEqual(['clap', 'good-game']);

    // Not an action: the log holds the one move, at seq 1.
    const db = nodes[0]!.app.db.prisma;
    const stored = await db.action.findMany({ where: { match: { roomId: t.roomId } } });
    expect(stored.map((a) => a.seq)).toEqual([1]);
    // No token of anyone, and nothing but who (seat or 'watcher'), what and when.
    for (const p of t.everyone) {
      for (const r of reactionsOf(p)) expect(Object.keys(r).sort()).toEqual(['at', 'from', 'preset']);
      for (const token of [t.alice.seatToken!, t.bob.seatToken!, t.alice.deviceToken!, t.bob.deviceToken!]) {
        const others = p.received.filter((r) => r.event === 'room:reaction');
        expect(containsText(others, token)).toBe(false);
      }
    }
    t.close();
  });

  it('refuses a flood past the bucket with RATE_LIMITED, and sends nothing of what it refused', async () => {
    const t = await table(urls());
    const presets: ReactionPreset[] = ['clap', 'wow', 'thinking', 'phew', 'nice', 'hurry-up', 'rematch', 'good-game'];
    const replies = await Promise.all(presets.map((preset) => t.bob.send('room:react', { preset })));
    expect(replies.slice(0, 3)).toEqual([{ ok: true }, { ok: true }, { ok: true }]);
    for (const r of replies.slice(3)) expect(r).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    // Bob's other messages still go through: only reactions are spent.
    expect(await t.bob.send('room:sync', {})).toMatchObject({ ok: true, snapshot: { seq: 0 } });

    await renamedEverywhere(t.bob, t.everyone);
    for (const p of [t.alice, t.aliceTab, ...t.watchers]) {
      expect(reactionsOf(p).map((r) => [r.from, r.preset])).toEqual([
        [1, 'clap'],
        [1, 'wow'],
        [1, 'thinking'],
      ]);
    }
    t.close();
  });

  it('refuses an unknown preset, free text and a socket in no room with the typed error, and sends nothing', async () => {
    const t = await table(urls());
    for (const bad of [{ preset: 'boo' }, { preset: 'clap', text: 'hello' }, { preset: 42 }, {}, 'clap']) {
      expect(await t.alice.send('room:react', bad)).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    }
    const stranger = await Player.connect(urls()[0]!);
    expect(await stranger.send('room:react', { preset: 'clap' })).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });
    stranger.close();
    // The refusals spent none of Alice's reactions: her three still go.
    for (let i = 0; i < 3; i++) expect(await t.alice.send('room:react', { preset: 'nice' })).toEqual({ ok: true });
    expect(await t.alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toEqual({ ok: true, seq: 1 });
    await Promise.all(t.everyone.map((p) => p.waitForSeq(1)));
    for (const p of [t.bob, ...t.watchers]) expect(reactionsOf(p).map((r) => r.preset)).toEqual(['nice', 'nice', 'nice']);
    t.close();
  });

  it('keeps watchers out while spectating is off: they may not react, and see none of the players', async () => {
    // On one process: the setting reaches the other one through the cluster bus a moment later (matches/spectating-scale-out.test.ts).
    const t = await table([urls()[0]!, urls()[0]!], { spectating: false });
    expect(await t.watchers[0]!.send('room:react', { preset: 'wow' })).toMatchObject({ ok: false, code: 'SPECTATING_OFF' });
    expect(await t.bob.send('room:react', { preset: 'hurry-up' })).toEqual({ ok: true });
    await renamedEverywhere(t.bob, t.everyone);
    for (const p of [t.alice, t.aliceTab]) expect(reactionsOf(p).map((r) => [r.from, r.preset])).toEqual([[1, 'hurry-up']]);
    for (const w of t.watchers) expect(reactionsOf(w)).toEqual([]);
    t.close();
  });
});
