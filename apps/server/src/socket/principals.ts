// Who each socket acts for (`socket.data.principal`): read once, when a join first names the socket's
// device, and kept true afterwards by being told, never by asking again. A device's player changes
// only by a merge (a link code, a passkey sign-in), a removal or "Delete me", and each of those says
// so here the moment it has committed; with several processes the news goes to the others through
// the cluster bus, where their sockets of those devices are.
import type { Principal } from '../security/principal';
import { deviceChannel } from './channels';
import type { ClusterBus } from './cluster-bus';
import type { IoServer, IoSocket } from './io-types';

type PlayerOf = (deviceId: string) => Promise<string | null>;

export class SocketPrincipals {
  /** how many moves this process has applied: a read that a move overtook is made again */
  #moves = 0;

  constructor(
    private readonly io: IoServer,
    /** other processes hold sockets too: they are told through it */
    private readonly bus: ClusterBus,
  ) {
    bus.on('principal-moved', ({ deviceIds, playerId }) => this.apply(deviceIds, playerId));
  }

  /**
   * The principal a join names: the socket's own while it is for the same device and its player is
   * known, else read now. A device with no player yet is read again at each join, since any request
   * (a claim, /api/me) may make it; a known player changes only by what `moved` is told.
   */
  async resolve(socket: IoSocket, deviceId: string, playerOf: PlayerOf): Promise<Principal> {
    const held = socket.data.principal;
    if (held?.deviceId === deviceId && held.playerId !== null) return held;
    return this.read(deviceId, playerOf);
  }

  /** Moves applied so far: a socket that took a principal read before a later move reads it again (`settle`). */
  get moves(): number {
    return this.#moves;
  }

  /**
   * The socket acts for `principal`, read when `moves` was `since`, from now on, and its device's channel
   * follows. A move of its device between that read and the socket's entering the channel did not reach
   * the socket: then the player is read again. No device named: the socket keeps the one it had.
   */
  async settle(socket: IoSocket, principal: Principal | null, since: number, playerOf: PlayerOf): Promise<void> {
    if (principal === null) return;
    const before = socket.data.principal?.deviceId ?? null;
    if (before !== principal.deviceId) {
      if (before !== null) void socket.leave(deviceChannel(before));
      await socket.join(deviceChannel(principal.deviceId));
    }
    socket.data.principal = principal;
    if (this.#moves !== since) socket.data.principal = await this.read(principal.deviceId, playerOf);
  }

  /** The device's player, read again when a move is applied meanwhile (it may be that device's). */
  private async read(deviceId: string, playerOf: PlayerOf): Promise<Principal> {
    for (;;) {
      const before = this.#moves;
      const playerId = await playerOf(deviceId);
      if (this.#moves === before) return { deviceId, playerId };
    }
  }

  /** These devices belong to `playerId` from now on (null: deleted): every socket of theirs acts as it. */
  moved(deviceIds: readonly string[], playerId: string | null): void {
    this.apply(deviceIds, playerId);
    if (deviceIds.length > 0) this.bus.publish({ type: 'principal-moved', deviceIds: [...deviceIds], playerId });
  }

  /** Sockets of this process in the devices' channels (the one a join puts the socket's device in). */
  private apply(deviceIds: readonly string[], playerId: string | null): void {
    this.#moves++;
    const nsp = this.io.of('/');
    for (const deviceId of deviceIds) {
      for (const id of nsp.adapter.rooms.get(deviceChannel(deviceId)) ?? []) {
        const socket = nsp.sockets.get(id);
        if (socket?.data.principal?.deviceId === deviceId) socket.data.principal = { deviceId, playerId };
      }
    }
  }
}
