/**
 * A worker's wait between two looks at the store (the mail outbox, the push notifier), which
 * something that was just queued can cut short.
 */
import type { Clock } from './clock.ts';

export class WakeUp {
  readonly #clock: Clock;
  #wake: (() => void) | undefined;

  /** `clock` times the waits. */
  constructor(clock: Clock) {
    this.#clock = clock;
  }

  /** Waits `ms` (none when 0 or less), or until `wake()`. */
  sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const clock = this.#clock;
      const timer = clock.setTimeout(done, ms);
      function done() {
        clock.clearTimeout(timer);
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
