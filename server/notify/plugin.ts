import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../clock.ts';
import { retryPolicy } from '../jobs/backoff.ts';
import { notifyTarget, type NotifyFormat } from './compose.ts';
import { Notifier } from './notifier.ts';
import { notificationQueue } from './store.ts';
import type { NotificationQueue } from './types.ts';

/** The push notifications as the rest of the server sees them. */
export interface PushNotifications {
  /** False without NOTIFY_URL: nothing is queued. */
  readonly enabled: boolean;
  /** Starts sending (the server calls it once it listens). */
  start(): void;
  stop(): Promise<void>;
  /** Something was just queued: look now instead of at the next check. */
  wake(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    pushNotifications: PushNotifications;
    /** The push jobs: what the notifier claims and records its outcomes in. */
    notifications: NotificationQueue;
  }
}

export interface PushNotificationsOptions {
  /** NOTIFY_URL; undefined turns notifications off. */
  url: string | undefined;
  format: NotifyFormat;
  details: boolean;
  /** The owner's pages, which each notification links to. */
  pagesUrl: string;
  clock: Clock;
  /** First retry delay, in ms; default 30000, doubled each time up to an hour. */
  retryBaseMs?: number;
  /** Longest sleep between looks at the store, in ms; default 5000. */
  idleCheckMs?: number;
}

/** A failed notification is tried again for a day, then kept as dead. */
const GIVE_UP_AFTER_HOURS = 24;

const OFF: PushNotifications = {
  enabled: false,
  start() {},
  async stop() {},
  wake() {},
};

/** The push notifier; needs the store. Off without NOTIFY_URL. */
export const pushNotificationsPlugin = fp<PushNotificationsOptions>(
  async function pushNotificationsPlugin(app: FastifyInstance, options) {
    app.decorate('notifications', notificationQueue(app.db));
    if (!options.url) {
      app.decorate('pushNotifications', OFF);
      return;
    }
    const baseMs = options.retryBaseMs ?? 30_000;
    const notifier = new Notifier({
      store: app.notifications,
      settings: {
        ...notifyTarget(options.url),
        format: options.format,
        details: options.details,
        pagesUrl: options.pagesUrl,
      },
      retry: retryPolicy({ baseMs, giveUpAfterHours: GIVE_UP_AFTER_HOURS }),
      log: app.log.child({ component: 'notify' }),
      clock: options.clock,
      ...(options.idleCheckMs === undefined ? {} : { idleCheckMs: options.idleCheckMs }),
    });
    app.decorate('pushNotifications', {
      enabled: true,
      start: () => notifier.start(),
      stop: () => notifier.stop(),
      wake: () => notifier.wake(),
    } satisfies PushNotifications);
    // Before the store closes: hooks registered later run first when closing.
    app.addHook('onClose', async () => {
      await notifier.stop();
    });
  },
  { name: 'push-notifications', dependencies: ['store'] },
);
