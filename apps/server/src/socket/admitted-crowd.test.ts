import { PROTOCOL_VERSION } from '@mm/protocol';
import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import type { Store } from '../db/store';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';
import { watchChannel } from './channels';

/** Counts every call the server's room service makes on its real store (the calls still reach the database). */
function countStoreCalls(app: App): { calls: Map<string, number>; restore(): void } {
  const store = (app.rooms as unknown as { store: Store }).store as unknown as Record<string, unknown>;
  const calls = new Map<string, number>();
  const originals = new Map<string, unknown>();
  for (const [key, value] of Object.entries(store)) {
    if (typeof value !== 'function') continue;
    originals.set(key, value);
    store[key] = (...args: unknown[]) => {
      calls.set(key, (calls.get(key) ?? 0) + 1);
      return (value as (...a: unknown[]) => unknown)(...args);
    };
  }
  return { calls, restore: () => originals.forEach((value, key) => (store[key] = value)) };
}

/** A duel with Alice (codemaker, a device of her own) and Bob seated, the secret set. */
async function duel(url: string): Promise<{ roomId: string; alice: Player; bob: Player }> {
  const roomId: string = (await createRoom(url, { family: 'duel', options: {} })).json.id;
  const alice = await Player.connect(url, { deviceToken: 'alice-device-token-0123456789' });
  const bob = await Player.connect(url);
  await alice.join(roomId);
  await bob.join(roomId);
  expect((await alice.claim(0, 'Alice')).ok).toBe(true);
  expect((await bob.claim(1, 'Bob')).ok).toBe(true);
  expect((await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).ok).toBe(true);
  await bob.waitForSeq(1);
  return { roomId, alice, bob };
}

describe('a socket joining the room it is in again', () => {
  const server = useServer('postgres');

  it('is answered from memory: not one call on the store, and the same answer as its first join', async () => {
    const { roomId, alice, bob } = await duel(server.url);
    const watcher = await Player.connect(server.url, { deviceToken: 'watcher-device-token-0123456789' });
    expect(await watcher.join(roomId)).toMatchObject({ ok: true, seat: null });
    expect((await bob.act({ type: 'guess', code: [1, 2, 3, 4] })).ok).toBe(true);
    await watcher.waitForSeq(2);
    const store = countStoreCalls(server.app);
    try {
      for (let i = 0; i < 3; i++) {
        const seen = await watcher.join(roomId);
        expect(seen).toMatchObject({ ok: true, seat: null, snapshot: { seq: 2 }, room: { spectators: 1 } });
        // A seated player by its token and its device: its own seat's view, the secret included.
        expect(await alice.join(roomId)).toMatchObject({
          ok: true,
          seat: 0,
          snapshot: { seq: 2, view: { rounds: [{ secret: [0, 1, 2, 3] }] } },
        });
        expect(await bob.join(roomId)).toMatchObject({ ok: true, seat: 1, snapshot: { seq: 2 } });
        if (seen.ok) expect(JSON.stringify(seen.snapshot)).not.toContain('"secret":[0,1,2,3]');
      }
      expect(Object.fromEntries(store.calls)).toEqual({});
    } finally {
      store.restore();
    }
    for (const p of [alice, bob, watcher]) p.close();
  });
});

describe('room joins, costed per socket', () => {
  const server = useServer('postgres', { socketJoinBurst: 3, socketJoinsPerMin: 1, spectatorsPerRoom: 1 });

  it('refuses a socket that joins too often with RATE_LIMITED, leaving it where it was', async () => {
    const here: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const there: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const p = await Player.connect(server.url);
    for (let i = 0; i < 3; i++) expect(await p.join(here)).toMatchObject({ ok: true, seat: null });
    // Over its joins, even to another room: refused, and still watching the first.
    expect(await p.join(there)).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(await p.join(here)).toMatchObject({ ok: false, code: 'RATE_LIMITED' });
    expect(await p.send('room:sync', {})).toMatchObject({ ok: true, snapshot: { seq: 0 } });
    const look = await Player.connect(server.url);
    expect(await look.send('room:join', { protocol: PROTOCOL_VERSION, roomId: there })).toMatchObject({
      ok: true,
      room: { spectators: 1 },
    });
    // Other messages are not joins: they still pass.
    expect(await p.send('presence', { visible: true })).toEqual({ ok: true });
    for (const s of [p, look]) s.close();
  });

  it('does not count a join refused for the crowd: the page retrying it can still sit as it joins', async () => {
    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const crowd = await Player.connect(server.url);
    expect((await crowd.join(roomId)).ok).toBe(true);
    const carol = await Player.connect(server.url);
    for (let i = 0; i < 5; i++) expect(await carol.join(roomId)).toMatchObject({ ok: false, code: 'SPECTATORS_FULL' });
    const seated = await carol.send('room:join', { protocol: PROTOCOL_VERSION, roomId, claim: { seat: 0, name: 'Carol' } });
    expect(seated).toMatchObject({ ok: true, seat: 0 });
    for (const s of [crowd, carol]) s.close();
  });
});

describe('a seated player joining while watchers wait for their places', () => {
  const server = useServer('postgres', { spectatorsPerRoom: 1000 });

  it('is answered without waiting behind them', async () => {
    const { roomId, alice, bob } = await duel(server.url);
    // The first watcher's entry into the watchers' channel is held: every watcher after it waits its turn.
    const adapter = server.app.io.of('/').adapter;
    const addAll = adapter.addAll.bind(adapter);
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holding = 0;
    adapter.addAll = (id, channels) => {
      if (!channels.has(watchChannel(roomId))) return addAll(id, channels);
      holding++;
      return held.then(() => addAll(id, channels));
    };
    const answered: string[] = [];
    try {
      const crowd = await Promise.all(Array.from({ length: 5 }, () => Player.connect(server.url)));
      const watching = crowd.map((c) => c.join(roomId).finally(() => answered.push('watcher')));
      await until('a watcher holding the admission queue', async () => holding === 1);
      // Alice back on a new connection (her phone woke up): her seat, answered while the watchers wait.
      const back = await Player.connect(server.url, { deviceToken: 'alice-device-token-0123456789' });
      const reply = await back.join(roomId, alice.seatToken);
      answered.push('seated');
      expect(reply).toMatchObject({ ok: true, seat: 0, snapshot: { seq: 1 } });
      expect(answered).toEqual(['seated']);
      release();
      expect((await Promise.all(watching)).map((r) => r.ok)).toEqual([true, true, true, true, true]);
      for (const p of [...crowd, back]) p.close();
    } finally {
      release();
      adapter.addAll = addAll;
    }
    alice.close();
    bob.close();
  });
});
