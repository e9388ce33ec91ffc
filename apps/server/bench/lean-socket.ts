/**
 * The load generator's client: the Socket.IO protocol (v5, over Engine.IO v4's WebSocket
 * transport) spoken directly on a `ws` WebSocket, for the few things the benchmark does — connect
 * to the main namespace, emit with an acknowledgement, listen to events, answer pings.
 *
 * Why not socket.io-client: the generator runs on the same two cores as the server it measures,
 * and its own event loop's lag is added to every latency it records. With 2,000 socket.io-client
 * connections at 1,000 actions/s the generator took a third of a core and its loop lagged 15 ms
 * at p99 — as much as the whole budget being measured. The server sees the same frames either way.
 */
import WebSocket from 'ws';

type Handler = (...args: never[]) => void;

export class LeanSocket {
  readonly #ws: WebSocket;
  readonly #handlers = new Map<string, Handler>();
  readonly #acks = new Map<number, Handler>();
  #nextAck = 0;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
  }

  /** Opens a WebSocket to `url` (http://host:port) and connects to the main namespace. */
  static open(url: string): Promise<LeanSocket> {
    const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/socket.io/?EIO=4&transport=websocket`, {
      perMessageDeflate: false,
    });
    const socket = new LeanSocket(ws);
    return new Promise((resolve, reject) => {
      ws.on('error', reject);
      ws.on('close', () => reject(new Error('closed before connecting')));
      ws.on('message', (data: Buffer) => {
        const packet = data.toString();
        // Engine.IO open: ask for the main namespace (a Socket.IO CONNECT).
        if (packet[0] === '0') ws.send('40');
        else if (packet.startsWith('40')) resolve(socket);
        else if (packet.startsWith('44')) reject(new Error(`connect refused: ${packet.slice(2)}`));
        else socket.#receive(packet);
      });
    });
  }

  /** Listens to one event (one handler an event, which is all the generator needs). */
  on<A extends unknown[]>(event: string, handler: (...args: A) => void): void {
    this.#handlers.set(event, handler as unknown as Handler);
  }

  /** Emits `event` with one payload; `ack` gets the server's reply. */
  emit<R>(event: string, payload: unknown, ack: (reply: R) => void): void {
    const id = this.#nextAck++;
    this.#acks.set(id, ack as unknown as Handler);
    this.#ws.send(`42${id}${JSON.stringify([event, payload])}`);
  }

  close(): void {
    this.#ws.close();
  }

  #receive(packet: string): void {
    if (packet === '2') {
      this.#ws.send('3'); // Engine.IO ping → pong, or the server closes the connection
      return;
    }
    if (packet.startsWith('42')) {
      const [event, ...args] = JSON.parse(packet.slice(packet.indexOf('['))) as [string, ...never[]];
      this.#handlers.get(event)?.(...args);
    } else if (packet.startsWith('43')) {
      const open = packet.indexOf('[');
      const id = Number(packet.slice(2, open));
      const ack = this.#acks.get(id);
      this.#acks.delete(id);
      ack?.(...(JSON.parse(packet.slice(open)) as never[]));
    }
  }
}
