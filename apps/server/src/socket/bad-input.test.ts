import { beforeEach, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '@mm/protocol';
import { Player } from '../test-support/player';
import { createRoom, useServer } from '../test-support/server';
import { until } from '../test-support/until';

/**
 * Each bad message must get a typed error acknowledgement and leave the match
 * exactly as it was: the stored log and every seat's view are compared before and after.
 */
describe('bad input over the socket', () => {
  const server = useServer('postgres');
  let roomId: string;
  let maker: Player;
  let breaker: Player;

  beforeEach(async () => {
    roomId = (await createRoom(server.url, { family: 'duel', options: {} })).json.id;
    maker = await Player.connect(server.url);
    breaker = await Player.connect(server.url);
    await maker.join(roomId);
    await breaker.join(roomId);
    await maker.claim(0, 'Maker');
    await breaker.claim(1, 'Breaker');
    await maker.act({ type: 'setSecret', code: [0, 1, 2, 3] });
    await breaker.waitForSeq(1);
    return () => {
      maker.close();
      breaker.close();
    };
  });

  async function unchanged(run: () => Promise<unknown>): Promise<unknown> {
    const logBefore = await server.app.db.prisma.action.findMany({ where: { match: { roomId } }, orderBy: { seq: 'asc' } });
    const viewsBefore = [await maker.send('room:sync', {}), await breaker.send('room:sync', {})];
    const result = await run();
    const logAfter = await server.app.db.prisma.action.findMany({ where: { match: { roomId } }, orderBy: { seq: 'asc' } });
    const viewsAfter = [await maker.send('room:sync', {}), await breaker.send('room:sync', {})];
    expect(logAfter).toEqual(logBefore);
    expect(viewsAfter).toEqual(viewsBefore);
    return result;
  }

  const cases: [string, (p: { maker: Player; breaker: Player }) => Promise<unknown>, string][] = [
    ['a payload that is not an object', ({ breaker }) => breaker.send('match:act', 'guess 1234'), 'BAD_REQUEST'],
    [
      'a missing actionId',
      ({ breaker }) => breaker.send('match:act', { action: { type: 'guess', code: [1, 1, 1, 1] } }),
      'BAD_REQUEST',
    ],
    [
      'an extra field',
      ({ breaker }) => breaker.send('match:act', { actionId: 'abcdefgh12', action: {}, admin: true }),
      'BAD_REQUEST',
    ],
    ['an action of no family', ({ breaker }) => breaker.act({ type: 'teleport' }), 'INVALID_ACTION'],
    ['a guess that is not a code', ({ breaker }) => breaker.act({ type: 'guess', code: ['red', 1, 2, 3] }), 'INVALID_ACTION'],
    ['a guess of the wrong length', ({ breaker }) => breaker.act({ type: 'guess', code: [1, 2, 3] }), 'INVALID_CODE'],
    ['a colour out of range', ({ breaker }) => breaker.act({ type: 'guess', code: [1, 2, 3, 9] }), 'INVALID_CODE'],
    [
      'an oversized payload',
      ({ breaker }) => breaker.act({ type: 'guess', code: [1, 2, 3, 4] }, { actionId: 'x'.repeat(5000) }),
      'PAYLOAD_TOO_LARGE',
    ],
    ['an out-of-turn guess by the codemaker', ({ maker }) => maker.act({ type: 'guess', code: [1, 2, 3, 4] }), 'NOT_YOUR_TURN'],
    ['a second secret', ({ maker }) => maker.act({ type: 'setSecret', code: [3, 2, 1, 0] }), 'WRONG_PHASE'],
    ['a secret set by the wrong seat', ({ breaker }) => breaker.act({ type: 'setSecret', code: [3, 2, 1, 0] }), 'NOT_YOUR_TURN'],
    [
      'a timeout sent by a client (only the server appends one)',
      ({ breaker }) => breaker.act({ type: 'timeout' }),
      'SERVER_ONLY_ACTION',
    ],
    [
      'a timeout with a secret sent by a client',
      ({ maker }) => maker.act({ type: 'timeout', code: [3, 2, 1, 0] }),
      'SERVER_ONLY_ACTION',
    ],
    ['a hand score when hand scoring is off', ({ maker }) => maker.act({ type: 'score', black: 1, white: 0 }), 'INVALID_ACTION'],
    ['an unknown message', ({ breaker }) => breaker.send('match:cheat' as 'room:sync', {}), 'UNKNOWN_EVENT'],
    [
      'a join with another protocol version',
      ({ breaker }) => breaker.send('room:join', { protocol: PROTOCOL_VERSION + 1, roomId }),
      'PROTOCOL_MISMATCH',
    ],
    [
      'a join of an unknown room',
      ({ breaker }) => breaker.send('room:join', { protocol: PROTOCOL_VERSION, roomId: 'AAAAAAAAAAAAAAAA' }),
      'ROOM_NOT_FOUND',
    ],
    [
      'a join with a forged seat token',
      ({ breaker }) => breaker.send('room:join', { protocol: PROTOCOL_VERSION, roomId, seatToken: 'A'.repeat(43) }),
      'BAD_TOKEN',
    ],
    ['a claim of a taken seat', ({ breaker }) => breaker.send('seat:claim', { seat: 0, name: 'Mallory' }), 'ALREADY_SEATED'],
    [
      'a claim of a seat that does not exist',
      () =>
        Player.connect(server.url).then(async (p) => {
          await p.join(roomId);
          const r = await p.claim(5, 'Eve');
          p.close();
          return r;
        }),
      'NO_SUCH_SEAT',
    ],
    ['leaving once the match has begun', ({ breaker }) => breaker.send('seat:leave', {}), 'MATCH_STARTED'],
  ];

  it.each(cases)('%s gets a typed error and changes nothing', async (_name, run, code) => {
    const reply = await unchanged(() => run({ maker, breaker }));
    expect(reply).toMatchObject({ ok: false, code });
    expect((reply as { message: string }).message.length).toBeGreaterThan(5);
  });

  it('an action sent by a spectator is refused', async () => {
    const watcher = await Player.connect(server.url);
    await watcher.join(roomId);
    expect(await unchanged(() => watcher.act({ type: 'guess', code: [1, 2, 3, 4] }))).toMatchObject({
      ok: false,
      code: 'NOT_SEATED',
    });
    watcher.close();
  });

  it('a replayed action is recognised and applied once', async () => {
    const first = await breaker.act({ type: 'guess', code: [1, 1, 2, 2] }, { actionId: 'same-action-1' });
    expect(first).toEqual({ ok: true, seq: 2 });
    const again = await unchanged(() => breaker.act({ type: 'guess', code: [1, 1, 2, 2] }, { actionId: 'same-action-1' }));
    expect(again).toMatchObject({ ok: false, code: 'DUPLICATE_ACTION', seq: 2 });
  });

  it('an action made on a stale state is refused', async () => {
    const reply = await unchanged(() => breaker.act({ type: 'guess', code: [1, 1, 2, 2] }, { expectSeq: 0 }));
    expect(reply).toMatchObject({ ok: false, code: 'STALE_SEQ', seq: 1 });
  });

  it('a message without an acknowledgement gets its error as an event', async () => {
    const errors: unknown[] = [];
    breaker.socket.on('server:error', (e) => errors.push(e));
    breaker.socket.emit('match:act', { nonsense: true });
    // A round trip later no second error can still be on its way.
    await until('the error event', async () => errors.length > 0);
    await breaker.send('room:sync', {});
    expect(errors).toEqual([expect.objectContaining({ ok: false, code: 'BAD_REQUEST' })]);
  });

  it('a flood of messages is rate limited without harm', async () => {
    // Past the rate, the first message is answered RATE_LIMITED and the rest of the window goes unanswered (summed up later).
    const replies = await Promise.all(
      Array.from({ length: 60 }, () =>
        breaker.socket
          .timeout(3000)
          .emitWithAck('room:sync', {})
          .catch(() => null),
      ),
    );
    expect(replies.filter((r) => r?.ok === false && r.code === 'RATE_LIMITED')).toHaveLength(1);
    // Refused while the limit lasts (a refused message changes nothing); polled until a message is taken again.
    await until(
      'the limit to pass',
      async () => {
        const reply = await breaker.socket
          .timeout(2000)
          .emitWithAck('room:sync', {})
          .catch(() => null);
        return reply?.ok === true;
      },
      30_000,
      250,
    );
    expect((await breaker.act({ type: 'guess', code: [1, 1, 2, 2] })).ok).toBe(true);
  });
});
