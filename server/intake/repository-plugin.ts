/**
 * The intake's repository for the server's life (`app.intake`): messages accepted in groups
 * over the store's connection, the waiting ones committed at the end; Idempotency-Keys and
 * the caps' entries forgotten every ten minutes once past their time.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { systemClock, type Clock } from '../clock.ts';
import { feedbackIntake } from './store.ts';
import type { FeedbackIntake } from './types.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the feedback routes store messages. */
    intake: FeedbackIntake;
  }
}

export interface IntakeRepositoryOptions {
  /** Messages waiting for their commit at most; default DEFAULT_QUEUE_LIMIT. */
  queueLimit?: number;
  /** What times the sweep of expired keys and cap entries, and where it reads the time. */
  clock?: Clock;
}

const SWEEP_MS = 10 * 60 * 1000;

export const intakeRepository = fp<IntakeRepositoryOptions>(
  async function intakeRepository(app: FastifyInstance, options) {
    const clock = options.clock ?? systemClock;
    const open = feedbackIntake(app.db, options.queueLimit);
    const { intake } = open;
    app.decorate('intake', intake);
    await intake.forgetKeySalt();

    const sweep = clock.setInterval(() => {
      intake.forgetExpired(clock.now()).catch((error: unknown) => {
        app.log.warn({ err: error }, 'could not forget expired keys and cap entries');
      });
    }, SWEEP_MS);
    sweep.unref();

    // Before the store closes: hooks registered later run first when closing.
    app.addHook('onClose', async () => {
      clock.clearInterval(sweep);
      await open.close();
    });
  },
  { name: 'intake-repository', dependencies: ['store'] },
);
