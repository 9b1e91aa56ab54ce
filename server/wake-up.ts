/**
 * A worker's wait between two looks at the store (the mail outbox, the push notifier), which
 * something that was just queued can cut short.
 */
export class WakeUp {
  #wake: (() => void) | undefined;

  /** Waits `ms` (none when 0 or less), or until `wake()`. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.#wake = () => {
        this.#wake = undefined;
        done();
      };
    });
  }

  /** Ends the wait going on, if any. */
  wake(): void {
    this.#wake?.();
  }
}
