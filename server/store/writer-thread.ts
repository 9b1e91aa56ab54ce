/**
 * The store's writer thread: commits groups of accepted messages on its own connection, so
 * the server's event loop keeps reading requests while the disk syncs. Started and spoken
 * to by `ThreadWriter` (thread-writer.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { FeedbackStore, type NewFeedback } from './feedback-store.ts';

export interface WriterThreadData {
  dataDir: string;
  busyTimeoutMs: number;
}

export type WriterRequest = { seq: number; items: NewFeedback[] } | { seq: number; close: true };

export type WriterResponse =
  | { type: 'ready' }
  | { type: 'committed'; seq: number; results: { id: string; replayed: boolean }[] }
  | { type: 'failed'; seq: number; message: string; code?: string }
  | { type: 'closed'; seq: number };

const port = parentPort;
if (!port) throw new Error('writer-thread.ts runs as a worker thread');
const { dataDir, busyTimeoutMs } = workerData as WriterThreadData;
const store = FeedbackStore.open(dataDir, { busyTimeoutMs });
port.postMessage({ type: 'ready' } satisfies WriterResponse);

port.on('message', (request: WriterRequest) => {
  if ('close' in request) {
    store.closeNow();
    port.postMessage({ type: 'closed', seq: request.seq } satisfies WriterResponse);
    port.close();
    return;
  }
  try {
    const results = store.acceptGroup(request.items);
    port.postMessage({ type: 'committed', seq: request.seq, results } satisfies WriterResponse);
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
