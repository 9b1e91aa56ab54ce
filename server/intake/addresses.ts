/**
 * Address arithmetic: the keys a client is limited under (its IPv4 address, or its IPv6
 * network), loopback, and the check of TRUST_PROXY's entries. TRUST_PROXY entries are
 * checked as real addresses and CIDR ranges (node:net), so a typo is named at start instead
 * of silently trusting nothing, or everything.
 */
import { isIP, isIPv6 } from 'node:net';

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
 * The /48 network of an IPv6 client (one site or provider's customer), as `2001:db8:1::/48`;
 * undefined for an IPv4 client, which has no such network.
 */
export function ipv6SiteKey(ip: string): string | undefined {
  const network = networkKey(ip, 48);
  return network.endsWith('/48') ? network : undefined;
}
