/**
 * The app's side of the taps before the page is live (`common/early-events.ts`): the early
 * script applies each control's effect at once and leaves its state in the page; a component
 * takes that state over as it hydrates, in a layout effect, before the page is marked live.
 */
import { useEffectEvent, useLayoutEffect, useState } from 'react';
import { useHydrating } from './hydration.tsx';

export { earlyEffect } from '../../common/early-events.ts';

/**
 * Runs `takeOver` once, as the component hydrates the prerendered page (not when it mounts
 * on a page that is already live): the place to read what the early script left in the
 * page, and to set the component's state from it. It runs in the commit that hydrates the
 * page, before the early script steps aside, so no tap falls between the two.
 */
export function useTakeOverEarlyState(takeOver: () => void): void {
  const hydratingNow = useHydrating();
  const [hydrating] = useState(() => typeof window !== 'undefined' && hydratingNow);
  const run = useEffectEvent(takeOver);
  useLayoutEffect(() => {
    if (hydrating) run();
  }, [hydrating]);
}

/** Whether the element's `aria-pressed` is "true" in the page now. */
export function pressedInPage(element: Element | null): boolean {
  return element?.getAttribute('aria-pressed') === 'true';
}

/**
 * Whether a click on a link is a plain one, which the app may handle in place: the main
 * button with no modifier key. Any other (a middle click, Ctrl or Cmd for a new tab, Shift
 * for a new window) is left to the browser, which follows the link as it would anyway.
 */
export function isPlainClick(event: {
  button: number;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.metaKey &&
    !event.shiftKey
  );
}
