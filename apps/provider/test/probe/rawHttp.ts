import { connect, type Socket } from 'node:net';

/** One HTTP/1.1 answer as it came off the wire. */
export interface RawAnswer {
  status: number;
  /** Header names in lower case; a repeated header keeps its last value. */
  headers: Record<string, string>;
  body: string;
}

/** How a connection ended: the server closed it (`end`), reset it, or it is still open. */
export type Ending = 'end' | 'reset' | 'open';

const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * A client connection written to byte for byte, for requests no HTTP client would send (bad
 * framing, bodies that stop, requests reusing a connection after any kind of early answer). It
 * reads the server's answers in order, with `Content-Length` or chunked bodies.
 */
export class RawConnection {
  readonly socket: Socket;
  /** Resolves when the connection is closed, with how. */
  readonly ended: Promise<Exclude<Ending, 'open'>>;
  private buffer = Buffer.alloc(0);
  private waiting: (() => void) | null = null;
  private ending: Ending = 'open';

  private constructor(socket: Socket) {
    this.socket = socket;
    socket.on('data', (chunk: Buffer) => {
      this.buffer = Buffer.concat([this.buffer, chunk]);
      this.waiting?.();
    });
    this.ended = new Promise((resolve) => {
      socket.on('error', () => (this.ending = 'reset'));
      socket.on('end', () => {
        if (this.ending === 'open') this.ending = 'end';
        this.waiting?.();
      });
      socket.on('close', () => {
        if (this.ending === 'open') this.ending = 'end';
        this.waiting?.();
        resolve(this.ending === 'reset' ? 'reset' : 'end');
      });
    });
  }

  static open(port: number, host = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, host);
      socket.once('connect', () => {
        socket.off('error', reject);
        resolve(new RawConnection(socket));
      });
      socket.once('error', reject);
    });
  }

  /** How the connection stands now. */
  get state(): Ending {
    return this.ending;
  }

  /** Writes bytes; resolves once they are handed to the system, false if the connection is gone. */
  write(data: string | Buffer): Promise<boolean> {
    if (this.socket.destroyed || !this.socket.writable) return Promise.resolve(false);
    return new Promise((resolve) => this.socket.write(data, (error) => resolve(!error)));
  }

  /**
   * The next answer on the connection (100 Continue skipped); rejects when the connection ends
   * first or `timeoutMs` passes. `headOnly`: the answer to a HEAD, which has no body.
   */
  async next({ timeoutMs = 10_000, headOnly = false } = {}): Promise<RawAnswer> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const answer = this.take(headOnly);
      if (answer && answer.status !== 100) return answer;
      if (answer) continue;
      if (this.ending !== 'open') throw new Error(`connection ${this.ending} before an answer`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no answer in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.waiting = null;
    }
  }

  destroy(): void {
    this.socket.destroy();
  }

  /** Parses one whole answer off the buffer, or null while it is incomplete. */
  private take(headOnly: boolean): RawAnswer | null {
    const end = this.buffer.indexOf(HEADER_END);
    if (end === -1) return null;
    const [statusLine = '', ...lines] = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? NaN);
    if (!Number.isInteger(status)) throw new Error(`not an HTTP answer: ${JSON.stringify(statusLine)}`);
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
    }
    const start = end + HEADER_END.length;
    const noBody = headOnly || status === 204 || status === 304 || (status >= 100 && status < 200);
    if (noBody) return this.consume(start, { status, headers, body: '' });
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const chunks: Buffer[] = [];
      let at = start;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd === -1) return null;
        const size = parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return null;
        if (size === 0) {
          // No trailers are sent by the server under test: the last chunk ends with an empty line.
          return this.consume(lineEnd + 4, { status, headers, body: Buffer.concat(chunks).toString() });
        }
        chunks.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
    }
    const length = headers['content-length'];
    if (length === undefined) {
      // Delimited by the close of the connection.
      if (this.ending === 'open') return null;
      return this.consume(this.buffer.length, {
        status,
        headers,
        body: this.buffer.subarray(start).toString(),
      });
    }
    const stop = start + Number(length);
    if (this.buffer.length < stop) return null;
    return this.consume(stop, { status, headers, body: this.buffer.subarray(start, stop).toString() });
  }

  private consume(upTo: number, answer: RawAnswer): RawAnswer {
    this.buffer = this.buffer.subarray(upTo);
    return answer;
  }
}

/** A request's bytes: the request line, `Host`, the given headers, and the body as given. */
export function rawRequest(
  method: string,
  path: string,
  headers: Record<string, string> = {},
  body: string | Buffer = '',
): Buffer {
  const head = [
    `${method} ${path} HTTP/1.1`,
    'Host: 127.0.0.1',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)]);
}
