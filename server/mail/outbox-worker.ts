/**
 * The feedback outbox: sends each stored message to the owner, in the server process.
 *
 * A message is claimed with a lease (renewed while its mail is being sent), sent, then marked
 * sent, retried later or dead. If the process dies mid-send, the lease runs out and the
 * message is sent again: delivery is at least once, and the stable Message-ID lets the
 * duplicate be recognised. A global cap limits mails per hour; messages over it wait, sent
 * oldest first in a fair share per app, and when messages still wait once the hour's mails
 * are out, the owner gets one digest mail listing them (at most one an hour: `digest.ts`).
 *
 * When the mail server refuses the site itself (its login, its sender, the relay), or TLS
 * with it fails (its certificate, STARTTLS), delivery pauses: no message is marked dead
 * before its give-up time, one message tries again every `pauseRetryMs`, the pause is kept
 * in the store (so it survives a restart and /readyz reports it), and it is logged once. A refusal of one message's content (a spam or virus
 * filter answering after the body) is that message's alone: it is marked dead with the
 * reason and the others go on.
 *
 * Any number of workers (one per server instance) may share one store: claims, the hourly
 * cap, the pause and the digest's turn are all kept there. A worker that stops gives its
 * claims back at once.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { ClaimedMessage, OutboxQueue } from './types.ts';
import { composeFeedbackMail, type MailAddresses } from './compose.ts';
import { WaitingDigest } from './digest.ts';
import { classifySendError, withoutAddresses } from './retry-policy.ts';
import { HOUR_MS, nextAttemptAt, type RetryPolicy } from '../jobs/backoff.ts';
import type { MailTransport } from './transport.ts';
import { systemClock, type Clock } from '../clock.ts';
import { JobRunner, type JobHandler } from '../jobs/runner.ts';

export interface OutboxWorkerOptions {
  store: OutboxQueue;
  /** Opens the mail connection(s); called on each start, closed on stop. */
  createTransport: () => MailTransport;
  addresses: MailAddresses;
  retry: RetryPolicy;
  /** How long a claim lasts without renewal, in ms. */
  leaseMs: number;
  /** Mails per hour at most; 0 means no cap. */
  maxPerHour: number;
  /** While delivery is paused, the wait between two tries, in ms; default 600000. */
  pauseRetryMs?: number;
  /** Queue the owner's push notification when delivery pauses; default false. */
  notifyPause?: boolean;
  log: FastifyBaseLogger;
  /** Mails sent at the same time; default 2 (the SMTP pool's connections). */
  concurrency?: number;
  /** Longest sleep between looks at the store (it notices the owner's `retry`), in ms; default 5000. */
  idleCheckMs?: number;
  /** Longest wait for sends in flight when stopping, in ms; default 5000. */
  stopTimeoutMs?: number;
  /**
   * Where claims, leases, retries and the hourly cap read the time, and what times the
   * sleeps, lease renewals and the wait at stop; default the system's clock.
   */
  clock?: Clock;
  random?: () => number;
}

export class OutboxWorker implements JobHandler<ClaimedMessage> {
  readonly name = 'feedback outbox';
  readonly #options: Required<OutboxWorkerOptions>;
  readonly #runner: JobRunner<ClaimedMessage>;
  #transport: MailTransport | undefined;
  #capNoticeShown = false;
  /** Over the hourly cap: a new message cannot go out sooner, so it need not wake the loop. */
  #capped = false;
  /** Delivery is paused (as last read from the store). */
  #paused = false;
  readonly #digest: WaitingDigest;
  /** A pause found at start is tried at once: a restart usually follows a change of settings. */
  #tryPauseNow = true;

  constructor(options: OutboxWorkerOptions) {
    this.#options = {
      pauseRetryMs: 600_000,
      notifyPause: false,
      concurrency: 2,
      idleCheckMs: 5000,
      stopTimeoutMs: 5000,
      clock: systemClock,
      random: Math.random,
      ...options,
    };
    const { store, addresses, maxPerHour, retry, log, clock, idleCheckMs, stopTimeoutMs, leaseMs } =
      this.#options;
    this.#runner = new JobRunner(this, {
      log,
      clock,
      parallel: true,
      idleCheckMs,
      stopTimeoutMs,
    });
    this.#digest = new WaitingDigest({
      store,
      addresses,
      maxPerHour,
      leaseMs,
      retryAfterMs: retry.baseMs,
      log,
    });
  }

  /** The worker's name on its claims. */
  get holder(): string {
    return this.#runner.holder;
  }

  get running(): boolean {
    return this.#runner.running;
  }

  start(): void {
    if (this.#runner.running) return;
    this.#tryPauseNow = true;
    this.#transport = this.#options.createTransport();
    this.#runner.start();
  }

  /** Looks at the store now (a message was just accepted), unless over the hourly cap. */
  notify(): void {
    if (!this.#capped) this.#runner.wake();
  }

  /** Stops claiming; waits for sends in flight (up to stopTimeoutMs), then closes the transport. */
  async stop(): Promise<void> {
    // What this worker still holds goes back to the queue now, not after its lease; the
    // sends cut short by closing the connection then record nothing over it.
    if (!(await this.#runner.stop())) {
      this.#options.log.warn(
        'mail still being sent at shutdown; it will be sent again after its lease',
      );
    }
    this.#transport?.close();
    this.#transport = undefined;
  }

  nextDueAt(): Promise<number | undefined> {
    return this.#options.store.nextDueAt();
  }

  releaseClaims(holder: string, now: number): Promise<number> {
    return this.#options.store.releaseClaims(holder, now);
  }

  run(message: ClaimedMessage, holder: string): Promise<void> {
    const transport = this.#transport;
    if (!transport) throw new Error('The outbox was not started');
    return this.#deliver(transport, message, holder);
  }

  async claim(at: number, holder: string): Promise<{ batch: ClaimedMessage[]; waitMs?: number }> {
    const transport = this.#transport;
    if (!transport) throw new Error('The outbox was not started');
    const { store, maxPerHour, concurrency, leaseMs, idleCheckMs } = this.#options;
    let limit = concurrency;
    const pause = await store.deliveryPause();
    this.#paused = pause !== undefined;
    this.#capped = pause !== undefined;
    const tryNow = this.#tryPauseNow;
    this.#tryPauseNow = false;
    if (pause) {
      if (pause.retryAt > at && !tryNow) {
        return { batch: [], waitMs: Math.min(pause.retryAt - at, idleCheckMs) };
      }
      // One message tries the settings again; the rest wait for its outcome.
      limit = 1;
    }
    if (maxPerHour > 0) {
      const recent = await store.sentSince(at - HOUR_MS);
      const room = maxPerHour - recent.count;
      this.#capped ||= room <= 0;
      // Listed once the hour's mails are out: exactly what waits for the next hour.
      if (!pause && room <= 0) await this.#digest.mailIfBehind(transport, at, holder);
      if (room <= 0) {
        if (!this.#capNoticeShown) {
          this.#capNoticeShown = true;
          this.#options.log.warn(
            { maxPerHour },
            'hourly mail cap reached: further feedback waits in the store (MAIL_MAX_PER_HOUR)',
          );
        }
        const freesAt = (recent.first ?? at) + HOUR_MS;
        return { batch: [], waitMs: Math.min(Math.max(freesAt - at, 50), idleCheckMs) };
      }
      this.#capNoticeShown = false;
      limit = Math.min(limit, room);
    }
    const { baseMs: retryBaseMs, capMs: retryCapMs } = this.#options.retry;
    const batch = await store.claim({
      now: at,
      holder,
      leaseMs,
      limit,
      maxPerHour,
      retryBaseMs,
      retryCapMs,
    });
    return { batch };
  }

  async #deliver(transport: MailTransport, message: ClaimedMessage, holder: string): Promise<void> {
    const { store, addresses, leaseMs, log, clock } = this.#options;
    const startedAt = clock.now();
    const context = { id: message.id, app: message.appName, attempt: message.attempt };
    const renewal = clock.setInterval(
      () => {
        store.renewLease(message.id, holder, clock.now() + leaseMs).then(
          (held) => {
            if (!held) {
              log.warn(context, 'lost the lease on a message being sent; it may be sent twice');
            }
          },
          (error: unknown) => log.error({ ...context, err: error }, 'could not renew a lease'),
        );
      },
      Math.max(Math.floor(leaseMs / 3), 100),
    );
    try {
      let response: string;
      try {
        ({ response } = await transport.send(composeFeedbackMail(message, addresses)));
      } catch (error) {
        await this.#recordFailure(message, holder, startedAt, error);
        return;
      }
      const finishedAt = clock.now();
      const detail = withoutAddresses(response).slice(0, 500);
      await store.recordSent(message.id, {
        holder,
        attempt: message.attempt,
        startedAt,
        finishedAt,
        detail,
      });
      log.info({ ...context, ms: finishedAt - startedAt }, 'feedback mailed');
      await this.#resumeIfPaused();
    } catch (error) {
      // The mail may have gone out but could not be recorded: the lease runs out and it is
      // sent again, which the Message-ID makes recognisable.
      log.error({ ...context, err: error }, 'could not record a delivery');
    } finally {
      clock.clearInterval(renewal);
    }
  }

  /** The mail server took the site's login, sender and recipient: a pause ends. */
  async #resumeIfPaused(): Promise<void> {
    if (!this.#paused) return;
    this.#paused = false;
    if (await this.#options.store.resumeDelivery()) {
      this.#options.log.info('the mail server accepts the site again; delivery resumed');
    }
  }

  async #recordFailure(
    message: ClaimedMessage,
    holder: string,
    startedAt: number,
    error: unknown,
  ): Promise<void> {
    const { store, retry, log, clock, random } = this.#options;
    const failure = classifySendError(error);
    const finishedAt = clock.now();
    const context = {
      id: message.id,
      app: message.appName,
      attempt: message.attempt,
      code: failure.code,
      responseCode: failure.responseCode,
      reason: failure.detail,
    };
    const outcome = {
      holder,
      attempt: message.attempt,
      startedAt,
      finishedAt,
      detail: failure.detail,
    };
    if (failure.kind === 'pause') {
      const retryAt = finishedAt + this.#options.pauseRetryMs;
      const reason = failure.command ? `${failure.command}: ${failure.detail}` : failure.detail;
      const paused = await store.pauseDelivery(
        { reason, since: finishedAt, retryAt },
        this.#options.notifyPause,
      );
      this.#paused = true;
      this.#capped = true;
      // The give-up time holds in a pause too: its next try is no sooner than the pause's.
      if (retryAt > message.queuedAt + retry.giveUpAfterMs) {
        await store.recordDead(message.id, {
          ...outcome,
          detail: `gave up after ${message.attempt} attempts: delivery paused: ${reason}`,
        });
        log.error(context, 'feedback mail could not be delivered in time; marked dead');
      } else {
        await store.recordRetry(message.id, {
          ...outcome,
          detail: `delivery paused: ${reason}`,
          // Due as soon as the pause lets anything out: the pause, not the message, waits.
          nextAttemptAt: finishedAt,
        });
      }
      if (paused) {
        log.error(
          { ...context, retryInMs: retryAt - finishedAt },
          "the mail server refuses the site, or TLS with it fails (check SMTP_URL, MAIL_FROM, MAIL_TO and the mail server's certificate); delivery is paused, no message is dropped",
        );
      } else {
        log.debug(context, 'delivery still paused');
      }
      return;
    }
    if (failure.contentRefused) {
      await store.recordDead(message.id, {
        ...outcome,
        detail: `refused for its content: ${failure.detail}`,
      });
      log.error(
        context,
        "the mail server refused this message's content (a spam or virus filter); marked dead, other mail goes on",
      );
      // The server took the site's login, sender and recipient before judging the body.
      await this.#resumeIfPaused();
      return;
    }
    if (failure.kind === 'permanent') {
      await store.recordDead(message.id, outcome);
      log.error(context, 'feedback mail refused by the mail server; marked dead');
      return;
    }
    const next = nextAttemptAt(message, finishedAt, retry, random);
    if (next === undefined) {
      await store.recordDead(message.id, {
        ...outcome,
        detail: `gave up after ${message.attempt} attempts: ${failure.detail}`,
      });
      log.error(context, 'feedback mail could not be delivered in time; marked dead');
      return;
    }
    await store.recordRetry(message.id, { ...outcome, nextAttemptAt: next });
    log.warn({ ...context, retryInMs: next - finishedAt }, 'feedback mail failed; will retry');
  }
}
