import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

/**
 * `value` on the live page, `prerendered` while prerendering and while React hydrates the
 * prerendered HTML: for what one prerendered page serving many addresses cannot know, such as
 * the address it is shown at. Right after hydration React renders `value` and writes it into
 * the page, whatever the HTML held.
 */
export function useHydratedValue<T>(value: T, prerendered: T): T {
  return useSyncExternalStore(
    subscribe,
    () => value,
    () => prerendered,
  );
}
