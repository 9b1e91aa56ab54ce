import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count.ts';

describe('formatCount', () => {
  it('puts a comma between thousands', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1000)).toBe('1,000');
    expect(formatCount(2000)).toBe('2,000');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('writes every count as toLocaleString("en-US") does', () => {
    const counts = [-12345, -1, 7, 42, 100, 5000, 65535, 100000, 999999, 1000000, 2 ** 31];
    for (let count = 0; count < 20_000; count += 37) counts.push(count);
    for (const count of counts) expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  });
});
