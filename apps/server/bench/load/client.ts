/** The generator's sockets, and what one driven room (a table) offers the measuring loop. */
import { io as connectSocketIo } from 'socket.io-client';
import { LeanSocket } from '../lean-socket';

/** What the generator needs of a client, which both LeanSocket and socket.io-client's Socket offer. */
export interface Socket {
  on<A extends unknown[]>(event: string, handler: (...args: A) => void): unknown;
  emit(event: string, payload: unknown, ack: (reply: never) => void): unknown;
  close(): unknown;
}

export type ClientKind = 'lean' | 'socket.io';

export function open(url: string, client: ClientKind): Promise<Socket> {
  if (client === 'lean') return LeanSocket.open(url);
  const socket = connectSocketIo(url, { transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

export const request = <T>(socket: Socket, event: string, payload: unknown): Promise<T> =>
  new Promise((resolve) => socket.emit(event, payload, (reply: T) => resolve(reply)));

export interface Recorder {
  ack(ms: number): void;
  delivery(ms: number): void;
  error(code: string): void;
}

/** One room with its two players; `send` plays the next action that is due. */
export interface Table {
  /** players (sockets) at the table */
  seats: number;
  /** intended send times (performance.now()) of actions due but not sent yet */
  due: number[];
  busy: boolean;
  /** stopped driving: a rematch failed (counted in `finishedRooms`) */
  finished: boolean;
  /** matches finished and followed by a rematch */
  rematches: number;
  recorder: Recorder | null;
  /** the server's tables only: the socket of `seat` sends a reaction (`room:react`), `done` gets the reply */
  react?(seat: number, done: (reply: { ok: boolean; code?: string }) => void): void;
  /** reactions (`room:reaction`) this table's sockets have received */
  reactionsReceived: number;
  /** room updates (whole or deltas) this table's sockets have received, and their bytes of JSON */
  updates: { count: number; bytes: number };
  /** sends the next action if the table can; the table calls it again when it becomes able */
  pump(): void;
  close(): void;
}
