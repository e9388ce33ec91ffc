import { describe, expect, it } from 'vitest';
import type { RoomSummary } from '@mm/protocol';
import { createRoom, useServer } from '../test-support/server';

async function summary(url: string, roomId: string): Promise<RoomSummary> {
  const res = await fetch(`${url}/api/rooms/${roomId}`);
  expect(res.status).toBe(200);
  return (await res.json()) as RoomSummary;
}

const DEFAULTS = {
  duel: {
    options: {
      pegs: 4,
      colours: 6,
      repeats: false,
      blanks: false,
      guesses: 12,
      rounds: 2,
      scoring: 'rounds',
      handScoring: false,
    },
    seats: 2,
    toAct: [0],
    owes: [{ seat: 0, kind: 'secret' }],
    may: [],
  },
  rotation: {
    options: { players: 3, pegs: 4, colours: 6, repeats: false, guesses: 12 },
    seats: 3,
    toAct: [0],
    owes: [{ seat: 0, kind: 'secret' }],
    may: [],
  },
  parker: {
    options: { pegs: 3, colours: 6, repeats: true, games: 1 },
    seats: 2,
    toAct: [0, 1],
    owes: [
      { seat: 0, kind: 'secret' },
      { seat: 1, kind: 'secret' },
    ],
    may: [],
  },
  mm44: {
    options: { seating: '4x1', rows: 4 },
    seats: 4,
    toAct: [0],
    owes: [{ seat: 0, kind: 'row' }],
    may: [0, 1, 2, 3].map((seat) => ({ seat, kind: 'call' })),
  },
} as const;

describe('creating rooms of every family over HTTP', () => {
  const server = useServer('postgres');

  it.each(Object.entries(DEFAULTS))(
    'creates a %s room with every default, options given or left out',
    async (family, expected) => {
      for (const body of [{ family }, { family, options: {} }]) {
        const created = await createRoom(server.url, body);
        expect(created.status).toBe(201);
        expect(created.json.url).toContain(`/r/${created.json.id}`);
        const room = await summary(server.url, created.json.id);
        expect(room).toMatchObject({ id: created.json.id, family, options: expected.options, spectators: 0 });
        expect(room.seats).toEqual(
          Array.from({ length: expected.seats }, (_, index) => ({
            index,
            name: null,
            connected: false,
            bot: false,
            takenOver: false,
            botStrength: null,
          })),
        );
        expect(room.status).toEqual({
          finished: false,
          toAct: expected.toAct,
          owes: expected.owes,
          may: expected.may,
          scores: Array.from({ length: expected.seats }, () => 0),
          winners: [],
          draw: false,
        });
      }
    },
  );

  it.each([
    ['rotation', { players: 5 }, 5],
    ['rotation', { players: 4, guesses: 8, repeats: true, pegs: 6, colours: 4 }, 4],
    ['parker', { games: 3, pegs: 5 }, 2],
    ['mm44', { seating: '3x1', rows: 10 }, 3],
    ['mm44', { seating: '2x1' }, 2],
    ['mm44', { seating: '2x2' }, 2],
  ] as const)('creates %s with %j: %i seats', async (family, options, seats) => {
    const created = await createRoom(server.url, { family, options });
    expect(created.status).toBe(201);
    const room = await summary(server.url, created.json.id);
    expect(room.options).toMatchObject(options);
    expect(room.seats).toHaveLength(seats);
  });

  it.each([
    ['rotation', { players: 6 }, /options\.players: .*3\|4\|5/],
    ['rotation', { players: 2 }, /options\.players: .*3\|4\|5/],
    ['rotation', { guesses: 13 }, /options\.guesses: .*12/],
    ['rotation', { blanks: true }, /options: .*"blanks"/],
    ['rotation', { pegs: 5, colours: 4 }, /options\.colours: without repeated colours/],
    ['mm44', { seating: '5x1' }, /options\.seating: .*"4x1"\|"3x1"\|"2x1"\|"2x2"/],
    ['mm44', { rows: 3 }, /options\.rows: .*4/],
    ['parker', { games: 2 }, /options\.games: games must be odd/],
    ['parker', { pegs: 6 }, /options\.pegs: .*5/],
    ['parker', { moves: 10 }, /options: .*"moves"/],
    ['chess', {}, /family: .*'mm44'/],
  ] as const)('refuses %s with %j: 400 and a clear message', async (family, options, message) => {
    const rooms = await server.app.db.prisma.room.count();
    const res = await createRoom(server.url, { family, options });
    expect(res.status).toBe(400);
    expect(res.json.error.code).toBe('BAD_REQUEST');
    expect(res.json.error.message).toMatch(message);
    expect(await server.app.db.prisma.room.count()).toBe(rooms);
  });

  it.each([
    ['malformed JSON', 400, 'BAD_REQUEST', 'application/json', '{"family": "duel",'],
    [
      'an oversize body',
      413,
      'PAYLOAD_TOO_LARGE',
      'application/json',
      JSON.stringify({ family: 'duel', pad: 'x'.repeat(40_000) }),
    ],
    ['a body that is not JSON', 400, 'BAD_REQUEST', 'text/plain', 'family=duel'],
  ] as const)('answers %s with %i %s in the uniform error body, creating nothing', async (_what, status, code, type, body) => {
    const rooms = await server.app.db.prisma.room.count();
    const res = await fetch(`${server.url}/api/rooms`, { method: 'POST', headers: { 'content-type': type }, body });
    expect(res.status).toBe(status);
    const json = (await res.json()) as { error: { code: string; message: string } };
    expect(Object.keys(json)).toEqual(['error']);
    expect(json.error.code).toBe(code);
    expect(json.error.message.length).toBeGreaterThan(0);
    expect(await server.app.db.prisma.room.count()).toBe(rooms);
  });
});
