/**
 * The push notifier: sends each queued notification (a new message, a pause of delivery)
 * to NOTIFY_URL, in the server process, as the mail outbox sends mail. Each is claimed
 * under a lease (so one instance sends it), sent, then kept as sent, tried again later with
 * growing delays (no answer, a time-out, 408, 429 or 5xx), or kept as dead when the
 * receiver refuses it (any other answer) or a day has passed. The notifications were
 * queued in the same transaction as what they tell, so none is lost to a crash.
 */
import type { FastifyBaseLogger } from 'fastify';
import { nextAttemptAt, type RetryPolicy } from '../jobs/backoff.ts';
import type { Clock } from '../clock.ts';
import type { ClaimedNotification, NotificationQueue } from './types.ts';
import { composeNotification, type NotifySettings } from './compose.ts';
import { JobRunner, type JobHandler } from '../jobs/runner.ts';

/** The longest one notification may take to send. */
export const NOTIFY_TIMEOUT_MS = 10_000;

export interface NotifierOptions {
  store: NotificationQueue;
  settings: NotifySettings;
  retry: RetryPolicy;
  log: FastifyBaseLogger;
  /** Longest sleep between looks at the store, in ms; default 5000. */
  idleCheckMs?: number;
  /** How long a claim lasts, in ms; default a minute. */
  leaseMs?: number;
  /**
   * Where claims and retries read the time, and what times the sleeps. A send's own time
   * limit runs on the system's timers: the receiver answers in real time.
   */
  clock: Clock;
  random?: () => number;
}

export class Notifier implements JobHandler<ClaimedNotification> {
  readonly name = 'push notifier';
  readonly #options: Required<NotifierOptions>;
  readonly #runner: JobRunner<ClaimedNotification>;
  readonly #inFlight = new Set<AbortController>();

  constructor(options: NotifierOptions) {
    this.#options = { idleCheckMs: 5000, leaseMs: 60_000, random: Math.random, ...options };
    this.#runner = new JobRunner(this, {
      log: options.log,
      clock: options.clock,
      parallel: false,
      idleCheckMs: this.#options.idleCheckMs,
      // Sends in flight are cut short at once (interrupt).
      stopTimeoutMs: NOTIFY_TIMEOUT_MS,
    });
  }

  start(): void {
    this.#runner.start();
  }

  /** Looks at the store now: something was just queued. */
  wake(): void {
    this.#runner.wake();
  }

  /** Stops: sends in flight are cut short and their claims given back. */
  async stop(): Promise<void> {
    await this.#runner.stop();
  }

  interrupt(): void {
    for (const controller of this.#inFlight) controller.abort();
  }

  async claim(at: number, holder: string): Promise<{ batch: ClaimedNotification[] }> {
    const { store, leaseMs, retry } = this.#options;
    const batch = await store.claim({
      now: at,
      holder,
      leaseMs,
      limit: 5,
      retryBaseMs: retry.baseMs,
      retryCapMs: retry.capMs,
    });
    return { batch };
  }

  run(notification: ClaimedNotification, holder: string): Promise<void> {
    return this.#send(notification, holder);
  }

  nextDueAt(): Promise<number | undefined> {
    return this.#options.store.nextDueAt();
  }

  releaseClaims(holder: string, now: number): Promise<number> {
    return this.#options.store.releaseClaims(holder, now);
  }

  async #send(notification: ClaimedNotification, holder: string): Promise<void> {
    const { store, settings, retry, log, clock, random } = this.#options;
    const context = {
      notification: notification.id,
      kind: notification.kind,
      attempt: notification.attempt,
    };
    const request = composeNotification(notification, settings);
    const controller = new AbortController();
    this.#inFlight.add(controller);
    // The system's timer, not the clock's: the receiver answers, or not, in real time.
    const timer = setTimeout(() => controller.abort(), NOTIFY_TIMEOUT_MS);
    let failure: { permanent: boolean; detail: string };
    try {
      const response = await fetch(settings.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        // A redirect could lead the notification where NOTIFY_URL does not say.
        redirect: 'error',
        signal: controller.signal,
      });
      await response.body?.cancel();
      if (response.ok) {
        await store.recordSent(notification.id, clock.now());
        log.info(context, 'push notification sent');
        return;
      }
      const status = response.status;
      failure = {
        permanent: status < 500 && status !== 408 && status !== 429,
        detail: `the receiver answered ${status} ${response.statusText}`.trim(),
      };
    } catch (error) {
      if (this.#runner.stopping) return;
      failure = {
        permanent: false,
        detail: controller.signal.aborted
          ? `no answer within ${NOTIFY_TIMEOUT_MS / 1000} s`
          : `could not reach the receiver (${error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error)})`,
      };
    } finally {
      clearTimeout(timer);
      this.#inFlight.delete(controller);
    }
    const at = clock.now();
    const next = failure.permanent
      ? undefined
      : nextAttemptAt({ ...notification, queuedAt: notification.createdAt }, at, retry, random);
    if (next === undefined) {
      await store.recordDead(notification.id, holder, failure.detail);
      log.error({ ...context, reason: failure.detail }, 'push notification given up (NOTIFY_URL)');
      return;
    }
    await store.recordRetry(notification.id, holder, next, failure.detail);
    log.warn(
      { ...context, reason: failure.detail, retryInMs: next - at },
      'push notification failed; will retry',
    );
  }
}
