import { expect, test } from 'vitest';
import { MESSAGE_ID_PATTERN, newMessageId, newSequentialId } from './ids.ts';

test('ids are UUIDv7: unique, and sorted as the times they were made', () => {
  const ids = Array.from({ length: 10_000 }, (_, index) => newMessageId(1_700_000_000_000 + index));
  for (const id of ids) expect(id).toMatch(MESSAGE_ID_PATTERN);
  expect(new Set(ids).size).toBe(ids.length);
  expect([...ids].sort()).toEqual(ids);
  // The first 48 bits are the time in ms: 2025-01-01T00:00Z is 0x01941f297c00.
  expect(newMessageId(Date.UTC(2025, 0, 1)).slice(0, 13)).toBe('01941f29-7c00');
});

test('sequential ids sort in the order they were made, within one millisecond too', () => {
  const at = Date.UTC(2030, 0, 1);
  const ids = Array.from({ length: 5000 }, () => newSequentialId(at));
  for (const id of ids) expect(id).toMatch(MESSAGE_ID_PATTERN);
  expect([...ids].sort()).toEqual(ids);
  expect(newSequentialId(at + 10) > (ids.at(-1) ?? '')).toBe(true);
  // A clock that goes back does not reorder them.
  expect(newSequentialId(at - 10) > (ids.at(-1) ?? '')).toBe(true);
});
