import { describe, expect, it } from 'vitest';
import type { MatchListReply, RoomUpdate } from '@mm/protocol';
import type { RotationView } from '@mm/rules/families/rotation';
import { finish, newDeviceToken, seatRoom, step } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServer } from '../test-support/server';

describe('rematch', () => {
  const server = useServer('postgres');

  it('starts only when every seated player accepts, in the same room with everyone one seat on', async () => {
    const devices = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'rotation', options: { repeats: true } }, devices, {
      names: ['Ann', 'Ben', 'Cat'],
    });
    const [ann, ben, cat] = t.players as [Player, Player, Player];
    const watcher = await Player.connect(server.url);
    await watcher.join(t.roomId);
    // A second tab of Ann's (her device's token, her seat token) that ignores room:rejoin, as an old or misbehaving client would.
    const stale = await Player.connect(server.url, { deviceToken: devices[0]!, autoRejoin: false });
    expect(await stale.join(t.roomId, ann.seatToken)).toMatchObject({ ok: true, seat: 0 });
    const all = [...t.players, watcher, stale];

    expect(await ann.send('match:rematch', { accept: true })).toMatchObject({ ok: false, code: 'MATCH_NOT_FINISHED' });
    await finish(server.app, 'rotation', { ...t, everyone: all });
    const first = ann.latest!.snapshot;
    expect(first.status.finished).toBe(true);

    expect(await watcher.send('match:rematch', { accept: true })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await ann.send('match:rematch', { accept: 'yes' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ann.send('match:rematch', { accept: true })).toEqual({ ok: true, started: false });
    await watcher.waitFor((u) => u.room.rematch.join() === '0');
    expect(await ben.send('match:rematch', { accept: true })).toEqual({ ok: true, started: false });
    // A vote can be withdrawn; nothing starts while one is missing.
    expect(await ann.send('match:rematch', { accept: false })).toEqual({ ok: true, started: false });
    await watcher.waitFor((u) => u.room.rematch.join() === '1');
    expect(await ann.send('match:rematch', { accept: true })).toEqual({ ok: true, started: false });
    const votes = await watcher.waitFor((u) => u.room.rematch.join() === '0,1');
    expect(votes.room.match).toEqual({ id: first.matchId, number: 1 });
    expect(await server.app.db.prisma.match.count({ where: { roomId: t.roomId } })).toBe(1);

    expect(await cat.send('match:rematch', { accept: true })).toEqual({ ok: true, started: true });

    // Everyone is told to join again; the same tokens now hold the next seat round the table.
    for (const p of [ann, ben, cat, watcher]) {
      await expect.poll(() => p.rejoined).not.toBeNull();
      expect((await p.rejoined!).ok).toBe(true);
      await p.waitForMatch(2);
    }
    expect(ann.latest!.seat).toBe(1);
    expect(ben.latest!.seat).toBe(2);
    expect(cat.latest!.seat).toBe(0);
    const second = cat.latest!;
    expect(second.snapshot).toMatchObject({ matchNumber: 2, seq: 0 });
    expect(second.snapshot.matchId).not.toBe(first.matchId);
    expect(second.room.seats.map((s) => s.name)).toEqual(['Cat', 'Ann', 'Ben']);
    expect(second.room).toMatchObject({ id: t.roomId, match: { id: second.snapshot.matchId, number: 2 }, rematch: [] });
    expect(second.room.options).toMatchObject({ repeats: true });
    expect(second.snapshot.status).toMatchObject({ finished: false, toAct: [0] });
    // The first codemaker changed: seat 0 made the first code, and seat 0 is Cat now, not Ann.
    expect((second.snapshot.view as RotationView).rounds[0]!.codemaker).toBe(0);

    const matches = await server.app.db.prisma.match.findMany({ where: { roomId: t.roomId }, orderBy: { number: 'asc' } });
    expect(matches.map((m) => m.number)).toEqual([1, 2]);
    expect(matches[0]!.seed).not.toBe(matches[1]!.seed);
    expect(matches[1]!.options).toEqual(matches[0]!.options);

    // The tab that did not re-join has lost its old seat's channel and cannot act or read as seat 0.
    expect(stale.received.some((r) => r.event === 'room:rejoin')).toBe(true);
    expect(await stale.send('room:sync', {})).toMatchObject({ ok: false, code: 'MATCH_CHANGED' });
    expect(await stale.act({ type: 'setSecret', code: [1, 2, 3, 4] })).toMatchObject({ ok: false, code: 'MATCH_CHANGED' });
    const staleViews = stale.received.filter(
      (r) => r.event === 'room:update' && (r.payload as RoomUpdate).snapshot?.matchNumber === 2,
    );
    expect(staleViews).toEqual([]);

    // The new match is played by the moved seats.
    expect(await ann.act({ type: 'setSecret', code: [1, 2, 3, 4] })).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    await step(cat, { type: 'setSecret', code: [1, 2, 3, 4] }, [ann, ben, cat]);

    // Both matches are in each player's history, the newest first, with the seats as they were.
    const res = await fetch(`${server.url}/api/matches?player=me`, { headers: { 'x-device-token': devices[0]! } });
    const list = (await res.json()) as MatchListReply;
    expect(list.matches.map((m) => m.number)).toEqual([2, 1]);
    expect(list.matches[0]!.players.find((p) => p.you)).toEqual({ seat: 1, name: 'Ann', you: true, person: true });
    expect(list.matches[1]!.players.find((p) => p.you)).toEqual({ seat: 0, name: 'Ann', you: true, person: true });

    for (const p of all) p.close();
  });
});
