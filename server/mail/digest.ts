/**
 * The digest of waiting feedback: once the hour's mail cap is used up and messages still
 * wait, the owner gets one mail listing them, at most one an hour across every instance
 * sharing the store (the turn is taken in the store before the mail goes). The messages stay
 * queued and are mailed one by one as the cap allows.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxQueue } from './types.ts';
import { composeDigestMail, type MailAddresses } from './compose.ts';
import { classifySendError } from './retry-policy.ts';
import { HOUR_MS } from '../jobs/backoff.ts';
import type { MailTransport } from './transport.ts';

/** Waiting messages listed in a digest at most; the rest are counted. */
const DIGEST_MAX_LISTED = 200;

export interface DigestOptions {
  store: OutboxQueue;
  addresses: MailAddresses;
  /** The hourly cap, which the digest names. */
  maxPerHour: number;
  /** After a digest that could not be mailed, the wait before the next try, in ms. */
  retryAfterMs: number;
  log: FastifyBaseLogger;
}

export class WaitingDigest {
  /** A digest that failed is not tried again before this time. */
  #notBefore = 0;

  constructor(private readonly options: DigestOptions) {}

  /** Mails the digest at `at`, unless nothing waits or one went out in the last hour. */
  async mailIfBehind(transport: MailTransport, at: number): Promise<void> {
    const { store, addresses, maxPerHour, log } = this.options;
    if (at < this.#notBefore) return;
    const lastDigestAt = await store.lastDigestAt();
    if (lastDigestAt !== null && lastDigestAt > at - HOUR_MS) return;
    const due = await store.countDue(at);
    if (due === 0) return;
    if (!(await store.claimDigest(at, lastDigestAt))) return;
    const listed = await store.dueInSendOrder(at, DIGEST_MAX_LISTED);
    try {
      await transport.send(
        composeDigestMail({ waiting: listed, total: due, at, maxPerHour }, addresses),
      );
    } catch (error) {
      this.#notBefore = at + this.options.retryAfterMs;
      await store.releaseDigest(at, lastDigestAt);
      log.warn(
        { err: classifySendError(error).detail },
        'could not mail the digest of waiting feedback',
      );
      return;
    }
    log.warn(
      { waiting: due, maxPerHour },
      'more feedback waits than the hourly mail cap lets out; mailed the owner a digest',
    );
  }
}
