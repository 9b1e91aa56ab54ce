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
