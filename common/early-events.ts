/**
 * Taps before the page is live. A prerendered page paints long before its scripts have run
 * (on a slow phone, a second or more), and React listens to nothing until it has hydrated
 * the page. What plain HTML carries works at once (links, the form, the menu's `popover`);
 * for the rest, this small script, written into every page's head by the build
 * (`scripts/finish-build.ts`), applies the control's effect itself, at once, on the page as
 * it is. The state it leaves is in the page (an attribute, a hidden slide, an open dialog),
 * and each component takes it over when it hydrates, so nothing is applied twice and the
 * visitor carries on from where they were:
 *
 * - `data-early="press"`: a toggle; its `aria-pressed` flips (the stylesheet shows the icon
 *   of the state), e.g. a pause toggle;
 * - `data-early="step 1"` (or `step -1`): the screenshot carousel around it
 *   (`[data-total]`) moves one slide on (or back), wrapping; it keeps the first image on
 *   screen in `data-first` and in the `--first` property its stylesheet moves the track by,
 *   and writes its position ("5–8 / 24") into `[data-position]`;
 * - `data-early="show"`: a link to a slide of the All Projects slider (`#id`) that is in
 *   the page: the address takes its fragment at once (`location.replace`), and the
 *   stylesheet shows the slide it names (`:target`); a link to one that is not (home's slider
 *   carries its first slide only) is followed as it is;
 * - `data-early="open ID"`: opens the dialog `ID` as a modal, noting when
 *   (`data-opened-at`);
 * - a dialog's close link (`data-close`) closes the dialog in place; one to another page
 *   (a legal text's or the support page's, to the app's page) leaves the address to the
 *   dialog, which goes there as it comes live, or to the browser, which follows the link if
 *   the page is not live within `HELD_FORM_MS`; Escape with no menu open follows an open
 *   dialog's close link;
 * - a form in a dialog that is not live yet is held (`data-queued`) and sent by the form
 *   once it is; if it never is, within `HELD_FORM_MS`, the browser posts it as a plain
 *   form. The first submit of a form with an empty `idempotencyKey` field fills that field
 *   with a random key for this page view, so a second submit posts the same key;
 * - a click on a counted control (an app's store button: `COUNT_CLICK_ATTRIBUTE` of
 *   `visits.ts`) is noted, in memory, until the visit beacon starts and sends it (or, in a
 *   browser that asks not to be tracked, drops it).
 *
 * The page is live once the root has hydrated (`html[data-hydrated]`); an island (a part of
 * the page hydrated on its own, `[data-island]`, such as All Projects) and a dialog are live
 * once their own code has hydrated them (`data-live`). From then on the script steps aside.
 *
 * What runs before the first paint is kept small: an inline script in the head holds each
 * such tap (the build adds its hash to each page's Content-Security-Policy like every inline
 * script), and a small file the head loads beside the page applies their effects, to the
 * taps held until it came and to each one after. Both are in `early-events-script.ts`, which
 * only the build reads; this module holds the names that the app shares with them.
 */

/** The attribute of a control whose effect the early script applies before the page is live. */
export const EARLY_ATTRIBUTE = 'data-early';
/** A part of the page hydrated on its own, after the page (an island, or a dialog). */
export const ISLAND_ATTRIBUTE = 'data-island';
/** What an island or a dialog carries once its own code has hydrated it. */
export const LIVE_ATTRIBUTE = 'data-live';
/** What a form sent before it was live carries until it is sent. */
export const QUEUED_ATTRIBUTE = 'data-queued';
/** When a dialog opened before the page was live was opened (ms since the epoch). */
export const OPENED_AT_ATTRIBUTE = 'data-opened-at';
/**
 * The body's attribute on a page that opens with a dialog over it (an app's legal text or
 * support form): the stylesheet keeps the page behind that dialog inert, with no script and
 * no restyle as the page comes live. Closing the dialog before the page is live removes it.
 */
export const DIALOG_PAGE_ATTRIBUTE = 'data-dialog-page';
/** The attribute of a dialog's close link, which Escape follows before the page is live. */
export const CLOSE_ATTRIBUTE = 'data-close';
/** The carousel: how many images it holds, and which is first on screen. */
export const TOTAL_ATTRIBUTE = 'data-total';
export const FIRST_ATTRIBUTE = 'data-first';
/** Where the carousel writes its position, "5–8 / 24". */
export const POSITION_ATTRIBUTE = 'data-position';
/**
 * How long a form sent (or a dialog closed away from its page) before the page is live waits
 * for it, before the browser posts the form (or follows the close link).
 */
export const HELD_FORM_MS = 10_000;

/** The effects the early script knows, as `data-early` spells them. */
export type EarlyEffect = 'press' | 'step 1' | 'step -1' | 'show' | `open ${string}`;

/** The attribute that has the early script apply `effect` to a control before live. */
export function earlyEffect(effect: EarlyEffect): Record<typeof EARLY_ATTRIBUTE, EarlyEffect> {
  return { [EARLY_ATTRIBUTE]: effect };
}
