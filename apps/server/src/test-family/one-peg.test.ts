import { afterEach, describe, expect, it } from 'vitest';
import type { RoomSummary } from '@mm/protocol';
import { registerFamily, type Code } from '@mm/rules';
import { pushPayload } from '../push/messages';
import { playPerson } from '../test-support/bots';
import { createRoomAs } from '../test-support/finish';
import { Player } from '../test-support/player';
import { useServer } from '../test-support/server';
import { snapshotOf } from '../test-support/table';
import { roomPreview } from '../web/web-pages';
import { ONE_PEG, onePeg, onePegBot } from './one-peg';

// The one line a family needs on the server side: the rules registry (with its bot).
registerFamily(onePeg, onePegBot);

describe('a family that plugs in through the registries only', () => {
  const server = useServer('postgres', { botDelayMs: 0 });
  const open: Player[] = [];
  afterEach(() => open.splice(0).forEach((p) => p.close()));

  it('is created over HTTP, played by a person and a bot over the socket, and its secret stays hidden until the end', async () => {
    const created = await createRoomAs(server.url, { family: ONE_PEG, options: { colours: 6 }, bots: [1] });
    expect(created.status).toBe(201);
    const roomId = created.json.id as string;
    const person = await Player.connect(server.url);
    const watcher = await Player.connect(server.url);
    open.push(person, watcher);
    expect((await watcher.join(roomId)).ok).toBe(true);
    expect((await person.join(roomId)).ok).toBe(true);
    expect((await person.claim(0, 'Ada')).ok).toBe(true);

    const secret: Code = [4];
    const end = await playPerson(person, 0, () => ({ type: 'setSecret', code: secret }));

    // The bot (seat 1) guessed from its own view with the solver until it found the peg.
    const view = end.view as unknown as { rows: { guess: Code; score: { black: number } }[]; secret: Code | null };
    expect(view.rows.at(-1)).toEqual({ guess: secret, score: { black: 1, white: 0 } });
    expect(view.rows.length).toBeLessThanOrEqual(6);
    expect(end.status).toMatchObject({ finished: true, winners: [1], toAct: [], owes: [], may: [] });
    expect(view.secret).toEqual(secret);

    // Until the last guess, no payload the spectator received showed the secret.
    const before = watcher.received.flatMap((r) => {
      const snapshot = snapshotOf(r.payload);
      return snapshot && !snapshot.status.finished ? [snapshot] : [];
    });
    expect(before.length).toBeGreaterThan(0);
    expect(before.filter((s) => (s.view as unknown as { secret: Code | null }).secret !== null)).toEqual([]);
  });

  it('refuses a move its rules refuse, with the typed error, and changes nothing', async () => {
    const created = await createRoomAs(server.url, { family: ONE_PEG, bots: [1] });
    const roomId = created.json.id as string;
    const person = await Player.connect(server.url);
    open.push(person);
    expect((await person.join(roomId)).ok).toBe(true);
    expect((await person.claim(0, 'Ada')).ok).toBe(true);
    expect(await person.act({ type: 'guess', code: [1] })).toMatchObject({ ok: false, code: 'NOT_YOUR_TURN' });
    expect(await person.act({ type: 'setSecret', code: [9] })).toMatchObject({ ok: false, code: 'INVALID_CODE' });
  });

  it('is refused at creation with unknown options, like every family', async () => {
    const created = await createRoomAs(server.url, { family: ONE_PEG, options: { colours: 99 } });
    expect(created.status).toBe(400);
    expect(created.json.error.code).toBe('BAD_REQUEST');
  });

  it('is named by itself in link previews and pushes, in the reader’s language', async () => {
    const created = await createRoomAs(server.url, { family: ONE_PEG });
    const roomId = created.json.id as string;
    const summary = (await (await fetch(`${server.url}/api/rooms/${roomId}`)).json()) as RoomSummary;
    expect(roomPreview(summary, 'de').title).toBe('Du bist zu einer Partie Rate meine Farbe eingeladen');
    expect(pushPayload('turn', 'fr', onePeg, roomId).body).toBe('Devine ma couleur : la table attend votre coup.');
  });
});
