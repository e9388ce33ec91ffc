import { afterAll, describe, expect, it } from 'vitest';
import { scoreGuess } from '@mm/rules';
import type { DuelView } from '@mm/rules/families/duel';
import { expectBotIds } from '../test-support/bots';
import { freshDatabase, type TestDatabase } from '../test-support/databases';
import { createRoomAs } from '../test-support/finish';
import { Player } from '../test-support/player';
import { startServer, useServer } from '../test-support/server';
import { snap, viewOf } from '../test-support/table';

const duelView = (p: Player): DuelView => viewOf<DuelView>(p);
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

describe('handing the seat of someone gone to a bot, and getting it back', () => {
  // One "second" of takeOverAfterSec lasts 30 ms here: the protocol's minimum of 10 s becomes 300 ms.
  const server = useServer('postgres', { botDelayMs: 0, secondMs: 30 });

  it('only after takeOverAfterSec away; the bot plays (a hand-scoring codemaker scores truly); the person comes back with its token', async () => {
    const created = await createRoomAs(server.url, {
      family: 'duel',
      options: { handScoring: true, rounds: 2 },
      takeOverAfterSec: 10,
    });
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    const bob = await Player.connect(server.url); // seat 0: makes the first code and scores by hand
    const alice = await Player.connect(server.url); // seat 1: breaks it
    const watcher = await Player.connect(server.url);
    for (const p of [bob, alice, watcher]) expect((await p.join(roomId)).ok).toBe(true);
    expect((await bob.claim(0, 'Bob')).ok).toBe(true);
    expect((await alice.claim(1, 'Alice')).ok).toBe(true);
    const secret = [0, 1, 2, 3];
    expect((await bob.act({ type: 'setSecret', code: secret })).ok).toBe(true);

    // Present, or away for less than the room says: refused. A watcher may not ask at all.
    expect(await alice.send('seat:takeover', { seat: 0 })).toMatchObject({ ok: false, code: 'NOT_AWAY' });
    expect(await alice.send('seat:takeover', { seat: 1 })).toMatchObject({ ok: false, code: 'NOT_AWAY' });
    expect(await watcher.send('seat:takeover', { seat: 0 })).toMatchObject({ ok: false, code: 'NOT_SEATED' });
    expect(await alice.send('seat:takeover', { seat: 5 })).toMatchObject({ ok: false, code: 'NO_SUCH_SEAT' });
    const bobToken = bob.seatToken!;
    bob.close();
    await alice.waitFor((u) => u.room.seats[0]!.connected === false);
    expect(await alice.send('seat:takeover', { seat: 0 })).toMatchObject({
      ok: false,
      code: 'NOT_AWAY',
      message: expect.stringMatching(/away \d+ s; the room waits 10 s/),
    });

    // Alice's guess waits for a score Bob cannot give.
    const g1 = [0, 2, 4, 5];
    expect((await alice.act({ type: 'guess', code: g1 })).ok).toBe(true);
    await sleep(350);
    expect(await alice.send('seat:takeover', { seat: 0 })).toEqual({ ok: true });
    expect(await alice.send('seat:takeover', { seat: 0 })).toMatchObject({
      ok: false,
      code: 'NOT_AWAY',
      message: expect.stringMatching(/bot plays/),
    });
    const taken = await watcher.waitFor((u) => u.room.seats[0]!.takenOver);
    // The seat keeps its person's name; a bot plays it for now, and is always there.
    expect(taken.room.seats[0]).toEqual({
      index: 0,
      name: 'Bob',
      connected: true,
      bot: true,
      takenOver: true,
      botStrength: 'strong',
    });
    // The bot enters the true score of the pending guess, from the secret its own view shows.
    const scored = await alice.waitFor((u) => (u.snapshot.view as DuelView).rounds[0]!.rows[0]!.score !== null);
    expect((scored.snapshot.view as DuelView).rounds[0]!.rows[0]!.score).toEqual(scoreGuess(secret, g1));
    expect(scored.snapshot.last).toMatchObject({ seat: 0, type: 'score' });
    const g2 = [1, 0, 3, 2];
    const r2 = await alice.act({ type: 'guess', code: g2 });
    if (!r2.ok) throw new Error(r2.code);
    const scored2 = await alice.waitForSeq(r2.seq + 1);
    expect((scored2.snapshot.view as DuelView).rounds[0]!.rows[1]!.score).toEqual(scoreGuess(secret, g2));

    // Bob comes back with his token: the seat is his again and the bot stops.
    const bob2 = await Player.connect(server.url);
    const back = await bob2.join(roomId, bobToken);
    expect(back).toMatchObject({ ok: true, seat: 0 });
    if (!back.ok) throw new Error('unreachable');
    expect(back.room.seats[0]).toEqual({
      index: 0,
      name: 'Bob',
      connected: true,
      bot: false,
      takenOver: false,
      botStrength: null,
    });
    await watcher.waitFor((u) => !u.room.seats[0]!.bot);
    const g3 = [3, 2, 1, 0];
    const r3 = await alice.act({ type: 'guess', code: g3 });
    if (!r3.ok) throw new Error(r3.code);
    await sleep(150); // a bot (delay 0) would have scored by now
    expect(snap(alice).seq).toBe(r3.seq);
    expect(duelView(alice).rounds[0]!.rows.at(-1)!.score).toBeNull();
    // Bob scores by hand again, and may even enter a wrong score (the bot never does).
    expect((await bob2.act({ type: 'score', black: 0, white: 4 })).ok).toBe(true);

    // Seat 0's two scores by the bot carry bot ids; Bob's own actions do not.
    const actions = await server.app.db.prisma.action.findMany({
      where: { seat: 0, match: { roomId } },
      orderBy: { seq: 'asc' },
    });
    expect(actions.map((a) => a.actionId.startsWith('bot-'))).toEqual([false, true, true, false]);
    for (const p of [alice, bob2, watcher]) p.close();
  });

  it('needs takeOverAfterSec: a room without it never hands a seat to a bot', async () => {
    const created = await createRoomAs(server.url, { family: 'parker' });
    const roomId = created.json.id as string;
    const a = await Player.connect(server.url);
    const b = await Player.connect(server.url);
    for (const p of [a, b]) await p.join(roomId);
    await a.claim(0, 'A');
    await b.claim(1, 'B');
    b.close();
    await a.waitFor((u) => u.room.seats[1]!.connected === false);
    await sleep(350);
    expect(await a.send('seat:takeover', { seat: 1 })).toMatchObject({
      ok: false,
      code: 'NOT_AWAY',
      message: expect.stringMatching(/never/),
    });
    a.close();
  });
});

describe('a bot that must move when its server stops', () => {
  let db: TestDatabase;
  afterAll(async () => db?.drop());

  it('moves once the room is loaded by the next server', async () => {
    db = await freshDatabase('postgres');
    // A bot so slow it cannot move before the server closes.
    const first = await startServer(db, { botDelayMs: 60_000 });
    const created = await createRoomAs(first.url, { family: 'duel', bots: [1] });
    const roomId = created.json.id as string;
    const ada = await Player.connect(first.url);
    await ada.join(roomId);
    expect((await ada.claim(0, 'Ada')).ok).toBe(true);
    expect((await ada.act({ type: 'setSecret', code: [3, 1, 4, 5] })).ok).toBe(true);
    // The acknowledgement leaves before the views (they follow in the next turn).
    expect((await ada.waitForSeq(1)).snapshot.status.toAct).toEqual([1]);
    const token = ada.seatToken!;
    ada.close();
    const closing = Date.now();
    await first.app.close(); // its bot timer is cleared: closing does not wait a minute
    expect(Date.now() - closing).toBeLessThan(10_000);

    const second = await startServer(db, { botDelayMs: 0 });
    try {
      const back = await Player.connect(second.url);
      expect(await back.join(roomId, token)).toMatchObject({ ok: true, seat: 0 });
      const broken = await back.waitFor((u) => (u.snapshot.view as DuelView).rounds[0]!.outcome !== null);
      expect((broken.snapshot.view as DuelView).rounds[0]!.outcome).toBe('broken');
      expect((await expectBotIds(second.app, roomId, [1])).bot).toBeGreaterThan(0);
      back.close();
    } finally {
      await second.app.close();
    }
  });
});
