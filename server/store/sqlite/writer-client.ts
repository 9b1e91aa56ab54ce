/**
 * Runs the SQLite store's writes on a worker thread (writer-thread.ts). better-sqlite3 is
 * synchronous: on the main thread every fsync of a commit, and every wait for the write
 * lock, would stop the event loop; on its own thread, the loop keeps reading requests,
 * which join the next group meanwhile. If the thread dies, the writes in flight fail (their
 * requests get 503, nothing was acknowledged) and the next write starts a new thread.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { WriteName, WriteResult, Writes } from '../operations/writes.ts';
import type { WriterRequest, WriterResponse, WriterThreadData } from './writer-thread.ts';

interface Pending {
  worker: Worker;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
}

export class StoreWriteError extends Error {
  override name = 'StoreWriteError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/**
 * Starts writer-thread: compiled, a .js file beside this one; from source (tests, `tsx`),
 * the .ts file, loaded through tsx's loader registered inside the new thread.
 */
function startThread(data: WriterThreadData): Worker {
  const extension = path.extname(fileURLToPath(import.meta.url));
  const url = new URL(`./writer-thread${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(url, { workerData: data });
  const tsxDir = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  const tsxApi = pathToFileURL(path.join(tsxDir, 'dist/esm/api/index.mjs')).href;
  const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(url.href)}); });`;
  return new Worker(bootstrap, { eval: true, workerData: data });
}

export class WriterThread {
  readonly #data: WriterThreadData;
  #current: Worker | undefined;
  #starting: Promise<Worker> | undefined;
  #closed = false;
  readonly #pending = new Map<number, Pending>();
  #seq = 0;

  private constructor(data: WriterThreadData) {
    this.#data = data;
  }

  /** Starts the thread; resolves once it has opened the store. */
  static async start(data: WriterThreadData): Promise<WriterThread> {
    const writer = new WriterThread(data);
    await writer.#worker();
    return writer;
  }

  /** Runs a write on the thread, in a transaction of its own. */
  async write<K extends WriteName>(
    call: K,
    ...args: Parameters<Writes[K]>
  ): Promise<WriteResult<K>> {
    const worker = await this.#worker();
    return new Promise<WriteResult<K>>((resolve, reject) => {
      const seq = (this.#seq += 1);
      this.#pending.set(seq, {
        worker,
        resolve: (result) => resolve(result as WriteResult<K>),
        reject,
      });
      worker.postMessage({ seq, call, args } satisfies WriterRequest);
    });
  }

  /**
   * Makes the thread stall for `afterMs` and then die, as a crash would: writes sent to it
   * meanwhile are in flight and fail, and the next write starts a new thread. For tests of
   * that failure (terminating a thread inside SQLite would abort the whole process).
   */
  crash(afterMs: number): void {
    this.#current?.postMessage({
      seq: (this.#seq += 1),
      crashAfterMs: afterMs,
    } satisfies WriterRequest);
  }

  /** Closes the thread's connection and ends the thread. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#current ?? (await this.#starting?.catch(() => undefined));
    if (!worker) return;
    await new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.postMessage({ seq: (this.#seq += 1), close: true } satisfies WriterRequest);
    });
  }

  #worker(): Promise<Worker> {
    if (this.#closed) return Promise.reject(new StoreWriteError('The store is closed'));
    if (this.#current) return Promise.resolve(this.#current);
    this.#starting ??= this.#spawn().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  #spawn(): Promise<Worker> {
    const worker = startThread(this.#data);
    return new Promise<Worker>((resolve, reject) => {
      const failedToStart = (error: Error) => reject(error);
      worker.once('error', failedToStart);
      worker.once('exit', (code) =>
        reject(new StoreWriteError(`The store writer exited (${code})`)),
      );
      worker.once('message', (message: WriterResponse) => {
        worker.off('error', failedToStart);
        if (message.type !== 'ready') {
          reject(new StoreWriteError('The store writer did not start'));
          return;
        }
        this.#current = worker;
        worker.on('message', (response: WriterResponse) => this.#receive(response));
        worker.on('error', (error) => this.#lost(worker, error));
        worker.on('exit', (code) =>
          this.#lost(worker, new StoreWriteError(`The store writer stopped (exit ${code})`)),
        );
        resolve(worker);
      });
    });
  }

  #receive(message: WriterResponse): void {
    if (message.type === 'ready') return;
    const pending = this.#pending.get(message.seq);
    if (!pending) return;
    this.#pending.delete(message.seq);
    if (message.type === 'done') pending.resolve(message.result);
    else pending.reject(new StoreWriteError(message.message, message.code));
  }

  /** The thread is gone: its groups in flight fail, and the next commit starts a new one. */
  #lost(worker: Worker, error: Error): void {
    if (this.#current === worker) this.#current = undefined;
    for (const [seq, pending] of this.#pending) {
      if (pending.worker !== worker) continue;
      this.#pending.delete(seq);
      pending.reject(error);
    }
  }
}
