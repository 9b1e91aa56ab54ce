import { expect, test, vi } from 'vitest';
import { GroupCommit } from './group-commit.ts';

function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  let reject: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((done, fail) => {
    resolve = done;
    reject = fail;
  });
  return { promise, resolve, reject };
}

test('requests that arrive together are committed in one group', async () => {
  const commit = vi.fn(async (items: readonly number[]) => items.map((item) => item * 10));
  const group = new GroupCommit(commit);
  const results = await Promise.all([1, 2, 3, 4, 5].map((item) => group.submit(item)));
  expect(results).toEqual([10, 20, 30, 40, 50]);
  expect(commit).toHaveBeenCalledTimes(1);
  expect(commit).toHaveBeenCalledWith([1, 2, 3, 4, 5]);
});

test('while a group is being written, the next one gathers and goes as soon as it ends', async () => {
  const first = deferred<number[]>();
  const commit = vi
    .fn<(items: readonly number[]) => Promise<readonly number[]>>()
    .mockReturnValueOnce(first.promise)
    .mockImplementation(async (items) => items.map((item) => -item));
  const group = new GroupCommit(commit);

  const early = group.submit(1);
  await new Promise((resolve) => setImmediate(resolve));
  expect(commit).toHaveBeenCalledTimes(1);
  const later = [2, 3, 4].map((item) => group.submit(item));
  await new Promise((resolve) => setImmediate(resolve));
  // One commit at a time: the others wait for the first to end.
  expect(commit).toHaveBeenCalledTimes(1);
  // Three wait, and one is being written.
  expect(group.waiting).toBe(4);

  first.resolve([100]);
  expect(await early).toBe(100);
  expect(await Promise.all(later)).toEqual([-2, -3, -4]);
  expect(commit).toHaveBeenCalledTimes(2);
  expect(commit).toHaveBeenLastCalledWith([2, 3, 4]);
});

test('a failed commit fails every request of its group, and only that group', async () => {
  const commit = vi
    .fn<(items: readonly string[]) => Promise<readonly string[]>>()
    .mockRejectedValueOnce(new Error('disk full'))
    .mockImplementation(async (items) => items.map((item) => item.toUpperCase()));
  const group = new GroupCommit(commit);
  const failed = [group.submit('a'), group.submit('b')];
  await expect(failed[0]).rejects.toThrow('disk full');
  await expect(failed[1]).rejects.toThrow('disk full');
  expect(await group.submit('c')).toBe('C');
});

test('groups are split at the largest size', async () => {
  const commit = vi.fn(async (items: readonly number[]) => [...items]);
  const group = new GroupCommit(commit, { maxGroupSize: 2 });
  await Promise.all([1, 2, 3, 4, 5].map((item) => group.submit(item)));
  expect(commit.mock.calls.map(([items]) => items)).toEqual([[1, 2], [3, 4], [5]]);
});

test('closing commits what waits and refuses the rest', async () => {
  const commit = vi.fn(async (items: readonly number[]) => [...items]);
  const group = new GroupCommit(commit);
  const waiting = group.submit(7);
  await group.close();
  expect(await waiting).toBe(7);
  await expect(group.submit(8)).rejects.toThrow('The store is closed');
});
