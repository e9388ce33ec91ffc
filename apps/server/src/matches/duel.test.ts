import { describe, expect, it } from 'vitest';
import { LOGIC_DATABASES } from '../test-support/databases';
import type { DuelView } from '@mm/rules/families/duel';
import type { RoomSummary } from '@mm/protocol';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';

const view = (p: Player): DuelView => p.latest!.snapshot.view as DuelView;

describe.each(LOGIC_DATABASES)('a full 2-round duel on the %s database', (kind) => {
  const server = useServer(kind);

  it('reports its database in the health check', async () => {
    const res = await fetch(`${server.url}/api/health`);
    expect(await res.json()).toEqual({ ok: true, db: kind });
  });

  it('plays two rounds between two sockets to a stored result', async () => {
    const created = await createRoom(server.url, { family: 'duel', options: {} });
    expect(created.status).toBe(201);
    expect(created.json.id).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(created.json.url).toContain(`/r/${created.json.id}`);
    const roomId: string = created.json.id;

    const alice = await Player.connect(server.url);
    const bob = await Player.connect(server.url);
    expect((await alice.join(roomId)).ok).toBe(true);
    expect((await bob.join(roomId)).ok).toBe(true);
    expect(await alice.claim(0, 'Alice')).toMatchObject({ ok: true, seat: 0 });
    expect(await bob.claim(1, 'Bob')).toMatchObject({ ok: true, seat: 1 });
    await alice.waitFor((u) => u.room.seats.every((s) => s.connected && s.name));

    // Round 1: Alice makes the code, Bob breaks it on his second row.
    expect(await alice.act({ type: 'setSecret', code: [0, 1, 2, 3] })).toEqual({ ok: true, seq: 1 });
    await bob.waitForSeq(1);
    expect(bob.latest!.snapshot.status.toAct).toEqual([1]);
    expect(await bob.act({ type: 'guess', code: [3, 2, 1, 0] })).toEqual({ ok: true, seq: 2 });
    await alice.waitForSeq(2);
    expect(view(alice).rounds[0]!.rows[0]!.score).toEqual({ black: 0, white: 4 });
    expect(await bob.act({ type: 'guess', code: [0, 1, 2, 3] })).toMatchObject({ ok: true });
    await bob.waitForSeq(3);
    expect(view(bob).rounds[0]).toMatchObject({ outcome: 'broken', secret: [0, 1, 2, 3] });

    // Round 2: roles swap; Alice fails all 12 rows.
    expect(bob.latest!.snapshot.status.toAct).toEqual([1]);
    await bob.act({ type: 'setSecret', code: [5, 4, 3, 2] });
    for (let row = 0; row < 12; row++) {
      const r = await alice.act({ type: 'guess', code: [0, 0, 1, 1] });
      expect(r.ok).toBe(true);
    }
    const final = await bob.waitForSeq(16);
    expect(final.snapshot.status).toMatchObject({ finished: true, winners: [1], draw: false, scores: [0, 2] });
    expect(view(alice).rounds[1]).toMatchObject({ outcome: 'failed', secret: [5, 4, 3, 2] });

    // The public summary says who sat where and how it ended, and nothing hidden.
    const summary = (await (await fetch(`${server.url}/api/rooms/${roomId}`)).json()) as RoomSummary;
    expect(summary).toMatchObject({ id: roomId, family: 'duel', seats: [{ name: 'Alice' }, { name: 'Bob' }] });
    expect(summary.status.finished).toBe(true);
    expect(JSON.stringify(summary)).not.toContain('tokenHash');

    // Everything acknowledged is in the database.
    const stored = await server.app.db.prisma.action.count({ where: { match: { roomId } } });
    expect(stored).toBe(16);
    const match = await server.app.db.prisma.match.findFirst({ where: { roomId } });
    expect(match?.finishedAt).not.toBeNull();

    alice.close();
    bob.close();
  });

  it('refuses a room with impossible options with a clear 400', async () => {
    const res = await createRoom(server.url, { family: 'duel', options: { rounds: 3, pegs: 9 } });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
    expect(res.json.error.message).toMatch(/pegs|rounds/);
  });

  it('answers 404 for an unknown room', async () => {
    const res = await fetch(`${server.url}/api/rooms/AAAAAAAAAAAAAAAA`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('ROOM_NOT_FOUND');
  });
});
