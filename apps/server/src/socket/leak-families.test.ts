import { describe, expect, it } from 'vitest';
import { createRng } from '@mm/rules';
import { mm44Code, mm44Deal, type Mm44View } from '@mm/rules/families/mm44';
import { raceCode, raceOptionsSchema, type RaceView } from '@mm/rules/families/race';
import { currentSeed, newDeviceToken, seatRoom, step } from '../test-support/finish';
import { Player } from '../test-support/player';
import { containsCode, containsText } from '../test-support/scan';
import { useServer } from '../test-support/server';

/** The seq a received payload was taken at (updates and replies carry a snapshot; a delta leads to one; act acks a seq). */
function seqOf(payload: unknown): number | undefined {
  if (!payload || typeof payload !== 'object') return undefined;
  const p = payload as { snapshot?: { seq?: unknown } | null; toSeq?: unknown; seq?: unknown };
  const seq = p.snapshot?.seq ?? p.toSeq ?? p.seq;
  return typeof seq === 'number' ? seq : undefined;
}

/** Every salt and seed of the room's matches: none may reach any socket before the match is over. */
async function commitmentSecrets(server: ReturnType<typeof useServer>, roomId: string): Promise<string[]> {
  const matches = await server.app.db.prisma.match.findMany({ where: { roomId }, include: { actions: true } });
  return matches.flatMap((m) => [m.seed, ...(m.salt ? [m.salt] : []), ...m.actions.flatMap((a) => (a.salt ? [a.salt] : []))]);
}

describe('hidden information of the other families', () => {
  const server = useServer('postgres');

  it('rotation: no secret reaches a codebreaker or a spectator before its round ends, and no salt before the end', async () => {
    const t = await seatRoom(server.url, { family: 'rotation' }, [newDeviceToken(), newDeviceToken(), newDeviceToken()]);
    const watcher = await Player.connect(server.url);
    await watcher.join(t.roomId);
    const all = [...t.players, watcher];
    const rounds: { secret: number[]; maker: number; revealSeq: number }[] = [];
    for (let r = 0; r < 3; r++) {
      const secret = [(r + 2) % 6, (r + 5) % 6, (r + 1) % 6, (r + 3) % 6];
      await step(t.players[r]!, { type: 'setSecret', code: secret }, all);
      // two misses by the codebreakers in turn, then the break
      await step(t.players[(r + 1) % 3]!, { type: 'guess', code: [...secret].reverse() }, all);
      await step(t.players[(r + 2) % 3]!, { type: 'guess', code: [secret[1]!, secret[0]!, secret[3]!, secret[2]!] }, all);
      const revealSeq = await step(t.players[(r + 1) % 3]!, { type: 'guess', code: secret }, all);
      rounds.push({ secret, maker: r, revealSeq });
    }
    const secrets = await commitmentSecrets(server, t.roomId);
    const end = rounds.at(-1)!.revealSeq;
    for (const [i, p] of all.entries()) {
      for (const { event, payload } of p.received) {
        const seq = seqOf(payload);
        for (const round of rounds) {
          if (i === round.maker || (seq !== undefined && seq >= round.revealSeq)) continue;
          expect(containsCode(payload, round.secret), `${i} got round ${round.maker}'s secret in ${event} at ${seq}`).toBe(false);
        }
        if (seq === undefined || seq < end)
          for (const s of secrets) expect(containsText(payload, s), `${i}: ${event}`).toBe(false);
      }
    }
    // The spectator does see every secret once its round is over.
    for (const round of rounds) expect(containsCode(watcher.latest!.snapshot.view, round.secret)).toBe(true);
    t.close();
    watcher.close();
  });

  it('mm44: no part reaches another seat or a spectator, and neither the seed nor its salt, before the game ends', async () => {
    const t = await seatRoom(
      server.url,
      { family: 'mm44', options: { seating: '4x1' } },
      [0, 1, 2, 3].map(() => newDeviceToken()),
    );
    const watcher = await Player.connect(server.url);
    await watcher.join(t.roomId);
    const all = [...t.players, watcher];
    const parts = mm44Deal(createRng(await currentSeed(server.app, t.roomId)), 4);
    const rows = [
      [0, 1, 2, 3, 4],
      [5, 5, null, 1, 0],
      [2, null, 4, 4, 3],
      [1, 0, 5, 2, null],
    ];
    for (const [b, row] of rows.entries()) await step(t.players[b]!, { type: 'row', code: row }, all);
    const end = await step(t.players[2]!, { type: 'call', code: mm44Code(parts) }, all);
    const secrets = await commitmentSecrets(server, t.roomId);
    expect(secrets.length).toBe(2);
    for (const [i, p] of all.entries()) {
      for (const { event, payload } of p.received) {
        const seq = seqOf(payload);
        if (seq !== undefined && seq >= end) continue;
        const text = JSON.stringify(payload);
        for (const [b, part] of parts.entries()) {
          if (b === i) continue;
          expect(text.includes(`"part":${JSON.stringify(part)}`), `socket ${i} got board ${b}'s part in ${event}`).toBe(false);
        }
        expect(containsCode(payload, mm44Code(parts)), `socket ${i}: the whole code in ${event}`).toBe(false);
        for (const s of secrets) expect(text.includes(s), `socket ${i}: a salt or the seed in ${event}`).toBe(false);
      }
    }
    // Each seat did get its own part in that very form, so the scan above would have found another's.
    for (const [b, part] of parts.entries()) {
      expect(
        t.players[b]!.received.some(({ payload }) => JSON.stringify(payload).includes(`"part":${JSON.stringify(part)}`)),
      ).toBe(true);
    }
    // Only a hash stood for the deal from the start: a commitment, no salt, no seed.
    const first = watcher.received.find((r) => r.event === 'ack:room:join')!.payload as { snapshot: { commitments: unknown[] } };
    expect(first.snapshot.commitments).toEqual([{ kind: 'deal', hash: expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    // After the end every part is public.
    expect((watcher.latest!.snapshot.view as Mm44View).boards.map((b) => b.part)).toEqual(parts);
    t.close();
    watcher.close();
  });
  it('race: no seat or spectator gets another seat’s colours or the code, nor the seed or its salt, before the end', async () => {
    const t = await seatRoom(
      server.url,
      { family: 'race', options: { players: 3 } },
      [0, 1, 2].map(() => newDeviceToken()),
    );
    const watcher = await Player.connect(server.url);
    await watcher.join(t.roomId);
    const all = [...t.players, watcher];
    const code = raceCode(raceOptionsSchema.parse({ players: 3 }), await currentSeed(server.app, t.roomId));
    // Each seat's misses repeat its own number twice, so no other array of a payload can be taken for them.
    const misses = [0, 1, 2].map((seat) => [0, 1, 2, 3].map((row) => [seat, seat, row, 5]).filter((g) => !containsCode(g, code)));
    await Promise.all(
      t.players.map(async (p, seat) => {
        for (const guess of misses[seat]!) expect((await p.act({ type: 'guess', code: guess })).ok).toBe(true);
      }),
    );
    const before = misses.flat().length;
    await Promise.all(all.map((p) => p.waitForSeq(before)));
    for (const p of t.players) await step(p, { type: 'guess', code }, all);
    const end = before + 3;
    const secrets = await commitmentSecrets(server, t.roomId);
    expect(secrets.length).toBe(2);
    for (const [i, p] of all.entries()) {
      for (const { event, payload } of p.received) {
        const seq = seqOf(payload);
        if (seq !== undefined && seq >= end) continue;
        for (const [seat, guesses] of misses.entries()) {
          if (seat === i) continue;
          for (const g of guesses)
            expect(containsCode(payload, g), `socket ${i} got seat ${seat}'s colours in ${event}`).toBe(false);
        }
        if (seq === undefined || seq < before + 1 + i)
          expect(containsCode(payload, code), `socket ${i}: the code in ${event} at ${String(seq)}`).toBe(false);
        for (const s of secrets) expect(containsText(payload, s), `socket ${i}: a salt or the seed in ${event}`).toBe(false);
      }
    }
    // Each seat did get its own colours in those very payloads, so the scan above would have found another's.
    for (const [seat, p] of t.players.entries())
      expect(p.received.some(({ payload }) => containsCode(payload, misses[seat]![0]!))).toBe(true);
    // After the end every board is public, and the code.
    const final = watcher.latest!.snapshot.view as RaceView;
    expect(final.code).toEqual(code);
    expect(final.boards.every((b) => b.shown === 'code')).toBe(true);
    t.close();
    watcher.close();
  });
});
