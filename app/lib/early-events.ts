/**
 * Applies the clicks the page's early script held before the page was live
 * (`common/early-events.ts`): each once, in the order they came, one per task so that each
 * is rendered before the next (two early taps on "Next" move two slides). Hydration keeps
 * the prerendered elements, so each held control is the one React now listens to.
 */
import {
  EARLY_QUEUE_GLOBAL,
  QUEUED_ATTRIBUTE,
  REPLAY_ATTRIBUTE,
} from '../../common/early-events.ts';

/** Called once, when the page has hydrated. */
export function replayEarlyEvents(): void {
  const global = window as unknown as Record<string, HTMLElement[] | undefined>;
  // Emptied as it is read: nothing is applied twice.
  const held = global[EARLY_QUEUE_GLOBAL]?.splice(0) ?? [];
  const apply = (index: number) => {
    const control = held[index];
    if (!control) return;
    control.removeAttribute(QUEUED_ATTRIBUTE);
    if (control.isConnected) control.click();
    setTimeout(() => apply(index + 1), 0);
  };
  apply(0);
}

/**
 * The attribute that has a control's clicks before the page is live kept and applied once
 * it is, e.g. `<button {...replayable('carousel-next')}>`; the name tells the controls apart.
 */
export function replayable(name: string): Record<typeof REPLAY_ATTRIBUTE, string> {
  return { [REPLAY_ATTRIBUTE]: name };
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
