// The next match at the same table: a rematch once every seat voted, or another game a seated
// player picked. The rules decide who sits where (seating.ts applies it); the store writes those
// seats only if they are still as this process read them, and a seat changed meanwhile (on
// another process) is read again and the seating decided anew.
import type { ErrorReply } from '@mm/protocol';
import { DEFAULT_BOT_STRENGTH, getFamily, getPreset, type NextMatch } from '@mm/rules';
import type { RoomStorage } from '../db/store';
import { fault } from '../errors';
import { newSalt } from '../security/commitments';
import { newMatchId, newSeed } from '../security/tokens';
import type { LiveRoom } from './live-room';
import type { RoomCache } from './room-cache';
import { newRoomProblem } from './room-settings';
import { arrangeSeats } from './seating';

/** How many times the seating is decided again after the seats changed under it. */
const SEATING_ATTEMPTS = 3;

/** The game a next match plays: the family, its options (parsed) and what the rules seat. */
export interface NextGame {
  family: string;
  options: unknown;
  next: NextMatch;
}

/** The same game again, every holder one seat on. */
export const rematchOf = (room: LiveRoom): NextGame => ({
  family: room.family.id,
  options: room.options,
  next: { kind: 'rematch' },
});

/** Another game from a preset (its family, options and bots), or why it cannot be played. */
export function anotherGame(presetId: string): NextGame | ErrorReply {
  const preset = getPreset(presetId);
  if (!preset) return fault('BAD_REQUEST', `match:another: no game is called ${presetId}.`);
  const problem = newRoomProblem(preset.family, preset.options, preset.bots, false);
  const family = getFamily(preset.family);
  const parsed = family?.optionsSchema.safeParse(preset.options);
  if (problem || !family || !parsed?.success) return fault('BAD_REQUEST', `match:another: ${problem ?? 'invalid options'}`);
  return {
    family: preset.family,
    options: parsed.data,
    next: { kind: 'another', seatCount: family.seatCount(parsed.data), bots: preset.bots },
  };
}

/**
 * Starts the room's next match (in its queue): 'started', with the room as it is now; 'lost' when
 * another process started that match first (the room is read again all the same); a fault when
 * the seats would not hold still.
 */
export async function startNextMatch(
  cache: RoomCache,
  store: RoomStorage,
  room: LiveRoom,
  game: NextGame,
): Promise<{ outcome: 'started' | 'lost'; room: LiveRoom } | ErrorReply> {
  // A bot a preset seats plays as well as the table's bots did.
  const strength = room.seats.find((s) => s.bot && !s.takenOver)?.botStrength ?? DEFAULT_BOT_STRENGTH;
  const match = {
    id: newMatchId(),
    number: room.matchNumber + 1,
    family: game.family,
    options: game.options,
    seed: newSeed(),
    salt: newSalt(),
  };
  for (let attempt = 0; attempt < SEATING_ATTEMPTS; attempt++) {
    const read = room.seats;
    const next = arrangeSeats(read, game.next, { strength, at: new Date() });
    const started = await store.startNextMatch(room.id, match, { read, next });
    if (started === 'seats-changed') {
      await cache.learnSeats(room);
      continue;
    }
    const now = await cache.reload(room);
    if (!now) return fault('ROOM_NOT_FOUND', 'This room does not exist.');
    // A simultaneous start waits for ready again (bots only: the countdown runs at once).
    await cache.settleStart(now);
    return { outcome: started === 'started' ? 'started' : 'lost', room: now };
  }
  return fault('SEATS_CHANGED', 'The seats kept changing while the next match was set up: nothing changed, try again.');
}
