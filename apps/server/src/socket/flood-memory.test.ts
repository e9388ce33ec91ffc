import { describe, expect, it } from 'vitest';
import type { App } from '../app';
import { useServer } from '../test-support/server';
import { until } from '../test-support/until';
import { unsent } from './write-guard';

// A client on Engine.IO's long-polling transport that never asks for what it is sent (no GET after
// the handshake): every reply stays in the server's queue for that connection, with no kernel
// buffer in between, so what the server holds for it is exactly what these tests read.
interface Poller {
  sid: string;
  /** sends the packets in one POST; false once the server no longer knows the connection */
  post(packets: string[]): Promise<boolean>;
}

async function poller(url: string): Promise<Poller> {
  const base = `${url}/socket.io/?EIO=4&transport=polling`;
  const open = await (await fetch(base)).text();
  const sid = (JSON.parse(open.slice(1)) as { sid: string }).sid;
  const post = async (packets: string[]): Promise<boolean> => {
    const res = await fetch(`${base}&sid=${sid}`, { method: 'POST', body: packets.join('\x1e') });
    await res.text();
    return res.ok;
  };
  expect(await post(['40'])).toBe(true);
  return { sid, post };
}

interface Held {
  packets: number;
  bytes: number;
}
const connectionOf = (app: App, sid: string): unknown =>
  (app.io.engine as unknown as { clients: Record<string, unknown> }).clients[sid];
const queueOf = (conn: unknown): unknown[] => (conn as { writeBuffer: unknown[] }).writeBuffer;

/**
 * Sends `messages` (20 to a POST) until the server drops the connection, noting the most it held
 * for it after each POST; resolves with that, the messages sent, and the connection as it was.
 */
async function flood(app: App, p: Poller, message: (i: number) => string, limit: number) {
  const conn = connectionOf(app, p.sid);
  expect(conn).toBeDefined();
  let most: Held = { packets: 0, bytes: 0 };
  let sent = 0;
  while (sent < limit) {
    const batch = Array.from({ length: 20 }, (_, i) => message(sent + i));
    if (!(await p.post(batch))) break;
    sent += batch.length;
    const held = unsent(conn);
    most = { packets: Math.max(most.packets, held.packets), bytes: Math.max(most.bytes, held.bytes) };
  }
  return { conn, most, sent };
}

describe('a socket that sends and never reads its replies', () => {
  const MAX_QUEUED = 50;
  // The message rate lifted: every message is answered, and the answers pile up.
  const server = useServer('postgres', {
    socketMaxQueuedPackets: MAX_QUEUED,
    socketMessageBurst: 1_000_000,
    socketMessagesPerSec: 1_000_000,
  });

  it('is disconnected once the server holds its bound of unsent packets, and what it held is let go', async () => {
    const p = await poller(server.url);
    const { conn, most, sent } = await flood(server.app, p, (i) => `42${i}["room:sync",{}]`, 5000);
    // Dropped long before the flood's end, never holding more than the bound and the packet that passed it.
    expect(sent).toBeLessThan(5000);
    expect(most.packets).toBeLessThanOrEqual(MAX_QUEUED + 1);
    await until('the connection gone', async () => connectionOf(server.app, p.sid) === undefined);
    expect(queueOf(conn)).toHaveLength(0);
    expect((conn as { readyState: string }).readyState).toBe('closed');
  });
});

describe('a socket that keeps exceeding its message rate and never reads', () => {
  const server = useServer('postgres', { socketMessageBurst: 5, socketMessagesPerSec: 1, socketMaxDropped: 200 });

  it('gets a bounded number of frames whatever it sends, is disconnected, and what it held is let go', async () => {
    const p = await poller(server.url);
    const { conn, most, sent } = await flood(server.app, p, () => '42["room:sync",{}]', 20_000);
    // Over the rate: one refusal and one summary per window, not one frame per message dropped.
    expect(sent).toBeGreaterThan(200);
    expect(sent).toBeLessThan(20_000);
    // the connect reply, 5 answers within the burst, a refusal, a summary, the closing word, a ping or two
    expect(most.packets).toBeLessThanOrEqual(12);
    await until('the connection gone', async () => connectionOf(server.app, p.sid) === undefined);
    expect(queueOf(conn)).toHaveLength(0);
    expect((conn as { readyState: string }).readyState).toBe('closed');
  });
});
