/**
 * Raw HTTP/1.1 over a socket, for what `inject` cannot do: chunked bodies, bodies that
 * never finish, clients that stall.
 */
import { connect } from 'node:net';

export type RawStep = string | Buffer | { waitMs: number };

export interface RawResult {
  /** Status of the first response, or undefined when none came. */
  status: number | undefined;
  /** Everything the server sent. */
  response: string;
  /** Ms from the first byte sent until the server closed the connection (or we gave up). */
  closedAfterMs: number;
  /** True when the server closed the connection before `timeoutMs`. */
  closedByServer: boolean;
}

/** Sends the steps in order (strings and buffers are written, waits wait), then reads until close. */
export function rawRequest(
  port: number,
  steps: readonly RawStep[],
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const started = Date.now();
    let settled = false;
    const finish = (closedByServer: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(giveUp);
      const response = Buffer.concat(chunks).toString('utf8');
      const status = /^HTTP\/1\.[01] (\d{3})/.exec(response)?.[1];
      resolve({
        status: status ? Number(status) : undefined,
        response,
        closedAfterMs: Date.now() - started,
        closedByServer,
      });
      socket.destroy();
    };
    const giveUp = setTimeout(() => finish(false), timeoutMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection while we still write; what it said counts.
      if (error.code === 'ECONNRESET' || error.code === 'EPIPE') finish(true);
      else if (!settled) reject(error);
    });
    socket.on('connect', () => {
      void (async () => {
        for (const step of steps) {
          if (settled || socket.destroyed) return;
          if (typeof step === 'object' && 'waitMs' in step) {
            await new Promise((wait) => setTimeout(wait, step.waitMs));
          } else {
            socket.write(step);
          }
        }
      })();
    });
  });
}

/** Encodes one chunk of a chunked body. */
export function chunk(data: string): string {
  return `${Buffer.byteLength(data).toString(16)}\r\n${data}\r\n`;
}
