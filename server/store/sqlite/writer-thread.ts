/**
 * The SQLite store's writer thread: a worker that opens its own connection and runs the
 * server's writes (../operations/writes.ts), by name, one after another, so the event loop
 * keeps answering while the disk syncs. Started by WriterThread (writer-client.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { writePlan, type WriteName, type Writes } from '../operations/writes.ts';
import { openSqlite } from './connection.ts';
import { SqliteRunner } from './runner.ts';

export interface WriterThreadData {
  dataDir: string;
  busyTimeoutMs: number;
}

export type WriterRequest =
  | { seq: number; call: WriteName; args: unknown[] }
  | { seq: number; close: true }
  /** Stall, then die without a word (tests of a writer that crashes). */
  | { seq: number; crashAfterMs: number };

export type WriterResponse =
  | { type: 'ready' }
  | { type: 'done'; seq: number; result: unknown }
  | { type: 'failed'; seq: number; message: string; code?: string };

const port = parentPort;
if (!port) throw new Error('writer-thread runs as a worker thread');
const { dataDir, busyTimeoutMs } = workerData as WriterThreadData;
const { db } = openSqlite(dataDir, { busyTimeoutMs });
const runner = new SqliteRunner(db);
port.postMessage({ type: 'ready' } satisfies WriterResponse);

port.on('message', (request: WriterRequest) => {
  if ('close' in request) {
    db.close();
    port.close();
    return;
  }
  if ('crashAfterMs' in request) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, request.crashAfterMs);
    process.exit(70);
  }
  try {
    // The arguments were typed on the sending side; they are data only.
    const args = request.args as Parameters<Writes[WriteName]>;
    const result = runner.write(writePlan(request.call, args));
    port.postMessage({ type: 'done', seq: request.seq, result } satisfies WriterResponse);
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    port.postMessage({
      type: 'failed',
      seq: request.seq,
      message: error instanceof Error ? error.message : String(error),
      ...(typeof code === 'string' ? { code } : {}),
    } satisfies WriterResponse);
  }
});
