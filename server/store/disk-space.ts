/**
 * The free-space floor of the store's disk: below it, new messages are refused (503) before
 * the disk fills, and /readyz says why. The file system is asked at most once a second.
 */
import { statfsSync } from 'node:fs';

type DiskSpaceReport = { ok: true } | { ok: false; freeBytes: number; minFreeBytes: number };

export class DiskSpace {
  readonly #dir: string;
  readonly #minFreeBytes: number;
  readonly #statfs: (dir: string) => { bavail: number | bigint; bsize: number | bigint };
  #checkedAt = -Infinity;
  #last: DiskSpaceReport = { ok: true };

  /** @param minFreeBytes 0 turns the check off. */
  constructor(dir: string, minFreeBytes: number, statfs = statfsSync) {
    this.#dir = dir;
    this.#minFreeBytes = minFreeBytes;
    this.#statfs = statfs;
  }

  /** Whether the free space is above the floor (as of at most a second ago). */
  check(now: number = Date.now()): DiskSpaceReport {
    if (this.#minFreeBytes === 0) return { ok: true };
    if (now - this.#checkedAt < 1000) return this.#last;
    this.#checkedAt = now;
    try {
      const stats = this.#statfs(this.#dir);
      const freeBytes = Number(stats.bavail) * Number(stats.bsize);
      this.#last =
        freeBytes >= this.#minFreeBytes
          ? { ok: true }
          : { ok: false, freeBytes, minFreeBytes: this.#minFreeBytes };
    } catch {
      // Unknown free space: the commit itself says whether the disk takes the write.
      this.#last = { ok: true };
    }
    return this.#last;
  }
}
