/**
 * The digest of waiting feedback: once the hour's mail cap is used up and messages still
 * wait, the owner gets one mail listing them, at most one an hour across every instance
 * sharing the store. The digest is a job (`digest`, one row): the turn to mail it is taken
 * as any job is claimed, under a lease, and one that could not be mailed is tried again
 * later. The messages stay queued and are mailed one by one as the cap allows.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { OutboxQueue } from './types.ts';
import { composeDigestMail, type MailAddresses } from './compose.ts';
import { classifySendError } from './retry-policy.ts';
import type { MailTransport } from './transport.ts';

/** Waiting messages listed in a digest at most; the rest are counted. */
const DIGEST_MAX_LISTED = 200;

export interface DigestOptions {
  store: OutboxQueue;
  addresses: MailAddresses;
  /** The hourly cap, which the digest names. */
  maxPerHour: number;
  /** How long the turn is held while the digest is mailed, in ms. */
  leaseMs: number;
  /** After a digest that could not be mailed, the wait before the next try, in ms. */
  retryAfterMs: number;
  log: FastifyBaseLogger;
}

export class WaitingDigest {
  constructor(private readonly options: DigestOptions) {}

  /** Mails the digest at `at`, unless nothing waits, one went out in the last hour, or another instance mails it. */
  async mailIfBehind(transport: MailTransport, at: number, holder: string): Promise<void> {
    const { store, addresses, maxPerHour, leaseMs, retryAfterMs, log } = this.options;
    const due = await store.countDue(at);
    if (due === 0) return;
    const turn = { now: at, holder, leaseMs, retryBaseMs: retryAfterMs, retryCapMs: retryAfterMs };
    if (!(await store.claimDigest(turn))) return;
    const listed = await store.dueInSendOrder(at, DIGEST_MAX_LISTED);
    try {
      await transport.send(
        composeDigestMail({ waiting: listed, total: due, at, maxPerHour }, addresses),
      );
    } catch (error) {
      const { detail } = classifySendError(error);
      await store.digestFailed(holder, at + retryAfterMs, detail);
      log.warn({ err: detail }, 'could not mail the digest of waiting feedback');
      return;
    }
    await store.digestSent(at);
    log.warn(
      { waiting: due, maxPerHour },
      'more feedback waits than the hourly mail cap lets out; mailed the owner a digest',
    );
  }
}
