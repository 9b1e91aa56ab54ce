/**
 * For tests: a window whose media queries answer `matches(query)`, with the listeners the
 * code under test adds, so a test can change the answer while the code listens.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';

export function fakeMediaQueries(matches: (query: string) => boolean) {
  let answer = matches;
  const listeners = new Set<() => void>();
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        media: query,
        get matches() {
          return answer(query);
        },
        addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList,
  );
  return {
    /** Answers with `next` from now on, and tells every listener. */
    change(next: (query: string) => boolean) {
      answer = next;
      act(() => listeners.forEach((listener) => listener()));
    },
  };
}
