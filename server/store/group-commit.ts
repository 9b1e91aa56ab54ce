/**
 * Group commit: messages are committed in groups, one transaction (and one fsync) per
 * group, with at most one commit in flight. While a group is being written, the next one
 * gathers everything that arrives; when the write ends, it goes at once. Under load the
 * groups grow by themselves, so full durability costs one fsync per group instead of one
 * per request, and a lone request still commits without waiting.
 */
import { DEFAULT_QUEUE_LIMIT } from './limits.ts';
import { QueueFullError } from '../intake/types.ts';

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most items in one transaction; default 512. */
  maxGroupSize?: number;
  /**
   * Most items waiting, the group being written included; past it `submit` fails at once
   * with a QueueFullError instead of waiting without end for a stalled disk. Default DEFAULT_QUEUE_LIMIT.
   */
  maxWaiting?: number;
}

/**
 * Commits the items in one transaction and resolves with one result per item, in order;
 * when it fails, nothing was committed and every item of the group fails.
 */
export type CommitGroup<T, R> = (items: readonly T[]) => Promise<readonly R[]>;

export class GroupCommit<T, R> {
  readonly #commit: CommitGroup<T, R>;
  readonly #maxGroupSize: number;
  readonly #maxWaiting: number;
  /** Items in the group being written. */
  #writing = 0;
  #queue: Waiting<T, R>[] = [];
  #scheduled = false;
  #inFlight: Promise<void> | undefined;
  #closed = false;

  constructor(commit: CommitGroup<T, R>, options: GroupCommitOptions = {}) {
    this.#commit = commit;
    this.#maxGroupSize = options.maxGroupSize ?? 512;
    this.#maxWaiting = options.maxWaiting ?? DEFAULT_QUEUE_LIMIT;
  }

  /** Resolves with the item's result once its group is committed (durable on disk). */
  submit(item: T): Promise<R> {
    if (this.#closed) return Promise.reject(new Error('The store is closed'));
    if (this.waiting >= this.#maxWaiting) {
      return Promise.reject(new QueueFullError(this.#maxWaiting));
    }
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  /** Items waiting for their commit, including the group being written. */
  get waiting(): number {
    return this.#queue.length + this.#writing;
  }

  /** Refuses new items and resolves once everything submitted is committed (or failed). */
  async close(): Promise<void> {
    this.#closed = true;
    while (this.#inFlight || this.#queue.length > 0) {
      if (this.#inFlight) await this.#inFlight;
      else this.#flush();
    }
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight) return;
    this.#scheduled = true;
    // setImmediate runs after the loop has read every socket that was ready, so requests
    // that arrived together go in the same group.
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    if (this.#inFlight) return;
    const group = this.#queue.splice(0, this.#maxGroupSize);
    if (group.length === 0) return;
    this.#writing = group.length;
    let committing: Promise<readonly R[]>;
    try {
      committing = this.#commit(group.map((waiting) => waiting.item));
    } catch (error) {
      committing = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    this.#inFlight = committing.then(
      (results) => {
        group.forEach((waiting, index) => {
          const result = results[index];
          if (result === undefined) waiting.reject(new Error('The commit returned no result'));
          else waiting.resolve(result);
        });
      },
      (error: unknown) => {
        for (const waiting of group) waiting.reject(error);
      },
    );
    void this.#inFlight.finally(() => {
      this.#inFlight = undefined;
      this.#writing = 0;
      if (this.#queue.length > 0) this.#schedule();
    });
  }
}
