import { Server } from 'socket.io';
import { describe, expect, it } from 'vitest';
import { hashToken } from '../security/tokens';
import { call, me } from '../test-support/api';
import { createRoomAs, newDeviceToken } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServer } from '../test-support/server';
import { until } from '../test-support/until';
import type { IoServer, IoSocket } from './io-types';
import { createClusterBus } from './cluster-bus';
import { SocketPrincipals } from './principals';

async function link(url: string, device: string, to: string): Promise<void> {
  const code = (await call(url, 'POST', '/api/me/link-codes', to)).json.code as string;
  expect((await call(url, 'POST', '/api/link', device, { code })).status).toBe(200);
}
const heard = (p: Player, code: string): boolean =>
  p.received.some((r) => r.event === 'server:error' && (r.payload as { code: string }).code === code);

describe('the principal of a socket', () => {
  const server = useServer('postgres', { linkTriesPerMinute: 1000 });

  /** The server's side of the one socket a device has joined with. */
  const serverSocketOf = (deviceToken: string): IoSocket => {
    const deviceId = hashToken(deviceToken);
    const found = [...server.app.io.of('/').sockets.values()].filter((s) => s.data.principal?.deviceId === deviceId);
    expect(found).toHaveLength(1);
    return found[0]!;
  };
  const playerOf = async (deviceToken: string): Promise<string | null> =>
    (await server.app.db.prisma.device.findUnique({ where: { id: hashToken(deviceToken) } }))?.playerId ?? null;

  /** A duel made by `creator`, who sits in seat 0. */
  const roomOf = async (creator: string): Promise<string> => {
    const created = await createRoomAs(server.url, { family: 'duel', sit: { name: 'Ann' } }, creator);
    expect(created.status).toBe(201);
    return created.json.id as string;
  };

  it("acts, without reconnecting, as the player a link merges its device into: that player's room and seat", async () => {
    const [ann, bob] = [newDeviceToken(), newDeviceToken()];
    const roomId = await roomOf(ann);
    // Bob's phone watches Ann's room as a player of its own: no seat, and none of the creator's rights.
    const phone = await Player.connect(server.url, { deviceToken: bob });
    try {
      expect(await phone.join(roomId)).toMatchObject({ ok: true, seat: null, creator: false });
      expect(await phone.send('room:settings', { spectators: false })).toMatchObject({ ok: false, code: 'NOT_CREATOR' });

      // The phone joins Ann's player: the room's creator is a player, so every device of hers may change its settings.
      await link(server.url, bob, ann);
      expect(serverSocketOf(bob).data.principal).toEqual({ deviceId: hashToken(bob), playerId: await playerOf(ann) });
      expect(await phone.send('room:settings', { spectators: false })).toMatchObject({ ok: true });
      // And her seat is the phone's too, with no seat token.
      expect(await phone.join(roomId)).toMatchObject({ ok: true, seat: 0, creator: true });
    } finally {
      phone.close();
    }
  });

  it('acts as the new player a removed device becomes, from the moment it is removed, and as nobody once its player is deleted', async () => {
    const [ann, annPhone] = [newDeviceToken(), newDeviceToken()];
    await link(server.url, annPhone, ann);
    const roomId = await roomOf(ann);
    const tab = await Player.connect(server.url, { deviceToken: annPhone });
    try {
      expect(await tab.join(roomId)).toMatchObject({ ok: true, seat: 0, creator: true });
      const held = serverSocketOf(annPhone);
      const annPlayer = await playerOf(ann);
      expect(held.data.principal?.playerId).toBe(annPlayer);

      const phoneId = (await me(server.url, ann)).devices.find((d) => !d.current)!.id;
      expect((await call(server.url, 'DELETE', `/api/me/devices/${phoneId}`, ann, {})).status).toBe(204);
      // Told before it is closed: never again Ann's, even for the moment its connection lasts.
      const fresh = await playerOf(annPhone);
      expect(fresh).not.toBe(annPlayer);
      expect(held.data.principal).toEqual({ deviceId: hashToken(annPhone), playerId: fresh });
      await until('the removed device to hear it', async () => heard(tab, 'DEVICE_REMOVED'));
    } finally {
      tab.close();
    }

    const watcher = await Player.connect(server.url, { deviceToken: ann });
    try {
      expect(await watcher.join(roomId)).toMatchObject({ ok: true, seat: 0 });
      const held = serverSocketOf(ann);
      expect((await call(server.url, 'DELETE', '/api/me', ann, { confirm: 'delete' })).status).toBe(204);
      expect(held.data.principal).toEqual({ deviceId: hashToken(ann), playerId: null });
      await until('the deleted player to hear it', async () => heard(watcher, 'PLAYER_DELETED'));
    } finally {
      watcher.close();
    }
  });

  it('reads the player again at its next join while its device had none: a request may have made it since', async () => {
    const [ann, cy] = [newDeviceToken(), newDeviceToken()];
    const watched = await roomOf(ann);
    const tab = await Player.connect(server.url, { deviceToken: cy });
    try {
      expect(await tab.join(watched)).toMatchObject({ ok: true, seat: null });
      expect(serverSocketOf(cy).data.principal).toEqual({ deviceId: hashToken(cy), playerId: null });
      // Cy makes a room of her own and sits in it over HTTP: her device has a player now.
      const own = await roomOf(cy);
      expect(await tab.join(own)).toMatchObject({ ok: true, seat: 0, creator: true });
      expect(serverSocketOf(cy).data.principal).toEqual({ deviceId: hashToken(cy), playerId: await playerOf(cy) });
    } finally {
      tab.close();
    }
  });
});

describe('a principal read while its device moves', () => {
  const deviceId = 'd'.repeat(64);
  /** A socket not yet in its device's channel: a move cannot reach it there. */
  const arriving = (): IoSocket =>
    ({ data: { principal: null }, join: async () => {}, leave: async () => {} }) as unknown as IoSocket;

  // Never attached to a server nor listening: nothing to close.
  it('is read again when the move came between the read and the socket entering its channel', async () => {
    const io: IoServer = new Server();
    const principals = new SocketPrincipals(io, createClusterBus(io, false, console));
    const socket = arriving();
    const since = principals.moves;
    const read = await principals.resolve(socket, deviceId, async () => 'before');
    principals.moved([deviceId], 'after');
    await principals.settle(socket, read, since, async () => 'after');
    expect(socket.data.principal).toEqual({ deviceId, playerId: 'after' });
  });

  it('is read again when the move came while it was being read', async () => {
    const io: IoServer = new Server();
    const principals = new SocketPrincipals(io, createClusterBus(io, false, console));
    let reads = 0;
    const read = await principals.resolve(arriving(), deviceId, async () => {
      reads += 1;
      if (reads === 1) principals.moved([deviceId], 'after');
      return reads === 1 ? 'before' : 'after';
    });
    expect(read).toEqual({ deviceId, playerId: 'after' });
  });
});
