/**
 * The one inline script of every page's head, before its body: the visitor's theme
 * (`theme-script.ts`), then the script that holds the taps the page is not live for yet
 * (`early-events-script.ts`). One script rather than two: each inline script costs the
 * policy header of every page its hash, and every byte counts in the first round trip of
 * the page.
 */
import { EARLY_EVENTS_SCRIPT } from './early-events-script.ts';
import { THEME_SCRIPT } from './theme-script.ts';

export const HEAD_SCRIPT = `${THEME_SCRIPT};${EARLY_EVENTS_SCRIPT}`;
