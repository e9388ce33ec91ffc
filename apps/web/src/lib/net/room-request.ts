import type { Socket } from 'socket.io-client';
import type {
  ClientMessage,
  ClientMessageName,
  ClientReplies,
  ClientToServer,
  ErrorReply,
  ServerToClient,
} from '@mm/protocol/pure';

/** Error codes made by the client itself, beside the protocol's ERROR_CODES. */
export const CLIENT_ERROR_CODES = ['NOT_CONNECTED', 'NO_ANSWER'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

export type Outcome<T> = { ok: true; value: T } | { ok: false; code: string; message: string; seq?: number };
export type Failure = { ok: false; code: string; message: string };

/** The part of a socket.io client socket the room client uses (tests pass a fake). */
export type RoomSocket = Pick<
  Socket<ServerToClient, ClientToServer>,
  'connected' | 'active' | 'on' | 'connect' | 'disconnect' | 'timeout'
>;

/**
 * Messages judged against the match the socket got its seat in: their MATCH_CHANGED means the
 * seats moved, and only a new join brings the socket's seat back.
 */
const MATCH_BOUND: ReadonlySet<ClientMessageName> = new Set<ClientMessageName>([
  'match:act',
  'match:rematch',
  'match:hint',
  'room:sync',
]);

export interface RequestHost {
  readonly socket: RoomSocket;
  /** how long an acknowledgement may take */
  readonly ackMs: number;
  joined(): boolean;
  /** once the device is gone, every failure carries that code instead */
  gone(): string | null;
  rejoin(): void;
}

/** Sends the room's messages and turns their acknowledgements (or their absence) into outcomes. */
export class RoomRequests {
  readonly #host: RequestHost;

  constructor(host: RequestHost) {
    this.#host = host;
  }

  fail(code: ClientErrorCode, message = ''): Failure {
    return { ok: false, code: this.#host.gone() ?? code, message };
  }

  /**
   * Sends only once the room is joined: before that, the server would judge the message without
   * the socket's seat.
   */
  async send<N extends ClientMessageName>(name: N, payload: ClientMessage<N>): Promise<Outcome<ClientReplies[N]>> {
    if (!this.#host.joined()) return this.fail('NOT_CONNECTED');
    const r = await this.emit(name, payload);
    if (!r.ok && r.code === 'MATCH_CHANGED' && MATCH_BOUND.has(name)) this.#host.rejoin();
    return r;
  }

  /** Sends whether joined or not: the join itself. */
  async emit<N extends ClientMessageName>(name: N, payload: ClientMessage<N>): Promise<Outcome<ClientReplies[N]>> {
    const socket = this.#host.socket;
    if (!socket.connected) return this.fail('NOT_CONNECTED');
    try {
      // socket.io's typing of emitWithAck over a mapped event table is too deep to follow generically
      const timed = socket.timeout(this.#host.ackMs);
      const emit = timed.emitWithAck as unknown as (ev: N, p: ClientMessage<N>) => Promise<ClientReplies[N] | ErrorReply>;
      const reply = await emit.call(timed, name, payload);
      if (reply && reply.ok === true) return { ok: true, value: reply };
      const e = (reply ?? {}) as Partial<ErrorReply>;
      const out: Outcome<ClientReplies[N]> = { ok: false, code: e.code ?? 'UNKNOWN', message: e.message ?? '' };
      if (typeof e.seq === 'number') out.seq = e.seq;
      return out;
    } catch (err) {
      // a timeout, or the connection dropped before the answer came
      return this.fail('NO_ANSWER', err instanceof Error ? err.message : String(err));
    }
  }
}
