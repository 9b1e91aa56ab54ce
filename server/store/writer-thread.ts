/**
 * The store's writer thread: runs the server's writes (commits of accepted messages, the
 * outbox's bookkeeping, the readiness probe) on its own connection, one after another, so
 * the server's event loop keeps answering while the disk syncs. Started and spoken to by
 * `ThreadWriter` (thread-writer.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FeedbackStore } from './feedback-store.ts';
import { isWriteMethod, type WriteMethod } from './write-methods.ts';

export interface WriterThreadData {
  dataDir: string;
  busyTimeoutMs: number;
}

export type WriterRequest =
  | { seq: number; method: WriteMethod; args: unknown[] }
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
const store = FeedbackStore.open(dataDir, { busyTimeoutMs });
port.postMessage({ type: 'ready' } satisfies WriterResponse);

port.on('message', (request: WriterRequest) => {
  if ('close' in request) {
    store.closeNow();
    port.close();
    return;
  }
  if ('crashAfterMs' in request) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, request.crashAfterMs);
    process.exit(70);
  }
  try {
    if (!isWriteMethod(request.method)) throw new Error(`Unknown write ${String(request.method)}`);
    // The arguments were checked by the types on the sending side; they are data only.
    const method = store[request.method].bind(store) as (...args: unknown[]) => unknown;
    const result = method(...request.args);
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
