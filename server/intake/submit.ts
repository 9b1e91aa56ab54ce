/**
 * Accepting a feedback message, whichever route it came by: the free-space floor of the
 * store's disk, the caps of the acceptance policy (policy.ts), the spam signals, and the
 * store's commit. The JSON route (feedback-routes.ts) and the form route
 * (feedback-form-routes.ts) call the same `SubmitFeedback`, so they share every counter.
 */
import type { FastifyBaseLogger } from 'fastify';
import { formFieldsOf, type Feedback } from '../../common/feedback.ts';
import { words as refusedEn, type RefusalReason } from '../../app/i18n/en/feedback-refused.ts';
import type { Clock } from '../clock.ts';
import type { DiskSpace } from '../store/disk-space.ts';
import { QueueFullError, type FeedbackIntake } from './types.ts';
import { fullCapKind, secondsUntil, type AcceptancePolicy, type Reservation } from './policy.ts';
import { spamReason } from './spam-signals.ts';

/** What became of a submission that passed its route's checks. */
export type FeedbackOutcome =
  /** Stored with its outbox entry (or, `replayed`, stored before under the same key). */
  | { kind: 'accepted'; id: string; replayed: boolean; spam: boolean }
  /** Not stored: over a limit (429), or the store cannot take it now (503). */
  | {
      kind: 'refused';
      status: 429 | 503;
      /** A stable, machine-readable code, e.g. `rate_limited`. */
      code: string;
      /** What went wrong, by name: `rateLimited` (the page of a refused form words it). */
      reason: RefusalReason;
      /** What went wrong, in a sentence for the visitor, in English (the JSON API's). */
      message: string;
      retryAfterSeconds: number;
    };

/** Who sent a submission: the client's address (after TRUST_PROXY), and its request's log. */
export interface Sender {
  ip: string;
  log: FastifyBaseLogger;
  /** The language of the page it was sent from, where not the site's default (`es`). */
  language?: string | undefined;
}

/**
 * Stores a payload that passed the schema, under `key` when there is one (undefined: none).
 * It resolves only once the message and its outbox entry are committed, or with the reason
 * it was not stored; a key already stored is answered as accepted whatever the limits.
 */
export type SubmitFeedback = (
  sender: Sender,
  payload: Feedback,
  key: string | undefined,
) => Promise<FeedbackOutcome>;

export interface SubmitFeedbackOptions {
  store: FeedbackIntake;
  /** Told of each message to mail, so it looks now instead of at its next check. */
  outbox: { notify(): void };
  /** The owner's push notifications: queued with each message that is not spam, when on. */
  pushNotifications: { readonly enabled: boolean; wake(): void };
  /** The free-space floor of the store's disk. */
  space: Pick<DiskSpace, 'check'>;
  /** The server's caps: the same object for both routes. */
  policy: AcceptancePolicy;
  clock: Clock;
}

/** 429: over a cap of this address (or its network), or over the overall cap. */
function rateLimited(retryAfterSeconds: number, overall: boolean): FeedbackOutcome {
  return {
    kind: 'refused',
    status: 429,
    code: 'rate_limited',
    ...refusalReason(overall ? 'rateLimitedOverall' : 'rateLimited'),
    retryAfterSeconds,
  };
}

function unavailable(
  code: string,
  reason: RefusalReason,
  retryAfterSeconds: number,
): FeedbackOutcome {
  return { kind: 'refused', status: 503, code, ...refusalReason(reason), retryAfterSeconds };
}

/** A refusal's reason, with its English sentence. */
function refusalReason(reason: RefusalReason): { reason: RefusalReason; message: string } {
  return { reason, message: refusedEn.reasons[reason] };
}

/** The submit function of one server; both feedback routes must be given the same one. */
export function createSubmitFeedback({
  store,
  outbox,
  pushNotifications,
  space,
  policy,
  clock,
}: SubmitFeedbackOptions): SubmitFeedback {
  return async (sender, body, key) => {
    const now = clock.now();
    const accepted = (id: string, replayed: boolean, spam: boolean): FeedbackOutcome => ({
      kind: 'accepted',
      id,
      replayed,
      spam,
    });
    // A retry of a submission already stored gets the same answer, whatever the limits.
    const replay = async () => (key === undefined ? undefined : await store.findReplay(key, now));

    const disk = space.check(now);
    if (!disk.ok) {
      const known = await replay();
      if (known !== undefined) return accepted(known, true, false);
      sender.log.error(disk, 'the store’s disk is below its free-space floor (STORE_MIN_FREE_MB)');
      return unavailable('store_full', 'storeUnavailable', 300);
    }
    const first = policy.reserve(sender.ip, now);
    if (!first.ok) {
      const known = await replay();
      if (known !== undefined) return accepted(known, true, false);
      return rateLimited(first.retryAfterSeconds, first.overall);
    }
    let slot: Reservation = first;
    const signal = spamReason(body);
    const storeAs = async (reservation: Reservation) => {
      // Past the overall cap, a message is held for the owner: stored, never mailed.
      const reason = signal ?? (reservation.held ? 'over-hourly-cap' : undefined);
      return {
        reason,
        result: await store.accept({
          appName: body.appName,
          ...formFieldsOf((field) => body[field]),
          spam: reason !== undefined,
          ...(reason === undefined ? {} : { spamReason: reason }),
          receivedAt: now,
          ...(key === undefined ? {} : { idempotencyKey: key }),
          caps: reservation.caps,
          notify: pushNotifications.enabled,
          ...(sender.language === undefined ? {} : { language: sender.language }),
        }),
      };
    };
    let stored;
    /** When the overall cap has room again, when the store found it full. */
    let overallFreesAt = Infinity;
    try {
      stored = await storeAs(slot);
      if (stored.result.kind === 'capped' && fullCapKind(stored.result.key) === 'hold') {
        // Another instance filled the overall cap meanwhile: held instead, if there is room.
        slot.release();
        overallFreesAt = stored.result.retryAt;
        const hold = policy.reserve(sender.ip, now, true);
        if (!hold.ok) return rateLimited(secondsUntil(overallFreesAt, now), true);
        slot = hold;
        stored = await storeAs(slot);
      }
    } catch (error) {
      slot.release();
      if (error instanceof QueueFullError) {
        sender.log.warn({ app: body.appName }, 'too many messages wait for the disk');
        return unavailable('store_busy', 'storeBusy', 5);
      }
      sender.log.error({ err: error, app: body.appName }, 'could not store feedback');
      return unavailable('store_unavailable', 'storeUnavailable', 30);
    }
    const { result, reason } = stored;
    const spam = reason !== undefined;
    if (result.kind === 'capped') {
      // Another instance (or this one, before a restart) took the room meanwhile.
      slot.release();
      const overall = fullCapKind(result.key) !== 'client';
      // A full hold has room again when it does, or when the overall cap does.
      const retryAt = overall ? Math.min(result.retryAt, overallFreesAt) : result.retryAt;
      return rateLimited(secondsUntil(retryAt, now), overall);
    }
    if (reason === 'over-hourly-cap') {
      sender.log.warn(
        { app: body.appName },
        'over the hourly cap (FEEDBACK_MAX_PER_HOUR): feedback held for the owner, not mailed',
      );
    }
    const replayed = result.kind === 'replayed';
    if (replayed) slot.release();
    else if (!spam) {
      outbox.notify();
      pushNotifications.wake();
    }
    return accepted(result.id, replayed, spam);
  };
}
