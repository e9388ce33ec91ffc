import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';

describe('a seat that drops and comes back', () => {
  const server = useServer('postgres');

  it('shows as disconnected meanwhile and gets its seat and missed moves back with its token', async () => {
    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const alice = await Player.connect(server.url);
    const bob = await Player.connect(server.url);
    await alice.join(roomId);
    await bob.join(roomId);
    await alice.claim(0, 'Alice');
    await bob.claim(1, 'Bob');
    await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] });
    await bob.act({ type: 'guess', code: [1, 1, 1, 1] });

    bob.close(); // the phone sleeps
    const seen = await alice.waitFor((u) => u.room.seats[1]!.connected === false);
    expect(seen.room.seats[1]!.name).toBe('Bob');

    const bobAgain = await Player.connect(server.url); // a new socket, as after a reload or a network change
    const back = await bobAgain.join(roomId, bob.seatToken);
    expect(back).toMatchObject({ ok: true, seat: 1, snapshot: { seq: 2 } });
    await alice.waitFor((u) => u.room.seats[1]!.connected === true);
    expect((await bobAgain.act({ type: 'guess', code: [0, 1, 2, 3] })).ok).toBe(true);

    // A second tab of the same seat receives the same seat's updates.
    const bobTab = await Player.connect(server.url);
    await bobTab.join(roomId, bob.seatToken);
    expect((await bobAgain.act({ type: 'setSecret', code: [3, 2, 1, 0] })).ok).toBe(true);
    const tabUpdate = await bobTab.waitForSeq(4);
    expect(tabUpdate.seat).toBe(1);
    expect(JSON.stringify(tabUpdate.snapshot.view)).toContain('[3,2,1,0]');
    for (const p of [alice, bobAgain, bobTab]) p.close();
  });

  it('lets a seat be given up before the match begins, and then the token no longer works', async () => {
    const roomId: string = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    const carol = await Player.connect(server.url);
    await carol.join(roomId);
    await carol.claim(0, 'Carol');
    const token = carol.seatToken!;
    expect(await carol.send('seat:leave', {})).toEqual({ ok: true });
    const again = await Player.connect(server.url);
    expect(await again.join(roomId, token)).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(await again.join(roomId, undefined)).toMatchObject({ ok: true, seat: null });
    expect(again.latest!.room.seats[0]!.name).toBeNull();
    carol.close();
    again.close();
  });
});
