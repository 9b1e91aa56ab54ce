import { startTransition, useEffect, useState } from 'react';
import { useHydrating } from './hydration.tsx';

/**
 * Whether a media query matches, kept live. While prerendering and hydrating it returns
 * `serverValue`, so the first client render matches the prerendered HTML; a component that
 * mounts later starts from the query's value.
 *
 * The value the query really has is set as a transition: React renders what changes in
 * small slices that a tap or a key press can interrupt, instead of in one long task on a
 * phone that has just loaded the page.
 */
export function useMediaQuery(query: string, serverValue = false): boolean {
  return useMediaQueryState(query) ?? serverValue;
}

/**
 * Like `useMediaQuery`, but `undefined` until the query's own value is known: while
 * prerendering and hydrating, and until the transition that reads it has committed. For
 * work that must not start on a guess, such as fetching the images of a layout.
 */
export function useMediaQueryState(query: string): boolean | undefined {
  const hydrating = useHydrating();
  const [matches, setMatches] = useState<boolean | undefined>(() =>
    hydrating ? undefined : window.matchMedia(query).matches,
  );
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}

export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** Whether the visitor asked for less motion. */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery(REDUCED_MOTION_QUERY);
}

/** Reads the reduced-motion preference once, outside React. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(REDUCED_MOTION_QUERY).matches;
}
