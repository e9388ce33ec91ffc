import { connect, type Socket } from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * One HTTP/1.1 connection driven by hand, so a test controls keep-alive exactly: when each
 * request is sent, whether its body is held back, and when the server closes the connection.
 */
export class RawConnection {
  private buffer = '';
  private waiting: ((r: RawResponse) => void) | null = null;
  /** resolves when the server (or the network) closes the connection */
  readonly closed: Promise<void>;
  isClosed = false;

  private constructor(private readonly socket: Socket) {
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      this.buffer += chunk;
      this.drain();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) =>
      socket.on('close', () => {
        this.isClosed = true;
        resolve();
      }),
    );
  }

  static open(url: string): Promise<RawConnection> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => resolve(new RawConnection(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends the head (and the body unless `holdBody`), and resolves with the answer. */
  request(
    method: string,
    path: string,
    body = '',
    opts: { holdBody?: boolean } = {},
  ): { response: Promise<RawResponse>; sendBody: () => void } {
    const response = new Promise<RawResponse>((resolve) => (this.waiting = resolve));
    const head =
      `${method} ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n` +
      (body ? `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` : '') +
      '\r\n';
    this.socket.write(head);
    const sendBody = (): void => {
      if (body) this.socket.write(body);
    };
    if (!opts.holdBody) sendBody();
    return { response, sendBody };
  }

  /** Writes `raw` as it is (a request head a client library would refuse to send), and resolves with the answer. */
  sendRaw(raw: string | Buffer): Promise<RawResponse> {
    const response = new Promise<RawResponse>((resolve) => (this.waiting = resolve));
    this.socket.write(raw);
    return response;
  }

  end(): void {
    this.socket.destroy();
  }

  private drain(): void {
    const headEnd = this.buffer.indexOf('\r\n\r\n');
    if (headEnd < 0 || !this.waiting) return;
    const [statusLine, ...lines] = this.buffer.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const l of lines) {
      const i = l.indexOf(':');
      headers[l.slice(0, i).trim().toLowerCase()] = l.slice(i + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    if (this.buffer.length < headEnd + 4 + length) return;
    const body = this.buffer.slice(headEnd + 4, headEnd + 4 + length);
    this.buffer = this.buffer.slice(headEnd + 4 + length);
    const resolve = this.waiting;
    this.waiting = null;
    resolve({ status: Number(statusLine!.split(' ')[1]), headers, body });
  }
}
