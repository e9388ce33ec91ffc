import type { Server } from 'node:http';
import { Server as NetServer } from 'node:net';

/**
 * How a draining server lets go of its HTTP connections without resetting a request.
 *
 * Node's `http.Server.close()` also closes every idle kept-alive connection at once; a request
 * a client had already sent on one (it cannot know the server is stopping) then meets a reset.
 * So the drain stops listening only (the plain `net.Server` close), keeps kept-alive connections
 * open for a short linger while every request on them is answered (503 SHUTTING_DOWN with
 * `Connection: close`, from the hook in app.ts, so the client closes the connection itself), and
 * closes the ones still idle only after it.
 */
export class HttpDrain {
  private readonly allClosed: Promise<void>;

  constructor(private readonly server: Server) {
    // Stops taking connections; resolves once every open one has closed.
    this.allClosed = new Promise((resolve) => NetServer.prototype.close.call(server, () => resolve()));
  }

  /** After `lingerUntil` (ms since the epoch): idle connections closed, then busy ones awaited until `deadline`, then dropped. */
  async finish(lingerUntil: number, deadline: number): Promise<void> {
    const wait = (until: number): Promise<void> =>
      new Promise((resolve) => setTimeout(resolve, Math.max(0, until - Date.now())).unref());
    await wait(Math.min(lingerUntil, deadline));
    this.server.closeIdleConnections();
    await Promise.race([this.allClosed, wait(deadline)]);
    this.server.closeAllConnections();
  }
}
