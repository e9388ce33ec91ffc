import { describe, expect, it } from 'vitest';
import { createRng, type Rng } from '@mm/rules';
import { raceCode, raceOptionsSchema } from '@mm/rules/families/race';
import { currentSeed } from '../test-support/finish';
import { Player, startWhenReady } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';

type Sender = 'broke' | 'racing' | 'watcher';

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(items.length)]!;

/** Something that is not a code of this race (4 holes, colours 0–5, no blanks): wrong length, colour, type. */
function notACode(rng: Rng): unknown {
  const peg = (): unknown => pick(rng, [rng.int(6), rng.int(6), 6 + rng.int(20), -1 - rng.int(5), null, 'red', 1.5, [], {}]);
  const length = pick(rng, [0, 1, 3, 5, 8, 9, 40]);
  const code = Array.from({ length }, peg);
  // Four holes are refused only with some peg that cannot be a colour here.
  return rng.next() < 0.3 ? [rng.int(6), rng.int(6), pick(rng, [6, 7, null, -1, 'x', 2.5]), rng.int(6)] : code;
}

/** One fuzzed message, each of a kind the server must refuse whoever sends it (`sender` matters for guesses). */
function fuzzed(rng: Rng, sender: Sender): { name: string; payload: unknown } {
  const id = (): string => Array.from({ length: 10 }, () => 'abcdefgh'[rng.int(8)]).join('');
  const act = (action: unknown, extra: Record<string, unknown> = {}) => ({
    name: 'match:act',
    payload: { actionId: id(), action, ...extra },
  });
  const anyCode = (): unknown => (sender === 'racing' ? notACode(rng) : pick(rng, [notACode(rng), [0, 1, 2, 3], [5, 5, 5, 5]]));
  switch (rng.int(10)) {
    case 0:
      return act({ type: 'guess', code: anyCode() });
    case 1:
      return act({ type: 'guess', code: anyCode(), extra: rng.int(9) });
    case 2:
      return act({ type: 'timeout', ...(rng.next() < 0.5 ? { code: [0, 1, 2, 3] } : {}) });
    case 3:
      return act({ type: pick(rng, ['setSecret', 'score', 'row', 'call', 'pass', 'GUESS', '', 'teleport']), code: [0, 1, 2, 3] });
    case 4:
      return act(pick(rng, [null, 42, 'guess', [], { code: [0, 1, 2, 3] }]));
    case 5:
      return act({ type: 'guess', code: anyCode() }, { expectSeq: pick(rng, [-1, 0, 1.5, 'x', 10_000]) });
    case 6:
      return {
        name: 'match:act',
        payload: pick(rng, [null, 'guess 0123', { action: { type: 'guess', code: [0, 1, 2, 3] } }, []]),
      };
    case 7:
      return act(
        { type: 'guess', code: anyCode() },
        { actionId: pick(rng, ['', 'x'.repeat(5000), 'timeout-abcdef', 'bot-abcdefgh']) },
      );
    case 8:
      return {
        name: 'seat:claim',
        payload: { seat: pick(rng, [0, 1, 2, 3, 8, -1, 'a']), name: pick(rng, ['Mallory', '', 'x'.repeat(300)]) },
      };
    default:
      return { name: pick(rng, ['seat:leave', 'match:cheat', 'room:spectating']), payload: pick(rng, [{}, { on: 'yes' }, null]) };
  }
}

/**
 * Fuzzed messages on a race under way: each must be refused with a typed error and leave the
 * stored log and every seat's view as they were. Seat 0 has broken the code, seat 1 races on,
 * a spectator watches; nothing any of them sends here is a legal move.
 */
describe('fuzzed messages on a race room', () => {
  // What is judged here is each message, not the rate (socket/unread-flood.test.ts): every one must be answered.
  const server = useServer('postgres', { socketMessageBurst: 10_000 });

  it('are all refused with a typed error and change nothing', async () => {
    const roomId = (await createRoom(server.url, { family: 'race', options: { players: 3 } })).json.id as string;
    const seats = await Promise.all([0, 1, 2].map(() => Player.connect(server.url)));
    const watcher = await Player.connect(server.url);
    for (const [i, p] of seats.entries()) {
      await p.join(roomId);
      expect((await p.claim(i, `P${i}`)).ok).toBe(true);
    }
    await watcher.join(roomId);
    await startWhenReady(seats, [...seats, watcher]);
    const code = raceCode(raceOptionsSchema.parse({ players: 3 }), await currentSeed(server.app, roomId));
    expect((await seats[0]!.act({ type: 'guess', code })).ok).toBe(true);
    expect((await seats[1]!.act({ type: 'guess', code: code.map((p) => ((p ?? 0) + 1) % 6) })).ok).toBe(true);
    await Promise.all([...seats, watcher].map((p) => p.waitForSeq(2)));

    const state = async () => ({
      log: await server.app.db.prisma.action.findMany({ where: { match: { roomId } }, orderBy: { seq: 'asc' } }),
      views: await Promise.all([...seats, watcher].map((p) => p.send('room:sync', {}))),
    });
    const before = await state();
    const senders: [Sender, Player][] = [
      ['broke', seats[0]!],
      ['racing', seats[1]!],
      ['watcher', watcher],
    ];
    const rng = createRng('race fuzz');
    const codes = new Set<string>();
    for (let i = 0; i < 80; i++) {
      const [kind, p] = pick(rng, senders);
      const { name, payload } = fuzzed(rng, kind);
      const reply = (await p.send(name as 'room:sync', payload)) as { ok: boolean; code?: string; message?: string };
      expect(reply.ok, `${kind} ${name} ${JSON.stringify(payload).slice(0, 200)}`).toBe(false);
      expect(reply.code).toMatch(/^[A-Z_]+$/);
      expect(reply.message?.length).toBeGreaterThan(5);
      codes.add(reply.code!);
    }
    expect(await state()).toEqual(before);
    // The fuzz reached the rules as well as the gate before them.
    expect([...codes]).toEqual(expect.arrayContaining(['WRONG_PHASE', 'INVALID_CODE', 'SERVER_ONLY_ACTION', 'BAD_REQUEST']));
    for (const p of [...seats, watcher]) p.close();
  }, 120_000);
});
