import { expect, test } from 'vitest';
import { fullUntil } from './caps.ts';

test('a cap is full with max entries inside its window, and has room once the oldest leaves it', () => {
  const cap = { max: 2, windowMs: 1000 };
  expect(fullUntil([], cap, 5000)).toBeUndefined();
  expect(fullUntil([4500], cap, 5000)).toBeUndefined();
  expect(fullUntil([4200, 4500], cap, 5000)).toBe(5200);
  // An entry exactly a window old has left it.
  expect(fullUntil([4000, 4500], cap, 5000)).toBeUndefined();
  expect(fullUntil([4500, 4200, 4900], cap, 5000)).toBe(5200);
});
