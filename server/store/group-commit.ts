/**
 * Group commit: writes that arrive while the event loop is busy are committed together, in
 * one transaction, on the next turn of the loop. Each commit waits for the disk (the store
 * runs with synchronous=FULL), so one fsync now serves a whole group of requests instead of
 * one; under load the groups grow by themselves, and a lone request still commits at once.
 */

interface Waiting<T, R> {
  item: T;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export interface GroupCommitOptions {
  /** Most items in one transaction; default 256. */
  maxGroupSize?: number;
}

export class GroupCommit<T, R> {
  readonly #commit: (items: readonly T[]) => readonly R[];
  readonly #maxGroupSize: number;
  #queue: Waiting<T, R>[] = [];
  #scheduled = false;
  #closed = false;

  /**
   * @param commit Commits the items in one transaction and returns one result per item, in
   *   order; when it throws, nothing was committed and every item of the group fails.
   */
  constructor(commit: (items: readonly T[]) => readonly R[], options: GroupCommitOptions = {}) {
    this.#commit = commit;
    this.#maxGroupSize = options.maxGroupSize ?? 256;
  }

  /** Resolves with the item's result once its group is committed (durable on disk). */
  submit(item: T): Promise<R> {
    if (this.#closed) return Promise.reject(new Error('The store is closed'));
    return new Promise<R>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  /** Items waiting for their commit. */
  get waiting(): number {
    return this.#queue.length;
  }

  /** Commits everything waiting now, and refuses new items. */
  close(): void {
    while (this.#queue.length > 0) this.#flush();
    this.#closed = true;
  }

  #schedule(): void {
    if (this.#scheduled) return;
    this.#scheduled = true;
    // setImmediate runs after the loop has read every socket that was ready, so requests
    // that arrived together are committed together.
    setImmediate(() => {
      this.#scheduled = false;
      this.#flush();
      if (this.#queue.length > 0) this.#schedule();
    });
  }

  #flush(): void {
    const group = this.#queue.splice(0, this.#maxGroupSize);
    if (group.length === 0) return;
    let results: readonly R[];
    try {
      results = this.#commit(group.map((waiting) => waiting.item));
    } catch (error) {
      for (const waiting of group) waiting.reject(error);
      return;
    }
    group.forEach((waiting, index) => {
      const result = results[index];
      if (result === undefined) waiting.reject(new Error('The commit returned no result'));
      else waiting.resolve(result);
    });
  }
}
