/**
 * How much feedback is accepted, and from whom: one table of caps (per client and per IPv6
 * /48 network, a minute and an hour; over all visitors, an hour), each at most so many
 * messages in a sliding window. Both feedback routes go through the one AcceptancePolicy of
 * their server, so neither can be used to double anybody's allowance.
 *
 * One sender cannot take everybody's hour: a client's and a network's hourly caps are well
 * below the cap over all visitors (config.ts refuses settings where they are not). And past
 * the overall cap, messages are not refused but held for the owner (stored, never mailed,
 * listed with their reason) up to a second, larger cap: a flood from many addresses fills
 * the owner's hold, not the visitors' door.
 *
 * Each cap is counted twice, on purpose: in this instance's memory, which turns a flood away
 * before it reaches the store, and in the store, which holds the same caps over every
 * instance on one database and across restarts. The store forgets a cap's entries once they
 * are older than LONGEST_CAP_WINDOW_MS.
 */
import { createHmac } from 'node:crypto';
import { fullUntil } from '../store/caps.ts';
import type { AcceptanceCap } from './types.ts';
import { clientKey, ipv6SiteKey } from './addresses.ts';

export const MINUTE_MS = 60 * 1000;
export const HOUR_MS = 60 * MINUTE_MS;

/** The abuse limits of feedback, as configured; 0 turns a limit off. */
export interface FeedbackLimits {
  /** Accepted messages per client (an IPv4 address or an IPv6 /64) per minute. */
  rateLimitPerMinute: number;
  /** Accepted messages per IPv6 /48 network per minute. */
  rateLimitPerMinutePer48: number;
  /** Accepted messages per client per hour. */
  rateLimitPerHour: number;
  /** Accepted messages per IPv6 /48 network per hour. */
  rateLimitPerHourPer48: number;
  /** Accepted messages per hour over all visitors; past it, messages are held. */
  maxPerHour: number;
  /** Messages held per hour past `maxPerHour`, over all visitors; past it, 429. */
  maxHeldPerHour: number;
}

/** The store's keys of the caps over all visitors: mailed, and held. */
const OVERALL_KEY = 'all';
const HELD_KEY = 'held';

interface CapRule {
  /**
   * `all` counts the messages accepted to be mailed; once it is full, `held` counts those
   * held for the owner instead. The others count every message.
   */
  kind: 'client' | 'network' | 'all' | 'held';
  windowMs: number;
  /** The cap's maximum under these limits; 0 turns it off. */
  max: (limits: FeedbackLimits) => number;
  /** Whom the cap counts, for a client at this address; undefined when it does not apply. */
  subject: (ip: string) => string | undefined;
  /** Subjects kept in memory at most: the least recently seen are forgotten first. */
  subjectsInMemory: number;
}

const CAP_RULES: readonly CapRule[] = [
  {
    kind: 'client',
    windowMs: MINUTE_MS,
    max: (limits) => limits.rateLimitPerMinute,
    subject: clientKey,
    subjectsInMemory: 100_000,
  },
  {
    kind: 'network',
    windowMs: MINUTE_MS,
    max: (limits) => limits.rateLimitPerMinutePer48,
    subject: ipv6SiteKey,
    subjectsInMemory: 100_000,
  },
  {
    kind: 'client',
    windowMs: HOUR_MS,
    max: (limits) => limits.rateLimitPerHour,
    subject: clientKey,
    subjectsInMemory: 100_000,
  },
  {
    kind: 'network',
    windowMs: HOUR_MS,
    max: (limits) => limits.rateLimitPerHourPer48,
    subject: ipv6SiteKey,
    subjectsInMemory: 100_000,
  },
  {
    kind: 'all',
    windowMs: HOUR_MS,
    max: (limits) => limits.maxPerHour,
    subject: () => OVERALL_KEY,
    subjectsInMemory: 1,
  },
  {
    kind: 'held',
    windowMs: HOUR_MS,
    max: (limits) => limits.maxHeldPerHour,
    subject: () => HELD_KEY,
    subjectsInMemory: 1,
  },
];

/**
 * The longest window of any cap: an entry older than this counts against no cap, so the
 * store's cleanup forgets it.
 */
export const LONGEST_CAP_WINDOW_MS = Math.max(...CAP_RULES.map((rule) => rule.windowMs));

/**
 * A cap's key as the store keeps it: a digest of whom it counts, so no address is written
 * down. The overall cap's key is `all`, whoever sends.
 */
function storedKey(rule: CapRule, subject: string, salt: string): string {
  if (rule.kind === 'all' || rule.kind === 'held') return subject;
  // The window is part of the key: a client's minute and hour are two caps.
  return hashedCapKey(`${rule.kind}${rule.windowMs === HOUR_MS ? '-hour' : ''}`, subject, salt);
}

/**
 * A cap's key for whom it counts (`subject`, an address or network), under `kind`: keyed
 * with the store's secret, since a plain digest of an IPv4 address is undone by hashing all
 * four billion of them.
 */
export function hashedCapKey(kind: string, subject: string, salt: string): string {
  const digest = createHmac('sha256', salt).update(subject).digest('base64url');
  return `${kind}:${digest.slice(0, 22)}`;
}

/**
 * What a cap the store reports full means: `hold` (the overall cap of mailed messages: the
 * message may still be held for the owner), `overall` (the hold is full too), or `client`
 * (this client's or its network's).
 */
export function fullCapKind(storeKey: string): 'hold' | 'overall' | 'client' {
  if (storeKey === OVERALL_KEY) return 'hold';
  return storeKey === HELD_KEY ? 'overall' : 'client';
}

/** Whole seconds until `at`, at least 1: what Retry-After says. */
export function secondsUntil(at: number, now: number): number {
  return Math.max(1, Math.ceil((at - now) / 1000));
}

/**
 * At most `limit` accepted messages per subject in any window of `windowMs` (a sliding
 * window; default a minute). A slot is reserved before the message is stored and given
 * back when it was not. One instance's own count, in memory.
 */
export class AcceptanceLimiter {
  readonly #limit: number;
  readonly #maxSubjects: number;
  readonly #windowMs: number;
  readonly #windows = new Map<string, number[]>();

  /** @param limit the limit per window; 0 turns it off. */
  constructor(limit: number, maxSubjects = 100_000, windowMs = MINUTE_MS) {
    this.#limit = limit;
    this.#maxSubjects = maxSubjects;
    this.#windowMs = windowMs;
  }

  /** Takes a slot; when none is free, says in how many seconds one will be. */
  reserve(subject: string, now: number): { ok: true } | { ok: false; retryAfterSeconds: number } {
    if (this.#limit === 0) return { ok: true };
    const recent = (this.#windows.get(subject) ?? []).filter((at) => at > now - this.#windowMs);
    const full = fullUntil(recent, { max: this.#limit, windowMs: this.#windowMs }, now);
    if (full !== undefined) {
      this.#windows.set(subject, recent);
      return { ok: false, retryAfterSeconds: secondsUntil(full, now) };
    }
    recent.push(now);
    // Most recently seen subjects last, so the oldest go first when the map is full.
    this.#windows.delete(subject);
    this.#windows.set(subject, recent);
    if (this.#windows.size > this.#maxSubjects) {
      const first = this.#windows.keys().next();
      if (!first.done) this.#windows.delete(first.value);
    }
    return { ok: true };
  }

  /** Gives back a slot taken at `at` (the message was not stored, or was a replay). */
  release(subject: string, at: number): void {
    const recent = this.#windows.get(subject);
    const index = recent?.indexOf(at) ?? -1;
    if (recent && index >= 0) recent.splice(index, 1);
  }
}

/** A slot of every cap that applies to one message. */
export interface Reservation {
  ok: true;
  /** Past the overall cap: the message is to be held for the owner, not mailed. */
  held: boolean;
  /** The same caps as the store checks and counts them, over every instance. */
  caps: AcceptanceCap[];
  /** Gives every slot back: the message was not stored, or was a replay. */
  release: () => void;
}

/** No slot: a cap of this client (or its network), or the overall cap, is full. */
export interface Refusal {
  ok: false;
  retryAfterSeconds: number;
  /** The cap over all visitors is full, not one of this client's. */
  overall: boolean;
}

/** The caps of one server, counted in its memory; both feedback routes share it. */
export class AcceptancePolicy {
  readonly #caps: readonly { rule: CapRule; max: number; limiter: AcceptanceLimiter }[];
  readonly #salt: string;

  /** @param salt the server's secret for the caps' keys (`capsKey`, never stored). */
  constructor(limits: FeedbackLimits, salt: string) {
    this.#salt = salt;
    this.#caps = CAP_RULES.map((rule) => {
      const max = rule.max(limits);
      return {
        rule,
        max,
        limiter: new AcceptanceLimiter(max, rule.subjectsInMemory, rule.windowMs),
      };
    }).filter((cap) => cap.max > 0);
  }

  /**
   * Takes a slot of every cap that applies to a client at `ip`, or none. Past the overall
   * cap (or with `hold`: the store found it full), the slot is one of the hold's.
   */
  reserve(ip: string, now: number, hold = false): Reservation | Refusal {
    const taken: { limiter: AcceptanceLimiter; subject: string }[] = [];
    const caps: AcceptanceCap[] = [];
    const release = () => {
      for (const { limiter, subject } of taken) limiter.release(subject, now);
    };
    let held = hold;
    /** When the overall cap has room again: the Retry-After of a full hold. */
    let overallRetryAfter: number | undefined;
    for (const { rule, max, limiter } of this.#caps) {
      if (rule.kind === 'held' && !held) continue;
      if (rule.kind === 'all' && held) continue;
      const subject = rule.subject(ip);
      if (subject === undefined) continue;
      const result = limiter.reserve(subject, now);
      if (!result.ok) {
        if (rule.kind === 'all' && this.#caps.some((cap) => cap.rule.kind === 'held')) {
          held = true;
          overallRetryAfter = result.retryAfterSeconds;
          continue;
        }
        release();
        const overall = rule.kind === 'all' || rule.kind === 'held';
        return {
          ok: false,
          retryAfterSeconds: overallRetryAfter ?? result.retryAfterSeconds,
          overall,
        };
      }
      taken.push({ limiter, subject });
      caps.push({ key: storedKey(rule, subject, this.#salt), max, windowMs: rule.windowMs });
    }
    return { ok: true, held, caps, release };
  }
}
