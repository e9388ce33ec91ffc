import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROOM_QUERY_PARAM } from '@mm/protocol/pure';
import { roomSocket } from './room-socket';

/** A same-origin "server" that only notes the URL of every request and upgrade reaching it. */
async function recordingOrigin(): Promise<{ urls: string[]; close: () => Promise<void> }> {
  const urls: string[] = [];
  const server = createServer((req, res) => {
    urls.push(req.url ?? '');
    res.writeHead(503).end();
  });
  server.on('upgrade', (req: IncomingMessage, socket) => {
    urls.push(req.url ?? '');
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  vi.stubGlobal('location', { protocol: 'http:', host: `127.0.0.1:${port}`, hostname: '127.0.0.1', port: String(port) });
  return { urls, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

const roomOf = (url: string): string | null => new URL(url, 'http://x').searchParams.get(ROOM_QUERY_PARAM);

describe('the connection of a room page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('names its room in the query of every request, where the proxy routes by it, and a page moved to another room names the new one', async () => {
    const origin = await recordingOrigin();
    try {
      const first = roomSocket('RoomA');
      first.connect();
      await vi.waitFor(() => expect(origin.urls.length).toBeGreaterThan(0), { timeout: 10_000 });
      first.disconnect();
      const seenFirst = origin.urls.splice(0);

      const second = roomSocket('RoomB');
      second.connect();
      await vi.waitFor(() => expect(origin.urls.length).toBeGreaterThan(0), { timeout: 10_000 });
      second.disconnect();

      expect(seenFirst.every((url) => url.startsWith('/socket.io/') && roomOf(url) === 'RoomA')).toBe(true);
      expect(origin.urls.every((url) => url.startsWith('/socket.io/') && roomOf(url) === 'RoomB')).toBe(true);
      // One connection per room page: leaving a room does not leave its connection to the next one.
      expect(second.io).not.toBe(first.io);
    } finally {
      await origin.close();
    }
  });
});
