import { describe, expect, test } from 'vitest';
import { clientKey, ipv6SiteKey, isLoopbackAddress } from './addresses.ts';

describe('clientKey', () => {
  test('an IPv4 address is its own key; IPv4-mapped IPv6 is the IPv4 address', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
  });

  test('IPv6 addresses share a key per /64 network', () => {
    expect(clientKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKey('2001:db8:1:3::1')).not.toBe(clientKey('2001:db8:1:2::1'));
  });
});

test('ipv6SiteKey: the /48 of an IPv6 address; none for IPv4, mapped or not', () => {
  expect(ipv6SiteKey('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1::/48');
  expect(ipv6SiteKey('2001:db8:1:ffff::1')).toBe(ipv6SiteKey('2001:db8:1::9'));
  expect(ipv6SiteKey('203.0.113.5')).toBeUndefined();
  expect(ipv6SiteKey('::ffff:203.0.113.5')).toBeUndefined();
});

test('isLoopbackAddress', () => {
  for (const ip of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) {
    expect(isLoopbackAddress(ip)).toBe(true);
  }
  for (const ip of ['10.0.0.1', '::2', '::ffff:10.0.0.1', '2001:db8::1']) {
    expect(isLoopbackAddress(ip)).toBe(false);
  }
});
