/**
 * Client and proxy addresses. TRUST_PROXY entries are checked as real addresses and CIDR
 * ranges (node:net), so a typo is named at start instead of silently trusting nothing, or
 * everything.
 */
import { isIP } from 'node:net';

/** Names proxy-addr (Fastify's trust-proxy check) knows for ranges of addresses. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** Why one entry of TRUST_PROXY is not an address or range; undefined when it is. */
export function trustProxyProblem(entry: string): string | undefined {
  if (RANGE_NAMES.has(entry)) return undefined;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) {
    return `"${entry}" is not an IP address or CIDR range (e.g. 127.0.0.1, 10.0.0.0/8, ::1)`;
  }
  if (prefix === undefined) return undefined;
  const bits = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) {
    return `"${entry}" has a prefix length outside 0–${bits}`;
  }
  return undefined;
}

/** True for a loopback client address (127.0.0.0/8, ::1, or IPv4-mapped 127.x). */
export function isLoopbackAddress(ip: string): boolean {
  const bare = ip.replace(/^::ffff:/i, '');
  return bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'));
}
