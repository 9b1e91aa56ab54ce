/**
 * Taps before the page is live. A prerendered page paints long before its scripts have run
 * (on a slow phone, a second or more), and React listens to nothing until it has hydrated
 * the page. The controls that plain HTML carries work at once (links, the form, the menu's
 * `popover`); for the others, this small script, written into every page's head by the build
 * (`scripts/finish-build.ts`), catches what the visitor does before `html[data-hydrated]` and
 * keeps it for the app to apply once live (`app/lib/early-events.ts`), as Google's jsaction
 * and Angular's event replay do:
 *
 * - a click on a control marked `data-replay` is held (nothing else sees it), marked
 *   `data-queued` for the stylesheet's pressed look, and kept in order;
 * - Escape with no menu open follows an open dialog's close link (`data-close`);
 * - the first submit of a form with an empty `idempotencyKey` field fills it with a random
 *   key for this page view, so a second submit (a double click, the browser's "resend")
 *   posts the same key;
 * - a click on a counted control (an app's store button: `COUNT_CLICK_ATTRIBUTE` of
 *   `visits.ts`) is noted, in memory, until the visit beacon starts and sends it (or, in a
 *   browser that asks not to be tracked, drops it).
 *
 * It runs before the first paint, so it is kept to a few hundred bytes; the build adds its
 * hash to each page's Content-Security-Policy like every inline script. The script itself is
 * in `early-events-script.ts`, which only the build reads; this module holds the names that
 * the app shares with it.
 */

/** The attribute that marks a control whose early clicks are kept and applied once live. */
export const REPLAY_ATTRIBUTE = 'data-replay';
/** What a held control carries until its click is applied. */
export const QUEUED_ATTRIBUTE = 'data-queued';
/** The attribute of a dialog's close link, which Escape follows before the page is live. */
export const CLOSE_ATTRIBUTE = 'data-close';
/** Where the script keeps the held controls, in the order they were clicked. */
export const EARLY_QUEUE_GLOBAL = '__earlyTaps';
