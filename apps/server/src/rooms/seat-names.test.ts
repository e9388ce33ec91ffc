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
    expect(distinctSeatName('ZO\u00C9', ['Zoe\u0301'])).toBe('ZO\u00C9 2');
    expect(distinctSeatName('Anne', ['Ann'])).toBe('Anne');
    const long = 'x'.repeat(24);
    expect(distinctSeatName(long, [long])).toBe(`${'x'.repeat(22)} 2`);
  });

  it('numbers a name that looks like another seat’s through confusable letters (a skeleton per UTS #39)', () => {
    expect(distinctSeatName('\u0410nn', ['Ann'])).toBe('\u0410nn 2'); // a Cyrillic А
    expect(distinctSeatName('B0b', ['Bob'])).toBe('B0b 2');
    expect(distinctSeatName('\u03A1\u039F\u039A\u0391', ['Poka'])).toBe('\u03A1\u039F\u039A\u0391 2'); // Greek capitals
    expect(distinctSeatName('Strasse', ['STRAßE'])).toBe('Strasse 2');
    // "I" is drawn like "l" and is "i" in lower case: it meets both
    expect(distinctSeatName('Iris', ['lris'])).toBe('Iris 2');
    expect(distinctSeatName('Iris', ['iris'])).toBe('Iris 2');
    expect(distinctSeatName('iris', ['lris'])).toBe('iris');
    expect(distinctSeatName('Ann', ['Anna', 'Bob'])).toBe('Ann');
    expect(distinctSeatName('Léa', ['Lea'])).toBe('Léa');
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
      const seatNames = async (): Promise<(string | null)[]> =>
        ((await (await fetch(`${server.url}/api/rooms/${json.id}`)).json()) as { seats: { name: string | null }[] }).seats.map(
          (s) => s.name,
        );
      // a name of invisible characters only is refused
      const third = await Player.connect(server.url);
      try {
        await third.join(json.id);
        const refused = await third.claim(2, '\u200B\u202E');
        expect(refused).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
        // nor one holding a character that draws nothing ("Bob" drawn, not "Bob" compared)
        expect(await third.claim(2, 'Bo\uFE0Fb')).toMatchObject({ ok: false, code: 'BAD_REQUEST' });
        // a Cyrillic А is no new name either
        expect((await third.claim(2, '\u0410nn')).ok).toBe(true);
        expect(await seatNames()).toEqual(['Ann', 'Ann 2', '\u0410nn 3']);
      } finally {
        third.close();
      }
    } finally {
      first.close();
      second.close();
    }
  });
});
