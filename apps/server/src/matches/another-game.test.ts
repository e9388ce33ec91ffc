import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TableScoreReply } from '@mm/protocol';
import type { App } from '../app';
import { seatChannel } from '../socket/channels';
import { call } from '../test-support/api';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { finish, newDeviceToken, seatRoom } from '../test-support/finish';
import { Player } from '../test-support/player';
import { startServer } from '../test-support/server';

describe('another game at the same table', () => {
  let db!: TestDatabase;
  let server: { app: App; url: string };
  beforeAll(async () => {
    db = await freshDatabase('postgres');
    server = await startServer(db, { botDelayMs: 0 });
  });
  afterAll(async () => {
    await server.app.close();
    await db.drop();
  });

  const matchCount = (roomId: string) => server.app.db.prisma.match.count({ where: { roomId } });

  it('goes from a duel to a rotation for three and back, the people keeping their order, on the same room', async () => {
    const devices = [newDeviceToken(), newDeviceToken(), newDeviceToken()];
    const t = await seatRoom(server.url, { family: 'duel' }, devices.slice(0, 2), { names: ['Ann', 'Bob'] });
    const [ann, bob] = t.players as [Player, Player];
    const cy = await Player.connect(server.url, { deviceToken: devices[2]! });
    expect(await cy.join(t.roomId)).toMatchObject({ ok: true, seat: null });
    const all = [ann, bob, cy];
    // A second tab of Cy's that never joins again when told to, as an old client would.
    const stale = await Player.connect(server.url, { deviceToken: devices[2]!, autoRejoin: false });

    // Refused while the duel is played, and for a watcher, an unknown game or a bad payload: nothing changes.
    expect(await ann.send('match:another', { preset: 'rotation-3' })).toMatchObject({ ok: false, code: 'MATCH_NOT_FINISHED' });
    await finish(server.app, 'duel', { ...t, everyone: all });
    expect(await cy.send('match:another', { preset: 'rotation-3' })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await ann.send('match:another', { preset: 'no-such-game' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ann.send('match:another', { preset: 'Rotation 3!' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await ann.send('match:another', { family: 'rotation' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
    expect(await matchCount(t.roomId)).toBe(1);

    // Ann and Bob pick at once: one game starts, the other pick is told it came too late.
    const picks = await Promise.all([
      ann.send('match:another', { preset: 'rotation-3' }),
      bob.send('match:another', { preset: 'rotation-3' }),
    ]);
    expect(picks.filter((p) => p.ok)).toEqual([{ ok: true, matchNumber: 2 }]);
    expect(picks.find((p) => !p.ok)).toMatchObject({ code: 'MATCH_CHANGED' });
    expect(await matchCount(t.roomId)).toBe(2);

    // Everyone joins again on the same link: Ann and Bob keep seats 0 and 1, the third seat is free.
    for (const p of all) await p.waitForMatch(2);
    expect([ann.latest!.seat, bob.latest!.seat, cy.latest!.seat]).toEqual([0, 1, null]);
    const rotation = cy.latest!.room;
    expect(rotation).toMatchObject({ id: t.roomId, family: 'rotation', options: { players: 3 }, rematch: [] });
    expect(rotation.seats.map((s) => s.name)).toEqual(['Ann', 'Bob', null]);
    expect(await cy.claim(2, 'Cy')).toMatchObject({ ok: true, seat: 2 });
    await ann.waitFor((u) => u.room.seats[2]?.name === 'Cy');
    expect(await stale.join(t.roomId, cy.seatToken)).toMatchObject({ ok: true, seat: 2 });
    await finish(server.app, 'rotation', { ...t, players: all, everyone: all });

    // The running score counts both games, each under its own family.
    const score = (await call(server.url, 'GET', `/api/rooms/${t.roomId}/score`, null)).json as TableScoreReply;
    const annScore = score.players.find((p) => p.name === 'Ann');
    expect(annScore).toMatchObject({ played: 2 });
    expect(annScore?.families.map((f) => [f.family, f.played]).sort()).toEqual([
      ['duel', 1],
      ['rotation', 1],
    ]);
    expect(score.players.find((p) => p.name === 'Cy')).toMatchObject({ played: 1 });

    // Back to a duel: the third person watches, and their seat token no longer holds a seat.
    expect(await cy.send('match:another', { preset: 'duel-classic' })).toEqual({ ok: true, matchNumber: 3 });
    await Promise.all([ann.waitForMatch(3), bob.waitForMatch(3)]);
    await expect.poll(() => cy.rejoined).not.toBeNull();
    expect(await cy.rejoined).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(await cy.join(t.roomId, '')).toMatchObject({ ok: true, seat: null, room: { family: 'duel', match: { number: 3 } } });
    expect(ann.latest!.room.seats.map((s) => s.name)).toEqual(['Ann', 'Bob']);
    // The seat Cy held is gone with the rotation, and so are her sockets from its channel (the stale tab's too).
    expect(await server.app.io.in(seatChannel(t.roomId, 2)).fetchSockets()).toEqual([]);
    expect(stale.received.some((r) => r.event === 'room:rejoin')).toBe(true);
    stale.close();
    expect([ann.latest!.seat, bob.latest!.seat]).toEqual([0, 1]);
    for (const p of all) p.close();

    // A restart resumes the room in the family it plays now.
    await server.app.close();
    server = await startServer(db, { botDelayMs: 0 });
    const back = await Player.connect(server.url, { deviceToken: devices[0]! });
    const joined = await back.join(t.roomId, ann.seatToken);
    expect(joined).toMatchObject({ ok: true, seat: 0, room: { family: 'duel', match: { number: 3 } } });
    expect(joined.ok && joined.snapshot?.view).toMatchObject({ family: 'duel' });
    back.close();
  });

  it("seats the preset's bot, which plays the new game, and lets the person it leaves out watch", async () => {
    const t = await seatRoom(server.url, { family: 'duel' }, [newDeviceToken(), newDeviceToken()], { names: ['Ann', 'Bob'] });
    const [ann, bob] = t.players as [Player, Player];
    await finish(server.app, 'duel', t);
    expect(await bob.send('match:another', { preset: 'duel-bot' })).toEqual({ ok: true, matchNumber: 2 });
    await ann.waitForMatch(2);
    expect(ann.latest!.room.seats.map((s) => [s.name, s.bot])).toEqual([
      ['Ann', false],
      ['Bot B', true],
    ]);
    await expect.poll(() => bob.rejoined).not.toBeNull();
    expect(await bob.rejoined).toMatchObject({ ok: false, code: 'BAD_TOKEN' });
    expect(await bob.join(t.roomId, '')).toMatchObject({ ok: true, seat: null });
    // Ann sets her code; the bot guesses on its own.
    expect(await ann.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: true, seq: 1 });
    await ann.waitForSeq(2);
    t.close();
  });

  it('is refused in a Code of the day, which plays one match only', async () => {
    const t = await seatRoom(server.url, { family: 'race', options: { players: 1 } }, [newDeviceToken()], { names: ['Ann'] });
    await server.app.db.prisma.room.update({ where: { id: t.roomId }, data: { daily: 1 } });
    await server.app.rooms.forget(t.roomId);
    const [ann] = t.players as [Player];
    expect(await ann.join(t.roomId)).toMatchObject({ ok: true, seat: 0 });
    expect(await ann.send('match:another', { preset: 'duel-classic' })).toMatchObject({ ok: false, code: 'ROOM_SEALED' });
    expect(await matchCount(t.roomId)).toBe(1);
    t.close();
  });
});
