import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useServer } from '../test-support/server';
import { until } from '../test-support/until';

/** A Socket.IO client spoken by hand over a WebSocket, so that a test can stop reading and keep sending. */
async function rawSocket(url: string): Promise<{ ws: WebSocket; frames: string[]; closed: () => boolean }> {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`);
  const frames: string[] = [];
  let closed = false;
  ws.on('message', (data: Buffer) => frames.push(data.toString()));
  ws.on('close', () => (closed = true));
  ws.on('error', () => undefined);
  await until('the Engine.IO handshake', async () => frames.some((f) => f.startsWith('0{')));
  ws.send('40');
  await until('the Socket.IO connection', async () => frames.some((f) => f.startsWith('40{')));
  return { ws, frames, closed: () => closed };
}

const errorsIn = (frames: string[]): string[] => frames.filter((f) => f.startsWith('42["server:error"'));

describe('a socket over its message rate', () => {
  const server = useServer('postgres', { socketMessageBurst: 5, socketMessagesPerSec: 1, socketMaxDropped: 50 });

  it('gets one answer and one summary per window, not one frame per dropped message, then is closed', async () => {
    const raw = await rawSocket(server.url);
    // Without acknowledgements: every refused message used to come back as a server:error frame of its own.
    for (let i = 0; i < 40; i++) raw.ws.send('42["room:sync",{}]');
    await until('the window summary', async () => errorsIn(raw.frames).some((f) => f.includes('more messages were dropped')));
    const errors = errorsIn(raw.frames);
    // 5 within the rate (NOT_IN_ROOM), the first over it, and the summary of the other 34
    expect(errors.filter((f) => f.includes('NOT_IN_ROOM'))).toHaveLength(5);
    expect(errors.filter((f) => f.includes('RATE_LIMITED'))).toHaveLength(2);
    expect(errors.at(-1)).toContain('34 more messages were dropped');
    // Going on over the rate: closed.
    for (let i = 0; i < 100 && !raw.closed(); i++) raw.ws.send('42["room:sync",{}]');
    await until('the socket closed', async () => raw.closed());
    // at most: a message within the refilled rate, the new window's first refusal, its summary, the closing word
    expect(errorsIn(raw.frames).length).toBeLessThanOrEqual(errors.length + 4);
  });
});

describe('a socket that joins no room', () => {
  const server = useServer('postgres', { socketRoomlessMs: 300 });

  it('is closed after the bound, even while it answers every ping', async () => {
    const raw = await rawSocket(server.url);
    await until('the socket closed', async () => raw.closed(), 30_000);
    expect(errorsIn(raw.frames).at(-1)).toContain('NOT_IN_ROOM');
  });
});
