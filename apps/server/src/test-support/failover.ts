import type { ChildProcess } from 'node:child_process';
import pg from 'pg';
import { Player } from './player';
import { kill, spawnServer } from './process';
import { createRoom } from './server';
import { until } from './until';

/** One query on its own short connection. */
export async function sql<R extends Record<string, unknown>>(url: string, text: string, params: unknown[] = []): Promise<R[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return (await client.query<R>(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** Actions stored for a room's matches, read straight from the database (past any proxy of the server's). */
export async function storedMoves(databaseUrl: string, roomId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    databaseUrl,
    `SELECT count(*)::int AS n FROM "Action" a JOIN "Match" m ON m.id = a."matchId" WHERE m."roomId" = $1`,
    [roomId],
  );
  return row!.n;
}

export interface Node {
  child: ChildProcess;
  url: string;
}

export interface FailoverTrial {
  /** from the SIGKILL to the bot's move stored by the survivor */
  ms: number;
  /** the survivor had the room in memory before the kill */
  survivorLoaded: boolean;
  /** the person's socket was on the killed process (they joined the survivor again) */
  personMoved: boolean;
}

/**
 * Two processes share PostgreSQL and Redis; a person sets the secret of a duel against a bot; the
 * process holding the room's lease (the one that would play the bot) is SIGKILLed right after
 * the acknowledgement. Measures how long until the survivor has stored the bot's guess.
 * `nodes` are started by the caller and one of them is killed (the caller replaces it). Null
 * when the bot played before the kill could land (nothing was killed).
 */
export async function botFailoverTrial(
  nodes: [Node, Node],
  databaseUrl: string,
  watchSurvivorFirst: boolean,
): Promise<{ trial: FailoverTrial; killed: 0 | 1 } | null> {
  const roomId: string = (await createRoom(nodes[0].url, { family: 'duel', bots: [1] })).json.id;
  const person = await Player.connect(nodes[0].url);
  const watcher = watchSurvivorFirst ? await Player.connect(nodes[1].url) : null;
  try {
    if (watcher) await watcher.join(roomId);
    await person.join(roomId);
    await person.claim(0, 'Person');
    const ack = await person.act({ type: 'setSecret', code: [0, 1, 2, 3] });
    if (!ack.ok) throw new Error(`setSecret refused: ${ack.code}`);
    // The lease of a room the person just moved in is taken by the process the move was made on, or already held.
    const [lease] = await until('the room lease', () =>
      sql<{ owner: string }>(
        databaseUrl,
        `SELECT owner FROM "RoomLease" WHERE "roomId" = $1 AND "expiresAt" > now() AT TIME ZONE 'UTC'`,
        [roomId],
      ).then((r) => r.length > 0 && r),
    );
    const pid = Number(lease!.owner.split(':')[1]);
    const killed: 0 | 1 = nodes[0].child.pid === pid ? 0 : 1;
    const survivor = nodes[1 - killed]!;
    // A machine too busy to kill before the bot's delay ran out: no trial (the caller tries again).
    if ((await storedMoves(databaseUrl, roomId)) !== 1) return null;
    const t0 = Date.now();
    await kill(nodes[killed].child, 'SIGKILL');
    const survivorLoaded = killed === 1 || watcher !== null;
    let moverSocket = person;
    if (killed === 0) {
      // The person comes back through the survivor with their token.
      person.close();
      moverSocket = await Player.connect(survivor.url);
      const back = await moverSocket.join(roomId, person.seatToken);
      if (!back.ok) throw new Error(`rejoin refused: ${back.code}`);
    }
    await until('the bot move after the kill', async () => (await storedMoves(databaseUrl, roomId)) >= 2, 60_000);
    const ms = Date.now() - t0;
    await moverSocket.waitForSeq(2);
    if (moverSocket !== person) moverSocket.close();
    return { trial: { ms, survivorLoaded, personMoved: killed === 0 }, killed };
  } finally {
    person.close();
    watcher?.close();
  }
}

/** A server process on `env`, e.g. for a trial. */
export async function startNode(env: Record<string, string>): Promise<Node> {
  const { child, url } = await spawnServer(env);
  return { child, url };
}
