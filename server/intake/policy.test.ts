import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import {
  AcceptanceLimiter,
  AcceptancePolicy,
  HOUR_MS,
  fullCapKind,
  LONGEST_CAP_WINDOW_MS,
  MINUTE_MS,
  type FeedbackLimits,
} from './policy.ts';

const LIMITS: FeedbackLimits = {
  rateLimitPerMinute: 2,
  rateLimitPerMinutePer48: 3,
  rateLimitPerHour: 4,
  rateLimitPerHourPer48: 6,
  maxPerHour: 12,
  maxHeldPerHour: 0,
};
const SALT = 'the store’s secret';

describe('AcceptanceLimiter', () => {
  test('frees a slot 60 seconds after it was taken, and says when', () => {
    const limiter = new AcceptanceLimiter(2);
    expect(limiter.reserve('a', 0).ok).toBe(true);
    expect(limiter.reserve('a', 10_000).ok).toBe(true);
    expect(limiter.reserve('a', 20_000)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(limiter.reserve('a', 60_001).ok).toBe(true);
  });

  test('a released slot can be taken again', () => {
    const limiter = new AcceptanceLimiter(1);
    expect(limiter.reserve('a', 5).ok).toBe(true);
    limiter.release('a', 5);
    expect(limiter.reserve('a', 6).ok).toBe(true);
  });

  test('forgets the least recently seen subjects beyond its capacity', () => {
    const limiter = new AcceptanceLimiter(1, 2);
    limiter.reserve('a', 0);
    limiter.reserve('b', 0);
    limiter.reserve('c', 0);
    expect(limiter.reserve('a', 1).ok).toBe(true);
    expect(limiter.reserve('c', 1).ok).toBe(false);
  });
});

describe('AcceptancePolicy', () => {
  test('an IPv4 client counts against its own caps and the overall one, under keys that name no address', () => {
    const slot = new AcceptancePolicy(LIMITS, SALT).reserve('203.0.113.5', 0);
    expect(slot.ok && slot.caps).toEqual([
      { key: expect.stringMatching(/^client:[\w-]{22}$/) as string, max: 2, windowMs: MINUTE_MS },
      {
        key: expect.stringMatching(/^client-hour:[\w-]{22}$/) as string,
        max: 4,
        windowMs: HOUR_MS,
      },
      { key: 'all', max: 12, windowMs: HOUR_MS },
    ]);
    expect(JSON.stringify(slot)).not.toContain('203.0.113');
  });

  test('an IPv6 client also counts against its /48 network, shared by the /64s in it', () => {
    const policy = new AcceptancePolicy(LIMITS, SALT);
    const first = policy.reserve('2001:db8:1:1::1', 0);
    const neighbour = policy.reserve('2001:db8:1:2::1', 0);
    expect(first.ok && first.caps.map((cap) => cap.key.split(':')[0])).toEqual([
      'client',
      'network',
      'client-hour',
      'network-hour',
      'all',
    ]);
    if (!first.ok || !neighbour.ok) throw new Error('Both should have been let in');
    expect(neighbour.caps[0]?.key).not.toBe(first.caps[0]?.key);
    expect(neighbour.caps[1]).toEqual(first.caps[1]);
    expect(neighbour.caps[3]).toEqual(first.caps[3]);
    // The third /64 of the same /48 fills the network's cap of 3; a fourth is refused.
    expect(policy.reserve('2001:db8:1:3::1', 0).ok).toBe(true);
    expect(policy.reserve('2001:db8:1:4::1', 1000)).toEqual({
      ok: false,
      retryAfterSeconds: 59,
      overall: false,
    });
    expect(policy.reserve('2001:db8:2::1', 1000).ok).toBe(true);
  });

  test('a full cap takes no slot of the others, and says whether it is the overall one', () => {
    const policy = new AcceptancePolicy({ ...LIMITS, rateLimitPerMinute: 1, maxPerHour: 1 }, SALT);
    const first = policy.reserve('198.51.100.1', 0);
    expect(policy.reserve('198.51.100.1', 0)).toMatchObject({ ok: false, overall: false });
    expect(policy.reserve('198.51.100.2', 30 * MINUTE_MS)).toEqual({
      ok: false,
      retryAfterSeconds: 30 * 60,
      overall: true,
    });
    // The refusal gave back the client's own slot: once the overall cap has room, it is let in.
    if (first.ok) first.release();
    expect(policy.reserve('198.51.100.2', 30 * MINUTE_MS).ok).toBe(true);
    expect(policy.reserve('198.51.100.3', 30 * MINUTE_MS).ok).toBe(false);
    expect(policy.reserve('198.51.100.3', 90 * MINUTE_MS + 1).ok).toBe(true);
  });

  test('a released reservation gives back every slot', () => {
    const policy = new AcceptancePolicy({ ...LIMITS, rateLimitPerMinute: 1, maxPerHour: 1 }, SALT);
    const slot = policy.reserve('198.51.100.1', 0);
    if (!slot.ok) throw new Error('The first should have been let in');
    slot.release();
    expect(policy.reserve('198.51.100.1', 1).ok).toBe(true);
  });

  test('a limit of 0 is no cap at all', () => {
    const policy = new AcceptancePolicy(
      {
        rateLimitPerMinute: 0,
        rateLimitPerMinutePer48: 0,
        rateLimitPerHour: 0,
        rateLimitPerHourPer48: 0,
        maxPerHour: 0,
        maxHeldPerHour: 0,
      },
      SALT,
    );
    for (let index = 0; index < 50; index++) {
      expect(policy.reserve('2001:db8::1', 0)).toMatchObject({ ok: true, caps: [] });
    }
  });

  test('a client’s keys are keyed with the store’s secret: no plain digest of the address', () => {
    const keys = (salt: string) => {
      const slot = new AcceptancePolicy(LIMITS, salt).reserve('203.0.113.5', 0);
      return slot.ok ? slot.caps.map((cap) => cap.key) : [];
    };
    const [client] = keys(SALT);
    const plain = createHash('sha256').update('203.0.113.5').digest('base64url').slice(0, 22);
    expect(client).toMatch(/^client:[\w-]{22}$/);
    expect(client).not.toContain(plain);
    // The same secret gives the same keys (every instance of one store); another, others.
    expect(keys(SALT)).toEqual(keys(SALT));
    expect(keys('another store’s secret')[0]).not.toBe(client);
  });

  test('a cap the store reports full is the overall one only under the overall keys', () => {
    const policy = new AcceptancePolicy({ ...LIMITS, maxPerHour: 1, maxHeldPerHour: 1 }, SALT);
    const slot = policy.reserve('2001:db8::1', 0);
    expect(slot.ok && slot.caps.map((cap) => fullCapKind(cap.key))).toEqual([
      'client',
      'client',
      'client',
      'client',
      'hold',
    ]);
    const held = policy.reserve('2001:db8:1::1', 0);
    expect(held.ok && held.caps.map((cap) => fullCapKind(cap.key)).at(-1)).toBe('overall');
  });

  test('a client’s hour is well below everybody’s: rotating its /64s, a /48 gets its hourly cap, not the overall one', () => {
    const policy = new AcceptancePolicy(LIMITS, SALT);
    let accepted = 0;
    // Three a minute, each from a new /64 of one /48, for an hour.
    for (let minute = 0; minute < 60; minute++) {
      for (let index = 0; index < 3; index++) {
        const ip = `2001:db8:bad:${(minute * 3 + index).toString(16)}::1`;
        if (policy.reserve(ip, minute * MINUTE_MS).ok) accepted += 1;
      }
    }
    expect(accepted).toBe(LIMITS.rateLimitPerHourPer48);
    expect(policy.reserve('198.51.100.7', 60 * MINUTE_MS)).toMatchObject({ ok: true, held: false });
  });

  test('past the overall cap, messages are held (up to the hold’s cap), then refused until the hour frees', () => {
    const policy = new AcceptancePolicy({ ...LIMITS, maxPerHour: 2, maxHeldPerHour: 2 }, SALT);
    const at = (minute: number) => minute * MINUTE_MS;
    expect(policy.reserve('198.51.100.1', at(0))).toMatchObject({ ok: true, held: false });
    expect(policy.reserve('198.51.100.2', at(10))).toMatchObject({ ok: true, held: false });
    const held = policy.reserve('198.51.100.3', at(20));
    expect(held).toMatchObject({ ok: true, held: true });
    expect(held.ok && held.caps.map((cap) => cap.key).at(-1)).toBe('held');
    expect(policy.reserve('198.51.100.4', at(20))).toMatchObject({ ok: true, held: true });
    // The hold is full: refused, until the overall cap's first slot frees (at minute 60).
    expect(policy.reserve('198.51.100.5', at(30))).toEqual({
      ok: false,
      retryAfterSeconds: 30 * 60,
      overall: true,
    });
    expect(policy.reserve('198.51.100.5', at(60) + 1)).toMatchObject({ ok: true, held: false });
    // Told by the store that the overall cap is full (another instance), it holds.
    const fresh = new AcceptancePolicy({ ...LIMITS, maxPerHour: 2, maxHeldPerHour: 2 }, SALT);
    expect(fresh.reserve('198.51.100.6', at(0), true)).toMatchObject({ ok: true, held: true });
  });
});

test('LONGEST_CAP_WINDOW_MS is the longest window of any cap the store is handed', () => {
  const slot = new AcceptancePolicy(LIMITS, SALT).reserve('2001:db8::1', 0);
  const windows = slot.ok ? slot.caps.map((cap) => cap.windowMs) : [];
  expect(windows).toHaveLength(5);
  expect(LONGEST_CAP_WINDOW_MS).toBe(Math.max(...windows));
  expect(LONGEST_CAP_WINDOW_MS).toBe(HOUR_MS);
});
