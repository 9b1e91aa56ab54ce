import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeMediaQueries } from '../../lib/fake-media-queries.ts';
import { REDUCED_MOTION_QUERY } from '../../lib/use-media-query.ts';
import { useBackgroundPause } from './use-background-pause.ts';

/** A reduced-motion preference the test can change while the hook listens. */
function preferReducedMotion(initially: boolean) {
  const prefers = (reduce: boolean) => (query: string) => query === REDUCED_MOTION_QUERY && reduce;
  const queries = fakeMediaQueries(prefers(initially));
  return { change: (next: boolean) => queries.change(prefers(next)) };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useBackgroundPause', () => {
  it('runs the animation for a visitor without a motion preference', () => {
    preferReducedMotion(false);
    const { result } = renderHook(() => useBackgroundPause());
    expect(result.current.paused).toBe(false);
  });

  it('starts paused when the visitor prefers reduced motion, and the toggle can start it', () => {
    preferReducedMotion(true);
    const { result } = renderHook(() => useBackgroundPause());
    expect(result.current.paused).toBe(true);

    act(() => result.current.togglePaused());
    expect(result.current.paused).toBe(false);
  });

  it('pauses and resumes with each press of the toggle', () => {
    preferReducedMotion(false);
    const { result } = renderHook(() => useBackgroundPause());

    act(() => result.current.togglePaused());
    expect(result.current.paused).toBe(true);
    act(() => result.current.togglePaused());
    expect(result.current.paused).toBe(false);
  });

  it('follows the preference until the visitor chooses, then keeps the choice', () => {
    const preference = preferReducedMotion(false);
    const { result } = renderHook(() => useBackgroundPause());

    preference.change(true);
    expect(result.current.paused).toBe(true);
    preference.change(false);
    expect(result.current.paused).toBe(false);

    act(() => result.current.togglePaused());
    expect(result.current.paused).toBe(true);
    preference.change(true);
    preference.change(false);
    expect(result.current.paused).toBe(true);
  });
});
