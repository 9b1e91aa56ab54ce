/**
 * The loop that runs one kind of job, in the server process: it claims what is due (the
 * handler's claim, under a lease), runs each claimed job with the handler, and otherwise
 * sleeps until the next job falls due, a look at the store at least every `idleCheckMs`,
 * or a wake-up (something was just queued). Stopping ends the loop, waits for the jobs
 * running (up to `stopTimeoutMs`), and gives back at once what the worker still holds.
 *
 * What a job is, and what is done with its outcome, is the handler's: the mail outbox
 * (`mail/outbox-worker.ts`) and the push notifier (`notify/notifier.ts`).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock, Timer } from '../clock.ts';
import { WakeUp } from '../wake-up.ts';

export interface JobHandler<J> {
  /** Names the worker in its logs ("feedback outbox", "push notifier"). */
  readonly name: string;
  /**
   * Claims the jobs due at `at`, leased to `holder`; or none, with how long to wait before
   * the next look (none said: until the next job falls due).
   */
  claim(at: number, holder: string): Promise<{ batch: J[]; waitMs?: number }>;
  /** Runs one claimed job and records its outcome. */
  run(job: J, holder: string): Promise<void>;
  /** When the next job falls due (or a lease runs out); undefined when none waits. */
  nextDueAt(): Promise<number | undefined>;
  /** Gives back `holder`'s claims, due at `now`; how many. */
  releaseClaims(holder: string, now: number): Promise<number>;
  /** Stopping: cut short what is running, if the handler can (undefined: it finishes). */
  interrupt?(): void;
}

export interface JobRunnerOptions {
  log: FastifyBaseLogger;
  /** What times the sleeps and the wait at stop, and where the claims read the time. */
  clock: Clock;
  /** A claimed batch's jobs run together (`parallel`) or one after the other. */
  parallel: boolean;
  /** Longest sleep between looks at the store, in ms. */
  idleCheckMs: number;
  /** Longest wait for the jobs running when stopping, in ms. */
  stopTimeoutMs: number;
}

export class JobRunner<J> {
  /** The worker's name on its claims; only it may renew or record them. */
  readonly holder = randomUUID();
  readonly #handler: JobHandler<J>;
  readonly #options: JobRunnerOptions;
  readonly #wakeUp: WakeUp;
  #running: Promise<void> | undefined;
  #stopping = false;

  constructor(handler: JobHandler<J>, options: JobRunnerOptions) {
    this.#handler = handler;
    this.#options = options;
    this.#wakeUp = new WakeUp(options.clock);
  }

  get running(): boolean {
    return this.#running !== undefined && !this.#stopping;
  }

  /**
   * Whether stop() was called: a batch run one job after another ends early. Read anew
   * after each await (stop() may have run meanwhile).
   */
  get stopping(): boolean {
    return this.#stopping;
  }

  start(): void {
    if (this.#running) return;
    this.#stopping = false;
    this.#running = this.#loop().catch((error: unknown) => {
      this.#options.log.fatal({ err: error }, `${this.#handler.name} stopped unexpectedly`);
    });
  }

  /** Looks at the store now: something was just queued. */
  wake(): void {
    this.#wakeUp.wake();
  }

  /**
   * Stops claiming; waits for the jobs running (up to stopTimeoutMs); then gives back what
   * this worker still holds, due now rather than after its lease. Resolves false when jobs
   * were still running at the time limit.
   */
  async stop(): Promise<boolean> {
    if (!this.#running) return true;
    this.#stopping = true;
    this.#wakeUp.wake();
    this.#handler.interrupt?.();
    const { clock, log, stopTimeoutMs } = this.#options;
    let timer: Timer | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = clock.setTimeout(() => resolve('timeout'), stopTimeoutMs);
    });
    const outcome = await Promise.race([this.#running.then(() => 'done' as const), timedOut]);
    clock.clearTimeout(timer);
    this.#running = undefined;
    try {
      const released = await this.#handler.releaseClaims(this.holder, clock.now());
      if (released > 0) log.info({ released }, `${this.#handler.name} gave back its claims`);
    } catch (error) {
      log.warn(
        { err: error },
        `${this.#handler.name} could not give back its claims; they wait for their lease`,
      );
    }
    return outcome === 'done';
  }

  async #loop(): Promise<void> {
    const { clock, log, idleCheckMs, parallel } = this.#options;
    const handler = this.#handler;
    while (!this.#stopping) {
      let waitMs: number;
      try {
        const claimed = await handler.claim(clock.now(), this.holder);
        if (claimed.batch.length > 0) {
          if (parallel) {
            await Promise.all(claimed.batch.map((job) => handler.run(job, this.holder)));
          } else {
            for (const job of claimed.batch) {
              // Stopping meanwhile: the rest of the batch goes back with the claims.
              if (this.stopping) break;
              await handler.run(job, this.holder);
            }
          }
          continue;
        }
        if (claimed.waitMs !== undefined) {
          waitMs = claimed.waitMs;
        } else {
          const due = await handler.nextDueAt();
          waitMs =
            due === undefined ? idleCheckMs : Math.min(Math.max(due - clock.now(), 0), idleCheckMs);
        }
      } catch (error) {
        log.error({ err: error }, `${handler.name} could not read the store`);
        waitMs = idleCheckMs;
      }
      if (!this.stopping) await this.#wakeUp.sleep(waitMs);
    }
  }
}
