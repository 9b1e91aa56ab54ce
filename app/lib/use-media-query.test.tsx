import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueries } from './fake-media-queries.ts';
import { markHydrated } from './hydration.tsx';
import { useMediaQuery } from './use-media-query.ts';

const NARROW = '(max-width: 768px)';

/** A window whose media queries all match, or none. */
function matchingQueries(matching: boolean) {
  const queries = fakeMediaQueries(() => matching);
  return { change: (next: boolean) => queries.change(() => next) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

// In this order: the page hydrates once, and `markHydrated` cannot be undone.
describe('useMediaQuery', () => {
  it('renders what the prerendered page shows while hydrating, then the real value', () => {
    matchingQueries(true);
    const seen: boolean[] = [];
    const { result } = renderHook(() => {
      const value = useMediaQuery(NARROW);
      seen.push(value);
      return value;
    });
    expect(seen[0]).toBe(false);
    expect(result.current).toBe(true);
  });

  it('starts from the real value in a component mounted after hydration, and follows it', () => {
    markHydrated();
    const query = matchingQueries(true);
    const seen: boolean[] = [];
    const { result } = renderHook(() => {
      const value = useMediaQuery(NARROW);
      seen.push(value);
      return value;
    });
    expect(seen.every(Boolean)).toBe(true);

    query.change(false);
    expect(result.current).toBe(false);
  });
});
