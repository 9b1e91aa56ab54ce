/**
 * The visit beacon: what a page sends the server once it is live, and nothing else. No
 * cookie, no storage, no third party: a page view (its path, and on the page a visit
 * arrives at, the referring site's domain), a click on an app's button, or one of its QR
 * codes shown. The server counts them as daily sums (server/visits/). The page sends
 * nothing when the browser asks not to be tracked (Global Privacy Control or Do Not
 * Track), and the server counts nothing from such a browser either.
 */

/** Where a page sends its beacons (`navigator.sendBeacon`, a text/plain JSON body). */
export const VISIT_ENDPOINT = '/api/visit';

/** The longest beacon the server reads, in bytes. */
export const VISIT_BEACON_MAX_BYTES = 1024;

/** The buttons of an app's page whose clicks are counted, as its content names them. */
export const VISIT_BUTTONS = ['landing', 'appStore', 'playStore', 'testFlight'] as const;
export type VisitButtonKind = (typeof VISIT_BUTTONS)[number];

/**
 * On a link: its clicks are counted, as `<slug> <button>` (e.g. `echoexpense appStore`).
 * The beacon goes out as the click happens, so a click that leaves the page counts too.
 */
export const COUNT_CLICK_ATTRIBUTE = 'data-count-click';

/**
 * Where the page's early script (`early-events-script.ts`) keeps, in order, the counted
 * clicks made before the beacon started: each COUNT_CLICK_ATTRIBUTE's value. The beacon
 * takes them and ends the list.
 */
export const EARLY_COUNTS_GLOBAL = '__earlyCounts';

/** On a popover: each time it opens (once per page view) is counted, as `<slug> <button>`. */
export const COUNT_OPEN_ATTRIBUTE = 'data-count-open';

/** What a beacon says: a page viewed, a button clicked, or a QR code shown. */
export type VisitBeacon =
  | {
      kind: 'view';
      /** The page's path, as the address bar has it (`location.pathname`). */
      path: string;
      /** The referring site's domain, on the page a visit arrives at from another site. */
      referrer?: string;
    }
  | { kind: 'click' | 'qr'; app: string; button: VisitButtonKind };
