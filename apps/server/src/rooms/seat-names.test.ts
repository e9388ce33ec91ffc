import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { defaultSeatName, distinctSeatName } from './seat-names';

describe('two seats of one room never look alike', () => {
  it('numbers a name that looks like another seat’s: case, invisible characters and width aside', () => {
    expect(distinctSeatName('Ann', ['Bob', null])).toBe('Ann');
    expect(distinctSeatName('Ann', ['Ann', null])).toBe('Ann 2');
    expect(distinctSeatName('ann', ['Ann'])).toBe('ann 2');
    expect(distinctSeatName('\uFF21nn', ['Ann'])).toBe('\uFF21nn 2');
    expect(distinctSeatName('Ann', ['Ann', 'Ann 2', 'ANN 3'])).toBe('Ann 4');
    const long = 'x'.repeat(24);
    expect(distinctSeatName(long, [long])).toBe(`${'x'.repeat(22)} 2`);
  });

  it('names a person who gave no name after their seat: "Player A", "Player B"', () => {
    expect([0, 1, 7].map(defaultSeatName)).toEqual(['Player A', 'Player B', 'Player H']);
  });

  const server = useServer('postgres');

  it('seats a second "Ann" (written with a zero-width space) as "Ann 2", shown so to everyone', async () => {
    const { json } = await createRoom(server.url, { family: 'mm44', options: { seating: '3x1' } });
    const [first, second] = [await Player.connect(server.url), await Player.connect(server.url)];
    try {
      await first.join(json.id);
      await second.join(json.id);
      expect((await first.claim(0, 'Ann')).ok).toBe(true);
      expect((await second.claim(1, 'A\u200Bnn')).ok).toBe(true);
      const summary = (await (await fetch(`${server.url}/api/rooms/${json.id}`)).json()) as { seats: { name: string | null }[] };
      expect(summary.seats.map((s) => s.name).slice(0, 2)).toEqual(['Ann', 'Ann 2']);
      // a name of invisible characters only is refused
      const third = await Player.connect(server.url);
      try {
        await third.join(json.id);
        const refused = await third.claim(2, '\u200B\u202E');
        expect(refused).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
      } finally {
        third.close();
      }
    } finally {
      first.close();
      second.close();
    }
  });
});
