import { describe, expect, it } from 'vitest';
import { Player } from '../test-support/player';
import { containsCode, containsText } from '../test-support/scan';
import { createRoom, useServer } from '../test-support/server';

describe('hidden information in a duel', () => {
  const server = useServer('postgres');

  it('never lets the secret or a seat token reach the codebreaker or a spectator before the reveal', async () => {
    const { json } = await createRoom(server.url, { family: 'duel', options: { repeats: true } });
    const maker = await Player.connect(server.url);
    const breaker = await Player.connect(server.url);
    const watcher = await Player.connect(server.url);
    for (const p of [maker, breaker, watcher]) await p.join(json.id);
    await maker.claim(0, 'Maker');
    await breaker.claim(1, 'Breaker');
    const secret = [5, 5, 2, 4];
    await maker.act({ type: 'setSecret', code: secret });

    const wrongGuesses = [
      [0, 0, 0, 0],
      [5, 2, 4, 5],
      [4, 5, 5, 2],
      [1, 2, 3, 4],
    ];
    for (const guess of wrongGuesses) {
      const before = breaker.latest!.snapshot.seq;
      expect((await breaker.act({ type: 'guess', code: guess })).ok).toBe(true);
      await watcher.waitForSeq(before + 1);
      await breaker.waitForSeq(before + 1);
      for (const p of [breaker, watcher]) {
        for (const { payload } of p.received) {
          expect(containsCode(payload, secret)).toBe(false);
          expect(containsText(payload, maker.seatToken!)).toBe(false);
          expect(containsText(payload, 'tokenHash')).toBe(false);
          expect(containsText(payload, 'trueScore":{')).toBe(false);
        }
      }
    }
    // The maker's own socket does see it, so the scan above can find it when it is there.
    expect(maker.received.some(({ payload }) => containsCode(payload, secret))).toBe(true);
    // Neither the maker nor the watcher ever saw the breaker's token.
    for (const p of [maker, watcher]) {
      expect(p.received.some(({ payload }) => containsText(payload, breaker.seatToken!))).toBe(false);
    }

    // After the breaking guess the secret is public.
    await breaker.act({ type: 'guess', code: secret });
    const revealed = await watcher.waitFor((u) => u.snapshot.seq === wrongGuesses.length + 2);
    expect(containsCode(revealed.snapshot.view, secret)).toBe(true);
    for (const p of [maker, breaker, watcher]) p.close();
  });
});
