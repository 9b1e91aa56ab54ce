/**
 * The caps on the owner's sign-in, built so that no one but the owner can use them up.
 *
 * - Asking for a ceremony's options costs a client its own allowance only, kept in memory
 *   (nothing an attacker sends is stored to hold the door shut across a restart).
 * - A failed verification (a wrong or replayed passkey answer, a used link) counts against
 *   its client address and its network (an IPv4 /24, an IPv6 /48), stored so that every
 *   instance sees them; a client or network over its cap is refused before verifying.
 * - Failures from everywhere count against an hourly cap too, which never refuses anyone:
 *   over it, failures are no longer written to the activity list (which an attacker could
 *   otherwise fill), and a valid link or passkey signs in as always.
 */
import { isIPv4 } from 'node:net';
import { clientKey, ipv6SiteKey } from '../intake/addresses.ts';
import { hashedCapKey, MINUTE_MS } from '../intake/policy.ts';
import type { AcceptanceCap } from '../intake/types.ts';

/** Requests for a ceremony's options per client address per minute (memory, per instance). */
export const SIGN_IN_OPTIONS_PER_CLIENT = 20;
/** Failed sign-ins or enrolments per client address per 10 minutes. */
export const SIGN_IN_FAILURES_PER_CLIENT = 10;
/** Failed sign-ins or enrolments per network (IPv4 /24, IPv6 /48) per 10 minutes. */
export const SIGN_IN_FAILURES_PER_NETWORK = 30;
/** Failures per hour, everywhere, written to the activity list; beyond, only logged. */
export const SIGN_IN_FAILURES_AUDITED_PER_HOUR = 100;

const FAILURE_WINDOW_MS = 10 * MINUTE_MS;
/** Clients remembered for the options' allowance; the oldest are forgotten beyond. */
const REMEMBERED_CLIENTS = 10_000;

/** The network of a client: `198.51.100.0/24`, `2001:db8:1::/48`. */
export function signInNetwork(ip: string): string {
  const client = clientKey(ip);
  if (isIPv4(client)) return `${client.split('.').slice(0, 3).join('.')}.0/24`;
  return ipv6SiteKey(ip) ?? client;
}

/** The stored caps on failures that a client and its network are held to. */
export function failureCaps(ip: string, salt: string): AcceptanceCap[] {
  return [
    {
      key: hashedCapKey('owner-failed', clientKey(ip), salt),
      max: SIGN_IN_FAILURES_PER_CLIENT,
      windowMs: FAILURE_WINDOW_MS,
    },
    {
      key: hashedCapKey('owner-failed-net', signInNetwork(ip), salt),
      max: SIGN_IN_FAILURES_PER_NETWORK,
      windowMs: FAILURE_WINDOW_MS,
    },
  ];
}

/** The hourly count of failures written to the activity list. */
export const AUDITED_FAILURES: AcceptanceCap = {
  key: 'owner-failed-audited',
  max: SIGN_IN_FAILURES_AUDITED_PER_HOUR,
  windowMs: 60 * MINUTE_MS,
};

/** Each client's requests for options over the last minute, in memory. */
export class OptionsAllowance {
  private readonly asked = new Map<string, number[]>();

  /** Counts a request; when over the allowance, the time it frees up (nothing counted). */
  take(ip: string, now: number): { retryAt: number } | null {
    const key = clientKey(ip);
    const recent = (this.asked.get(key) ?? []).filter((at) => at > now - MINUTE_MS);
    if (recent.length >= SIGN_IN_OPTIONS_PER_CLIENT) {
      this.asked.set(key, recent);
      return { retryAt: (recent[0] ?? now) + MINUTE_MS };
    }
    recent.push(now);
    // Moved to the end: the map's order is the order clients last asked in.
    this.asked.delete(key);
    this.asked.set(key, recent);
    if (this.asked.size > REMEMBERED_CLIENTS) {
      const oldest = this.asked.keys().next().value;
      if (oldest !== undefined) this.asked.delete(oldest);
    }
    return null;
  }
}
