import { describe, expect, it } from 'vitest';
import { DEVICE_TOKEN_HEADER, type RoomUpdate } from '@mm/protocol';
import { createRoomAs, newDeviceToken, seatRoom, step } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServer } from '../test-support/server';

/** The snapshots in everything a socket received (updates, join and sync replies). */
const snapshotsSeen = (p: Player): unknown[] =>
  p.received.flatMap(({ payload }) =>
    payload && typeof payload === 'object' && 'snapshot' in payload ? [(payload as { snapshot: unknown }).snapshot] : [],
  );

describe('spectators', () => {
  const server = useServer('postgres');

  it('count in the summary, and only the creator may turn spectating off; then a watcher gets the summary but no view', async () => {
    const creator = newDeviceToken();
    const t = await seatRoom(server.url, { family: 'rotation' }, [creator, newDeviceToken()], { creator, seatCount: 2 });
    const [host, guest] = t.players as [Player, Player];

    const early = await Player.connect(server.url);
    expect(await early.join(t.roomId)).toMatchObject({ ok: true, seat: null, creator: false, snapshot: { seq: 0 } });
    await host.waitFor((u) => u.room.spectators === 1 && u.room.spectating);

    // Not the creator: refused, whether seated or watching, and before joining at all.
    expect(await guest.send('room:settings', { spectators: false })).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
    expect(await early.send('room:settings', { spectators: false })).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
    const stranger = await Player.connect(server.url);
    expect(await stranger.send('room:settings', { spectators: false })).toMatchObject({ ok: false, code: 'NOT_IN_ROOM' });
    expect(await host.send('room:settings', { spectators: 'no' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    // The creator's device, known from its token on every join.
    const creatorTab = await Player.connect(server.url, { deviceToken: creator });
    expect(await creatorTab.join(t.roomId)).toMatchObject({ ok: true, creator: true });
    creatorTab.close();

    expect(await host.send('room:settings', { spectators: false })).toEqual({ ok: true });
    await host.waitFor((u) => !u.room.spectating);

    const late = await Player.connect(server.url);
    const joined = await late.join(t.roomId);
    expect(joined).toMatchObject({ ok: true, seat: null, snapshot: null, room: { spectating: false } });

    // The match goes on: players see it, watchers get summaries only.
    const secret = [3, 1, 4, 5];
    await step(host, { type: 'setSecret', code: secret }, t.players);
    await step(guest, { type: 'guess', code: [0, 1, 2, 3] }, t.players);
    await late.send('room:sync', {});
    await early.send('room:sync', {});
    for (const w of [late, early]) {
      // from the first update that says spectating is off (earlier ones may still have been in flight)
      const off = w.received.findIndex((r) => r.event === 'room:update' && !(r.payload as RoomUpdate).room.spectating);
      expect(off).toBeGreaterThanOrEqual(0);
      const after = w.received.slice(off);
      const updates = after.filter((r) => r.event === 'room:update').map((r) => r.payload as RoomUpdate);
      expect(updates.length).toBeGreaterThan(0);
      expect(updates.every((u) => u.snapshot === null && u.room.spectating === false)).toBe(true);
      expect(updates.at(-1)!.room.status.toAct).toEqual([2]);
      for (const { payload } of after) expect(JSON.stringify(payload)).not.toContain('"view"');
    }
    expect(snapshotsSeen(late).every((s) => s === null)).toBe(true);

    // Its public page refuses while the match is played.
    const matchId = host.latest!.snapshot.matchId;
    const refused = await fetch(`${server.url}/api/matches/${matchId}`);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('SPECTATING_OFF');

    // A watcher can still take the free seat from the summary, and then sees its view.
    expect(await late.claim(2, 'Late')).toMatchObject({ ok: true, seat: 2 });
    const seated = await late.waitFor((u) => u.seat === 2);
    expect(seated.snapshot.view.family).toBe('rotation');

    // Turned on again, the remaining watcher sees the public view.
    expect(await host.send('room:settings', { spectators: true })).toEqual({ ok: true });
    const back = await early.waitFor((u) => u.room.spectating && u.snapshot.seq === 2);
    expect(JSON.stringify(back.snapshot.view)).not.toContain(JSON.stringify(secret));
    expect((await fetch(`${server.url}/api/matches/${matchId}`)).status).toBe(200);
    for (const p of [early, late, stranger]) p.close();
    t.close();
  });

  it('has no creator when the room was created without a device token, and refuses a malformed one', async () => {
    const t = await seatRoom(server.url, { family: 'duel' }, [newDeviceToken(), newDeviceToken()]);
    for (const p of t.players)
      expect(await p.send('room:settings', { spectators: false })).toMatchObject({ ok: false, code: 'NOT_CREATOR' });
    t.close();
    const bad = await createRoomAs(server.url, { family: 'duel' }, 'not a token');
    expect(bad.status).toBe(400);
    expect(bad.json.error.code).toBe('BAD_REQUEST');
    expect(bad.json.error.message).toContain(DEVICE_TOKEN_HEADER);
  });
});
