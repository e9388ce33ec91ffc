import { describe, expect, it } from 'vitest';
import type { RoomSummary, SeatSummary } from '@mm/protocol';
import { botPlayingFor, canOfferTakeover, isFreeSeat, seatName, settingsBody } from './seats';

const seat = (index: number, over: Partial<SeatSummary> = {}): SeatSummary => ({
  index,
  name: null,
  connected: false,
  bot: false,
  takenOver: false,
  botStrength: null,
  ...over,
});

const room = (seats: SeatSummary[], takeOverAfterSec: number | null = 60, finished = false) =>
  ({ seats, takeOverAfterSec, status: { finished } }) as Pick<RoomSummary, 'seats' | 'takeOverAfterSec' | 'status'>;

describe('seats', () => {
  it('tells free seats from bots, even nameless ones', () => {
    expect(isFreeSeat(seat(0))).toBe(true);
    expect(isFreeSeat(seat(0, { name: 'Ann' }))).toBe(false);
    expect(isFreeSeat(seat(0, { bot: true }))).toBe(false);
    expect(isFreeSeat(undefined)).toBe(false);
  });

  it('names seats: the holder, else a bot, else the seat letter', () => {
    const t = (key: string, p: { letter: string }) => `${key}:${p.letter}`;
    expect(seatName(seat(0, { name: 'Ann' }), 0, t)).toBe('Ann');
    expect(seatName(seat(1, { bot: true }), 1, t)).toBe('bot.name:B');
    expect(seatName(seat(2), 2, t)).toBe('room.seat:C');
    expect(seatName(seat(1, { name: 'Bob', bot: true, takenOver: true }), 1, t)).toBe('Bob');
  });

  it('offers a takeover only for a disconnected person, to another seated player, while the match is on', () => {
    const seats = [
      seat(0, { name: 'Ann', connected: true }),
      seat(1, { name: 'Bob' }),
      seat(2, { name: 'Bot', bot: true }),
      seat(3),
    ];
    expect(canOfferTakeover(room(seats), 1, 0)).toBe(true);
    expect(canOfferTakeover(room(seats), 1, 1)).toBe(false); // yourself
    expect(canOfferTakeover(room(seats), 1, null)).toBe(false); // a watcher
    expect(canOfferTakeover(room(seats), 0, 1)).toBe(false); // connected
    expect(canOfferTakeover(room(seats), 2, 0)).toBe(false); // already a bot
    expect(canOfferTakeover(room(seats), 3, 0)).toBe(false); // free
    expect(canOfferTakeover(room(seats, null), 1, 0)).toBe(false); // the room does not allow it
    expect(canOfferTakeover(room(seats, 60, true), 1, 0)).toBe(false); // the match is over
  });

  it('sends only bots on seats the room has, in order', () => {
    expect(
      settingsBody({ bots: [3, 1, 1, 0], botStrength: 'easy', hints: true, takeOverAfterSec: 30, turnSeconds: 120 }, 2),
    ).toEqual({ bots: [0, 1], botStrength: 'easy', hints: true, takeOverAfterSec: 30, turnSeconds: 120 });
  });
});

describe('botPlayingFor', () => {
  const tr = (key: string, params: Record<string, string>): string =>
    key === 'bot.name' ? `Bot ${params.letter}` : `${params.bot} is playing for ${params.name}…`;

  it('names the bot playing for someone away', () => {
    expect(botPlayingFor(seat(1, { name: 'Eve', bot: true, takenOver: true, connected: true }), 1, tr)).toBe(
      'Bot B is playing for Eve…',
    );
  });

  it('says nothing for people, a bot of its own, or a free seat', () => {
    expect(botPlayingFor(seat(1, { name: 'Eve', connected: false }), 1, tr)).toBeNull();
    expect(botPlayingFor(seat(1, { bot: true, connected: true }), 1, tr)).toBeNull();
    expect(botPlayingFor(seat(2), 2, tr)).toBeNull();
    expect(botPlayingFor(undefined, 0, tr)).toBeNull();
  });
});
