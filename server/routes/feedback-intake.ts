/**
 * Accepting a feedback message, whichever route it came by: the free-space floor of the
 * store's disk, the limits per client, per IPv6 /48 network and over all visitors (counted
 * in memory on this instance and kept as caps in the store for every instance), the spam
 * signals, and the store's commit. The JSON route (feedback.ts) and the form route
 * (feedback-form.ts) call the same `SubmitFeedback` of one plugin, so they share every
 * counter: neither can be used to double anybody's allowance.
 */
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Feedback } from '../../common/feedback.ts';
import { QueueFullError, type AcceptanceCap } from '../store/types.ts';
import { spamReason } from './spam-signals.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/** A cap's key as the store keeps it: a digest, so no address is written down. */
function capKey(kind: string, value: string): string {
  return `${kind}:${createHash('sha256').update(value).digest('base64url').slice(0, 22)}`;
}

/**
 * The network of an IPv6 address with this prefix length (a multiple of 16), as
 * `2001:db8:1::/48`; an IPv4 address (or IPv4-mapped IPv6) is itself.
 */
export function networkKey(ip: string, prefixBits: 48 | 64): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = [...headParts, ...Array<string>(Math.max(missing, 0)).fill('0'), ...tailParts];
  return `${parts
    .slice(0, prefixBits / 16)
    .map((part) => part.replace(/^0+(?=.)/, ''))
    .join(':')}::/${prefixBits}`;
}

/**
 * The key a client is limited under: its IPv4 address, or the /64 network of its IPv6
 * address (one household or server gets a whole /64).
 */
export function clientKey(ip: string): string {
  return networkKey(ip, 64);
}

/**
 * At most `limit` accepted messages per client in any window of `windowMs` (a sliding
 * window; default a minute). A slot is reserved before the message is stored and given
 * back when it was not. This instance's own count, in memory: it turns a flood away before
 * it reaches the store, where the same caps are kept for every instance together.
 */
export class AcceptanceLimiter {
  readonly #perMinute: number;
  readonly #maxClients: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, number[]>();

  /** @param perMinute the limit per window; 0 turns it off. */
  constructor(perMinute: number, maxClients = 100_000, windowMs = 60_000) {
    this.#perMinute = perMinute;
    this.#maxClients = maxClients;
    this.#windowMs = windowMs;
  }

  /** Takes a slot; when none is free, says in how many seconds one will be. */
  reserve(client: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (this.#perMinute === 0) return { ok: true };
    const recent = (this.#windows.get(client) ?? []).filter((at) => at > now - this.#windowMs);
    if (recent.length >= this.#perMinute) {
      this.#windows.set(client, recent);
      const oldest = recent[0] ?? now;
      return {
        ok: false,
        retryAfterSeconds: Math.max(1, Math.ceil((oldest + this.#windowMs - now) / 1000)),
      };
    }
    recent.push(now);
    // Most recently seen clients last, so the oldest go first when the map is full.
    this.#windows.delete(client);
    this.#windows.set(client, recent);
    if (this.#windows.size > this.#maxClients) {
      const first = this.#windows.keys().next();
      if (!first.done) this.#windows.delete(first.value);
    }
    return { ok: true };
  }

  /** Gives back a slot taken at `at` (the message was not stored, or was a replay). */
  release(client: string, at: number): void {
    const recent = this.#windows.get(client);
    const index = recent?.indexOf(at) ?? -1;
    if (recent && index >= 0) recent.splice(index, 1);
  }
}

/** The abuse limits of feedback; 0 turns a limit off. */
export interface FeedbackLimits {
  /** Accepted messages per client per minute. */
  rateLimitPerMinute: number;
  /** Accepted messages per IPv6 /48 network per minute. */
  rateLimitPerMinutePer48: number;
  /** Accepted messages per hour over all visitors. */
  maxPerHour: number;
}

/** The media type of a Content-Type header, lower case and without its parameters. */
export function mediaType(header: string | undefined): string {
  return (header ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
}

/** One issue of the schema as Fastify hands a validation error to the error handler. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The reason for each refused field, from the schema's issues. */
export function fieldReasons(issues: readonly ValidationIssue[]): Record<string, string> {
  const fields: Record<string, string> = {};
  // Own keys only: a field may be called "constructor", "toString" or "__proto__".
  const name = (field: string, reason: string) => {
    if (!Object.hasOwn(fields, field)) {
      Object.defineProperty(fields, field, { value: reason, enumerable: true, writable: true });
    }
  };
  for (const issue of issues) {
    const field = issue.instancePath.split('/')[1] ?? '';
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys) name(String(key), 'is not a known field');
    } else if (field !== '') {
      name(field, issue.message ?? 'is not valid');
    }
  }
  return fields;
}

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
      /** What went wrong, in a sentence for the visitor. */
      message: string;
      retryAfterSeconds: number;
    };

/**
 * Stores a payload that passed the schema, under `key` when there is one (undefined: none).
 * It resolves only once the message and its outbox entry are committed, or with the reason
 * it was not stored; a key already stored is answered as accepted whatever the limits.
 */
export type SubmitFeedback = (
  request: FastifyRequest,
  payload: Feedback,
  key: string | undefined,
) => Promise<FeedbackOutcome>;

/** The same caps as kept in the store: over every instance, and across restarts. */
function storedCaps(ip: string, limits: FeedbackLimits): AcceptanceCap[] {
  const caps = [
    {
      key: capKey('client', clientKey(ip)),
      max: limits.rateLimitPerMinute,
      windowMs: MINUTE_MS,
    },
  ];
  const network = networkKey(ip, 48);
  if (network.endsWith('/48')) {
    caps.push({
      key: capKey('network', network),
      max: limits.rateLimitPerMinutePer48,
      windowMs: MINUTE_MS,
    });
  }
  caps.push({ key: 'all', max: limits.maxPerHour, windowMs: HOUR_MS });
  return caps.filter((cap) => cap.max > 0);
}

/** 429: over a cap of this address (or its network), or over the overall cap. */
function rateLimited(retryAfterSeconds: number, overall: boolean): FeedbackOutcome {
  return {
    kind: 'refused',
    status: 429,
    code: 'rate_limited',
    message: overall
      ? 'Too many messages right now; try again later.'
      : 'Too many messages from this address; try again later.',
    retryAfterSeconds,
  };
}

function unavailable(code: string, message: string, retryAfterSeconds: number): FeedbackOutcome {
  return { kind: 'refused', status: 503, code, message, retryAfterSeconds };
}

/**
 * The submit function of one server: its in-memory limiters live as long as it does. Both
 * feedback routes must be given the same one.
 */
export function createSubmitFeedback(app: FastifyInstance, limits: FeedbackLimits): SubmitFeedback {
  const store = app.feedbackStore.intake;
  const outbox = app.feedbackOutbox;
  const space = app.feedbackStoreSpace;
  const perClient = new AcceptanceLimiter(limits.rateLimitPerMinute);
  const perNetwork = new AcceptanceLimiter(limits.rateLimitPerMinutePer48);
  const overall = new AcceptanceLimiter(limits.maxPerHour, 1, HOUR_MS);

  /** Takes a slot of every limit that applies, or none; says when to come back. */
  const reserve = (ip: string, now: number) => {
    const slots: [AcceptanceLimiter, string][] = [[perClient, clientKey(ip)]];
    const network = networkKey(ip, 48);
    if (network.endsWith('/48')) slots.push([perNetwork, network]);
    slots.push([overall, 'all']);
    const taken: typeof slots = [];
    for (const slot of slots) {
      const result = slot[0].reserve(slot[1], now);
      if (!result.ok) {
        for (const [limiter, key] of taken) limiter.release(key, now);
        return { ...result, overall: slot[0] === overall };
      }
      taken.push(slot);
    }
    return {
      ok: true as const,
      release: () => {
        for (const [limiter, key] of taken) limiter.release(key, now);
      },
    };
  };

  return async (request, body, key) => {
    const now = Date.now();
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
      request.log.error(disk, 'the store’s disk is below its free-space floor (STORE_MIN_FREE_MB)');
      return unavailable(
        'store_full',
        'Feedback cannot be stored right now; try again later.',
        300,
      );
    }
    const slot = reserve(request.ip, now);
    if (!slot.ok) {
      const known = await replay();
      if (known !== undefined) return accepted(known, true, false);
      return rateLimited(slot.retryAfterSeconds, slot.overall);
    }
    const reason = spamReason(body);
    const spam = reason !== undefined;
    let result;
    try {
      result = await store.accept({
        appName: body.appName,
        firstName: body.firstName,
        lastName: body.lastName,
        email: body.email,
        message: body.message,
        spam,
        ...(reason === undefined ? {} : { spamReason: reason }),
        receivedAt: now,
        ...(key === undefined ? {} : { idempotencyKey: key }),
        caps: storedCaps(request.ip, limits),
      });
    } catch (error) {
      slot.release();
      if (error instanceof QueueFullError) {
        request.log.warn({ app: body.appName }, 'too many messages wait for the disk');
        return unavailable(
          'store_busy',
          'Feedback cannot be stored right now; try again in a few seconds.',
          5,
        );
      }
      request.log.error({ err: error, app: body.appName }, 'could not store feedback');
      return unavailable(
        'store_unavailable',
        'Feedback cannot be stored right now; try again later.',
        30,
      );
    }
    if (result.kind === 'capped') {
      // Another instance (or this one, before a restart) took the room meanwhile.
      slot.release();
      const seconds = Math.max(1, Math.ceil((result.retryAt - now) / 1000));
      return rateLimited(seconds, result.key === 'all');
    }
    const replayed = result.kind === 'replayed';
    if (replayed) slot.release();
    else if (!spam) outbox.notify();
    return accepted(result.id, replayed, spam);
  };
}

/** Logs a refusal: its status, its code and the names of the refused fields. */
export function logRefusal(
  request: FastifyRequest,
  status: number,
  code: string,
  fields?: Record<string, string>,
): void {
  request.log.info(
    { status, code, ...(fields ? { fields: Object.keys(fields) } : {}) },
    'feedback refused',
  );
}

/** Logs an acceptance: the message's id and app, whether it is spam or a replay. */
export function logAcceptance(
  request: FastifyRequest,
  appName: string,
  outcome: Extract<FeedbackOutcome, { kind: 'accepted' }>,
): void {
  request.log.info(
    { id: outcome.id, app: appName, spam: outcome.spam, replayed: outcome.replayed },
    'feedback accepted',
  );
}
