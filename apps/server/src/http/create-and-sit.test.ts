import { afterEach, describe, expect, it } from 'vitest';
import { createRoomAs, newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsText } from '../test-support/scan';
import { useServer } from '../test-support/server';

describe('creating a room and sitting down are one request', () => {
  const server = useServer('postgres');
  const open: Player[] = [];
  afterEach(() => open.splice(0).forEach((p) => p.close()));
  const connect = async (deviceToken?: string): Promise<Player> => {
    const p = await Player.connect(server.url, deviceToken ? { deviceToken } : {});
    open.push(p);
    return p;
  };

  it('seats a creator who gives no name as "Player A", and their token lets them play at once', async () => {
    const device = newDeviceToken();
    const created = await createRoomAs(server.url, { family: 'duel', sit: {} }, device);
    expect(created.status).toBe(201);
    const { id, seated } = created.json as { id: string; seated: { seat: number; name: string; seatToken: string } };
    expect(seated).toMatchObject({ seat: 0, name: 'Player A' });

    // Whoever opens the room first already finds seat A taken.
    const summary = (await (await fetch(`${server.url}/api/rooms/${id}`)).json()) as { seats: { name: string | null }[] };
    expect(summary.seats.map((s) => s.name)).toEqual(['Player A', null]);

    const creator = await connect(device);
    const joined = await creator.join(id, seated.seatToken);
    expect(joined).toMatchObject({ ok: true, seat: 0, creator: true });
    expect(await creator.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toMatchObject({ ok: true, seq: 1 });

    // The token reached the creator's reply only: no one else's join or update carries it.
    const guest = await connect();
    await guest.join(id);
    expect((await guest.claim(1, 'Bob')).ok).toBe(true);
    await guest.waitForSeq(1);
    expect(guest.received.filter((r) => containsText(r.payload, seated.seatToken))).toEqual([]);
  });

  it('seats the creator under their name in the first seat no bot plays', async () => {
    const created = await createRoomAs(server.url, { family: 'duel', bots: [0], sit: { name: ' Ann ' } });
    expect(created.status).toBe(201);
    expect(created.json.seated).toMatchObject({ seat: 1, name: 'Ann' });
    const creator = await connect();
    expect(await creator.join(created.json.id, created.json.seated.seatToken)).toMatchObject({ ok: true, seat: 1 });
  });

  it('seats nobody for a creator who only hosts', async () => {
    const device = newDeviceToken();
    const created = await createRoomAs(server.url, { family: 'duel' }, device);
    expect(created.status).toBe(201);
    expect(created.json.seated).toBeNull();
    const creator = await connect(device);
    const joined = await creator.join(created.json.id);
    expect(joined).toMatchObject({ ok: true, seat: null, creator: true });
    expect(joined.ok && joined.room.seats.every((s) => s.name === null)).toBe(true);
  });

  it('refuses to seat the creator at a table bots play entirely, and makes no room', async () => {
    const rooms = () => server.app.db.prisma.room.count();
    const before = await rooms();
    const refused = await createRoomAs(server.url, { family: 'duel', bots: [0, 1], sit: {} });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('sit') });
    const badName = await createRoomAs(server.url, { family: 'duel', sit: { name: '\u200B' } });
    expect(badName.status).toBe(400);
    expect(await rooms()).toBe(before);
  });

  it('lets a creator seated as "Player A" show their own name: to everyone, and in the match\'s players', async () => {
    const created = await createRoomAs(server.url, { family: 'duel', sit: {} });
    const { id, seated } = created.json as { id: string; seated: { seatToken: string } };
    const creator = await connect();
    await creator.join(id, seated.seatToken);
    const guest = await connect();
    await guest.join(id);
    expect((await guest.claim(1, 'Bob')).ok).toBe(true);

    expect(await creator.send('seat:rename', { name: ' Ann ' })).toEqual({ ok: true, name: 'Ann' });
    // a name that looks like another seat's is numbered, as when sitting down
    expect(await creator.send('seat:rename', { name: 'BOB' })).toEqual({ ok: true, name: 'BOB 2' });
    await guest.waitFor((u) => u.room.seats[0]?.name === 'BOB 2');
    const players = await server.app.db.prisma.matchPlayer.findMany({
      where: { match: { roomId: id } },
      orderBy: { seat: 'asc' },
    });
    expect(players.map((p) => p.name)).toEqual(['BOB 2', 'Bob']);

    const watcher = await connect();
    await watcher.join(id);
    expect(await watcher.send('seat:rename', { name: 'Eve' })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await creator.send('seat:rename', { name: '' })).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
  });
});
