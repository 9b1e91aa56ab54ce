/**
 * The push notifier: sends each queued notification (a new message, a pause of delivery)
 * to NOTIFY_URL, in the server process, as the mail outbox sends mail. Each is claimed
 * under a lease (so one instance sends it), sent, then deleted, tried again later with
 * growing delays (no answer, a time-out, 408, 429 or 5xx), or kept as dead when the
 * receiver refuses it (any other answer) or a day has passed. The notifications were
 * queued in the same transaction as what they tell, so none is lost to a crash.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { retryDelayMs, type RetryPolicy } from '../mail/retry-policy.ts';
import type { Clock } from '../clock.ts';
import type { ClaimedNotification, NotificationQueue } from './types.ts';
import { composeNotification, type NotifySettings } from './compose.ts';
import { WakeUp } from '../wake-up.ts';

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

export class Notifier {
  readonly holder = randomUUID();
  readonly #options: Required<NotifierOptions>;
  #running: Promise<void> | undefined;
  #stopping = false;
  readonly #wakeUp: WakeUp;
  readonly #inFlight = new Set<AbortController>();

  constructor(options: NotifierOptions) {
    this.#options = { idleCheckMs: 5000, leaseMs: 60_000, random: Math.random, ...options };
    this.#wakeUp = new WakeUp(options.clock);
  }

  start(): void {
    if (this.#running) return;
    this.#stopping = false;
    this.#running = this.#loop().catch((error: unknown) => {
      this.#options.log.fatal({ err: error }, 'push notifier stopped unexpectedly');
    });
  }

  /** Looks at the store now: something was just queued. */
  wake(): void {
    this.#wakeUp.wake();
  }

  /** Stops: sends in flight are cut short and their claims given back. */
  async stop(): Promise<void> {
    if (!this.#running) return;
    this.#stopping = true;
    this.#wakeUp.wake();
    for (const controller of this.#inFlight) controller.abort();
    await this.#running;
    this.#running = undefined;
    try {
      await this.#options.store.releaseClaims(this.holder, this.#options.clock.now());
    } catch (error) {
      this.#options.log.warn({ err: error }, 'could not give back claimed notifications');
    }
  }

  async #loop(): Promise<void> {
    const { store, leaseMs, idleCheckMs, clock, log } = this.#options;
    while (!this.#stopping) {
      let batch: ClaimedNotification[] = [];
      try {
        batch = await store.claim({ now: clock.now(), holder: this.holder, leaseMs, limit: 5 });
        for (const notification of batch) {
          // Stopping meanwhile: the rest of the batch goes back with the claims.
          if (this.#halted()) break;
          await this.#send(notification);
        }
        if (batch.length > 0) continue;
        const due = await store.nextDueAt();
        const at = clock.now();
        await this.#sleep(
          due === undefined ? idleCheckMs : Math.min(Math.max(due - at, 0), idleCheckMs),
        );
      } catch (error) {
        log.error({ err: error }, 'push notifier could not read the store');
        await this.#sleep(idleCheckMs);
      }
    }
  }

  /** Read anew after each await (stop() may have run meanwhile). */
  #halted(): boolean {
    return this.#stopping;
  }

  #sleep(ms: number): Promise<void> {
    return this.#stopping ? Promise.resolve() : this.#wakeUp.sleep(ms);
  }

  async #send(notification: ClaimedNotification): Promise<void> {
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
        await store.recordSent(notification.id, this.holder);
        log.info(context, 'push notification sent');
        return;
      }
      const status = response.status;
      failure = {
        permanent: status < 500 && status !== 408 && status !== 429,
        detail: `the receiver answered ${status} ${response.statusText}`.trim(),
      };
    } catch (error) {
      if (this.#stopping) return;
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
    const next = at + retryDelayMs(notification.attempt, retry, random);
    if (failure.permanent || next > notification.createdAt + retry.giveUpAfterMs) {
      await store.recordDead(notification.id, this.holder, failure.detail);
      log.error({ ...context, reason: failure.detail }, 'push notification given up (NOTIFY_URL)');
      return;
    }
    await store.recordRetry(notification.id, this.holder, next, failure.detail);
    log.warn(
      { ...context, reason: failure.detail, retryInMs: next - at },
      'push notification failed; will retry',
    );
  }
}
