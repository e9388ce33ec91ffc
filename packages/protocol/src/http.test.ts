import { describe, expect, it } from 'vitest';
import { createRoomBodySchema } from './http';

describe('the room creation body', () => {
  it.each(['duel', 'rotation', 'parker', 'mm44'] as const)('fills every %s option when options are left out', (family) => {
    const parsed = createRoomBodySchema().parse({ family });
    expect(parsed.family).toBe(family);
    expect(Object.keys(parsed.options).length).toBeGreaterThan(0);
  });

  it('keeps given options and defaults the rest', () => {
    const parsed = createRoomBodySchema().parse({ family: 'rotation', options: { players: 5 } });
    expect(parsed.options).toMatchObject({ players: 5, pegs: 4, colours: 6 });
  });

  it.each([
    [{ family: 'chess' }, 'family'],
    [{ family: 'duel', options: { rounds: 3 } }, 'rounds'],
    [{ family: 'rotation', options: { players: 6 } }, 'players'],
    [{ family: 'mm44', options: { seating: '5x1' } }, 'seating'],
    [{ family: 'parker', options: { moves: 9 } }, 'moves'],
    [{ family: 'duel', options: { pegs: 6, colours: 4 } }, 'colours'],
    [{ family: 'duel', options: {}, extra: 1 }, 'extra'],
  ])('refuses %j, naming %s', (body, word) => {
    const r = createRoomBodySchema().safeParse(body);
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toContain(word);
  });
});
