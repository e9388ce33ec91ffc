// Making rooms: a room of any family with its settings (its creator seated first if they sit), and
// the sealed room of one player that a Code of the day's attempt plays in.
import type { CreatorSeat, ErrorReply } from '@mm/protocol';
import { getFamily, type Seat } from '@mm/rules';
import type { RoomStorage } from '../db/store';
import { fault } from '../errors';
import { newSalt } from '../security/commitments';
import type { Principal } from '../security/principal';
import { newMatchId, newRoomId, newSeed } from '../security/tokens';
import type { LiveRoom } from './live-room';
import type { RoomCache } from './room-cache';
import { creatorSeatOf, DEFAULT_ROOM_SETTINGS, newRoomProblem, type RoomSettings, type SettingsCommands } from './room-settings';
import type { SeatCommands } from './seat-commands';
import { defaultSeatName } from './seat-names';
import { namedBots } from './seating';

/** A room made, and the creator's seat if they sat. */
export interface Created {
  ok: true;
  room: LiveRoom;
  seated: CreatorSeat | null;
}

/** A room whose id (and seed, and daily puzzle number) its maker chose beforehand (RoomService.create). */
export interface MadeRoom {
  roomId?: string;
  seed?: string;
  daily?: number;
}

export class CreateCommands {
  constructor(
    private readonly cache: RoomCache,
    private readonly store: RoomStorage,
    private readonly seats: SeatCommands,
    private readonly settings: SettingsCommands,
  ) {}

  /** See RoomService.create. */
  async create(
    familyId: string,
    options: unknown,
    creator: Principal | null = null,
    settings: RoomSettings = DEFAULT_ROOM_SETTINGS,
    sit?: { name?: string | undefined },
    made: MadeRoom = {},
  ): Promise<Created | ErrorReply> {
    const family = getFamily(familyId);
    if (!family) return fault('BAD_REQUEST', `unknown family ${familyId}`);
    const problem = newRoomProblem(familyId, options, settings.bots, sit !== undefined);
    if (problem) return fault('BAD_REQUEST', problem);
    const seat = sit ? creatorSeatOf(familyId, options, settings.bots) : null;
    const roomId = made.roomId ?? newRoomId();
    const creatorPlayerId = creator && (creator.playerId ?? (await this.store.ensurePlayer(creator.deviceId)));
    await this.store.createRoom({
      roomId,
      family: familyId,
      options,
      seatCount: family.seatCount(options),
      matchId: newMatchId(),
      seed: made.seed ?? newSeed(),
      salt: newSalt(),
      creatorPlayerId,
      bots: namedBots(settings.bots),
      botStrength: settings.botStrength,
      hints: settings.hints,
      takeOverAfterSec: settings.takeOverAfterSec,
      turnSeconds: settings.turnSeconds ?? null,
      daily: made.daily ?? null,
    });
    return this.cache.run(roomId, async () => {
      const room = await this.cache.load(roomId);
      if (!room) throw new Error(`room ${roomId} vanished after creation`);
      if (seat === null) {
        // A simultaneous start of bots only counts down at once.
        await this.cache.settleStart(room);
        return { ok: true, room, seated: null };
      }
      const claimed = await this.seats.seatIn(room, seat, sit?.name ?? defaultSeatName(seat), creator?.deviceId ?? null);
      // nobody else knows the room's id yet: its seat cannot have been taken
      if (!claimed.ok) throw new Error(`the creator of room ${roomId} could not sit: ${claimed.code}`);
      await this.cache.settleStart(room);
      this.cache.announce(room);
      return { ok: true, room, seated: { seat, name: claimed.name, seatToken: claimed.seatToken } };
    });
  }

  /** See RoomService.openSealed: a room got as `RoomService.get` does, closed and claimed as its own calls do. */
  async openSealed(
    made: { roomId: string; familyId: string; options: unknown; seed: string; daily: number },
    player: { deviceId: string; name: () => Promise<string> },
    seatToken: string,
  ): Promise<{ room: LiveRoom; seat: Seat }> {
    const { roomId } = made;
    let room = await this.cache.run(roomId, () => this.cache.load(roomId));
    if (!room) {
      const sealed = { bots: [], hints: false, takeOverAfterSec: null, turnSeconds: null };
      let failure: unknown;
      const created = await this.create(made.familyId, made.options, null, sealed, undefined, {
        roomId,
        seed: made.seed,
        daily: made.daily,
      }).catch((err: unknown) => void (failure = err));
      room = created?.ok ? created.room : await this.cache.run(roomId, () => this.cache.load(roomId));
      if (!room)
        throw failure ?? new Error(`sealed room ${roomId} not made: ${created && !created.ok ? created.message : 'unknown'}`);
    }
    if (room.spectating) room = (await this.settings.closeToSpectators(roomId)) ?? room;
    const seat = creatorSeatOf(room.family.id, room.options, []) ?? 0;
    if (room.seats.find((s) => s.index === seat)?.tokenHash == null) {
      await this.seats.claim(roomId, seat, await player.name(), player.deviceId, () => {}, seatToken);
    }
    return { room, seat };
  }
}
