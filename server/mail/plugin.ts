import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../clock.ts';
import { OutboxWorker } from './outbox-worker.ts';
import { retryPolicy } from '../jobs/backoff.ts';
import { createSmtpTransport } from './transport.ts';
import { outboxQueue } from './store.ts';
import type { OutboxQueue } from './types.ts';

/** The outbox as the rest of the server sees it. */
export interface FeedbackOutbox {
  /** False when no mail server is configured: messages are stored and wait. */
  readonly enabled: boolean;
  /** Starts sending (the server calls it once it listens). */
  start(): void;
  /** Stops sending; messages in flight finish or are sent again after their lease. */
  stop(): Promise<void>;
  /** A message was just stored: look now instead of at the next check. */
  notify(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    feedbackOutbox: FeedbackOutbox;
    /** The mail jobs: what the outbox worker claims and records its outcomes in. */
    outbox: OutboxQueue;
  }
}

export interface FeedbackOutboxPluginOptions {
  /** smtp:// or smtps:// address; undefined turns delivery off. */
  smtpUrl: string | undefined;
  mailTo: string | undefined;
  mailFrom: string | undefined;
  retryBaseMs: number;
  giveUpAfterHours: number;
  leaseMs: number;
  maxPerHour: number;
  /** Longest time one mail may take, all stages together, in ms. */
  sendTimeoutMs: number;
  /** While delivery is paused, the wait between two tries, in ms. */
  pauseRetryMs: number;
  /** Certificate authorities (PEM) trusted for the mail server instead of the system's. */
  tlsCa?: string | undefined;
  /** Queue the owner's push notification when delivery pauses; default false. */
  notifyPause?: boolean;
  /** Longest sleep between looks at the store, in ms; default 5000. */
  idleCheckMs?: number;
  /**
   * Where claims, leases, retries and the hourly cap read the time, and what times the
   * outbox's waits; default the system's clock.
   */
  clock?: Clock;
}

const OFF: FeedbackOutbox = {
  enabled: false,
  start() {},
  async stop() {},
  notify() {},
};

/** The mail outbox; needs the store. Delivery is off without SMTP_URL. */
export const feedbackOutboxPlugin = fp<FeedbackOutboxPluginOptions>(
  async function feedbackOutboxPlugin(app: FastifyInstance, options) {
    const { smtpUrl, mailTo, mailFrom } = options;
    app.decorate('outbox', outboxQueue(app.db));
    if (!smtpUrl || !mailTo || !mailFrom) {
      app.decorate('feedbackOutbox', OFF);
      return;
    }
    const worker = new OutboxWorker({
      store: app.outbox,
      createTransport: () =>
        createSmtpTransport(smtpUrl, {
          sendTimeoutMs: options.sendTimeoutMs,
          ...(options.tlsCa === undefined ? {} : { ca: options.tlsCa }),
        }),
      addresses: { from: mailFrom, to: mailTo },
      retry: retryPolicy({
        baseMs: options.retryBaseMs,
        giveUpAfterHours: options.giveUpAfterHours,
      }),
      leaseMs: options.leaseMs,
      maxPerHour: options.maxPerHour,
      pauseRetryMs: options.pauseRetryMs,
      notifyPause: options.notifyPause ?? false,
      log: app.log.child({ component: 'outbox' }),
      clock: options.clock ?? systemClock,
      ...(options.idleCheckMs === undefined ? {} : { idleCheckMs: options.idleCheckMs }),
    });
    const outbox: FeedbackOutbox = {
      enabled: true,
      start: () => worker.start(),
      stop: () => worker.stop(),
      notify: () => worker.notify(),
    };
    app.decorate('feedbackOutbox', outbox);
    // Before the store closes: hooks registered later run first when closing.
    app.addHook('onClose', async () => {
      await worker.stop();
    });
  },
  { name: 'feedback-outbox', dependencies: ['store'] },
);
