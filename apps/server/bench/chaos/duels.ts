// What the join flood and the admitted crowd share: two people playing duels at a person's pace,
// each acknowledgement timed, and a crowd of sockets re-joining their room once a second.
import { PROTOCOL_VERSION } from '@mm/protocol';
import { getFamily } from '@mm/rules';
import { botAction, botRandomness } from '../../src/bots/play';
import { Player } from '../../src/test-support/player';
import { createRoom } from '../../src/test-support/server';

/** Alice and Bob seated at a new duel (repeats on) of the server at `url`. */
export async function seatedDuel(url: string): Promise<{ roomId: string; alice: Player; bob: Player }> {
  const roomId: string = (await createRoom(url, { family: 'duel', options: { repeats: true } })).json.id;
  const alice = await Player.connect(url);
  const bob = await Player.connect(url);
  await alice.join(roomId);
  await bob.join(roomId);
  await alice.claim(0, 'Alice');
  await bob.claim(1, 'Bob');
  return { roomId, alice, bob };
}

/**
 * `count` sockets, each joining the room `target()` names once a second on its socket (a new socket, a
 * second after it was closed); `headersOf(i)`: socket i's handshake headers (an address of its own).
 * `counts` holds their answers; `stop()` ends them.
 */
export function rejoinEverySecond(
  url: string,
  count: number,
  target: () => string,
  headersOf: (i: number) => Record<string, string> | undefined = () => undefined,
): { counts: { joined: number; refused: Record<string, number> }; stop(): Promise<void> } {
  let running = true;
  const counts = { joined: 0, refused: {} as Record<string, number> };
  const refuse = (code: string): void => void (counts.refused[code] = (counts.refused[code] ?? 0) + 1);
  const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 1000));
  const sockets = Array.from({ length: count }, async (_, i) => {
    const headers = headersOf(i);
    while (running) {
      // A connection closed before Socket.IO's handshake (past twice the per-address bound) never answers either way.
      const p = await Promise.race([
        Player.connect(url, headers ? { headers } : {}),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('handshake timed out')), 5000)),
      ]).catch((err: { data?: { code?: string } }) => {
        refuse(err.data?.code ?? 'CONNECT_FAILED');
        return null;
      });
      while (p && running && p.socket.connected) {
        const r = await p.send('room:join', { protocol: PROTOCOL_VERSION, roomId: target() }).catch(() => null);
        if (r?.ok) counts.joined++;
        else refuse(r ? r.code : 'NO_ANSWER');
        await pause();
      }
      p?.close();
      if (running) await pause();
    }
  });
  return {
    counts,
    stop: async () => {
      running = false;
      await Promise.all(sockets);
    },
  };
}

/**
 * Alice and Bob (seated at `url`'s table) play duels at a person's pace until `end`, each acknowledgement
 * timed; a match over, they sit down at a new table and `onTable` hears its id. Their first failure ends it.
 */
export async function playDuels(
  url: string,
  alice: Player,
  bob: Player,
  end: number,
  onTable: (roomId: string) => void,
): Promise<{ acks: number[]; failure: string | null }> {
  const duel = getFamily('duel')!;
  const acks: number[] = [];
  let fresh = 0;
  let doing = 'start';
  // The table being played: the bots' randomness of each is its own.
  while (Date.now() < end) {
    try {
      // Asked, not taken from the last update: one of the old table's may still arrive after the new one's.
      doing = 'a look at the table';
      const table = await alice.send('room:sync', {});
      const seen = table.ok ? table.snapshot : null;
      if (!seen || seen.status.finished) {
        // A match over: the two sit down at a new table, and whoever follows them goes there.
        doing = 'a new table';
        // Followed once they sit: a table whose watcher places a crowd fills first takes no one, since
        // a person joins as a watcher before taking a seat (noted in issue 17).
        const next: string = (await createRoom(url, { family: 'duel', options: { repeats: true } })).json.id;
        alice.seatToken = bob.seatToken = undefined;
        doing = 'alice join';
        await alice.join(next);
        doing = 'bob join';
        await bob.join(next);
        doing = 'alice claim';
        await alice.claim(0, 'Alice');
        doing = 'bob claim';
        await bob.claim(1, 'Bob');
        onTable(next);
        continue;
      }
      const seat = seen.status.toAct[0];
      const mover = seat === 0 ? alice : bob;
      doing = 'a move';
      const own = await mover.send('room:sync', {}).catch(() => null);
      const view = own?.ok ? own.snapshot : null;
      const action =
        seat === undefined || !view
          ? null
          : botAction(duel, view.view, seat, botRandomness(`flood-${seat}-${fresh}`, `flood-${fresh++}`));
      if (!action) break;
      const start = performance.now();
      const r = await mover.act(action).catch(() => null);
      acks.push(performance.now() - start);
      if (!r?.ok) break;
      await alice.waitForSeq(r.seq).catch(() => undefined);
      // At a person's pace, within the per-socket message rate (10 a second after a burst of 30): a sync and
      // a move every 50 ms went over it once the acks were fast, and the dropped messages went unanswered.
      await new Promise((resolve) => setTimeout(resolve, 400));
    } catch (err) {
      const connected = `alice ${alice.socket.connected ? 'connected' : 'disconnected'}, bob ${bob.socket.connected ? 'connected' : 'disconnected'}`;
      return { acks, failure: `${String(err)} (in ${doing}; ${connected})` };
    }
  }
  return { acks, failure: null };
}
