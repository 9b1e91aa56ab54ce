/**
 * The visit beacon (common/visits.ts), loaded lazily once the page is live: it costs the
 * first paint and the page's initial scripts nothing. It sends, with `sendBeacon`, one
 * small text/plain body per page view (the path; on the page a visit arrives at, the
 * referring site's domain), per click on a control marked COUNT_CLICK_ATTRIBUTE (an app's
 * store, TestFlight and landing-page buttons: the beacon leaves as the click happens, so a
 * click that leaves the page counts too; those made before the page was live, which the
 * page's early script noted, are sent when it starts), and per popover marked COUNT_OPEN_ATTRIBUTE
 * opened (a QR code; once per page view). It stores nothing in the browser, and sends
 * nothing at all when the browser asks not to be tracked (Global Privacy Control, Do Not
 * Track).
 */
import {
  COUNT_CLICK_ATTRIBUTE,
  COUNT_OPEN_ATTRIBUTE,
  EARLY_COUNTS_GLOBAL,
  VISIT_ENDPOINT,
  type VisitBeacon,
  type VisitButtonKind,
} from '../../common/visits.ts';

const URL_OF_BEACONS = `${__FEEDBACK_API_ORIGIN__}${VISIT_ENDPOINT}`;

function send(beacon: VisitBeacon): void {
  navigator.sendBeacon(URL_OF_BEACONS, JSON.stringify(beacon));
}

/** Whether the browser asks sites not to track it. */
function asksNotToTrack(): boolean {
  const browser = navigator as Navigator & { globalPrivacyControl?: boolean };
  return browser.globalPrivacyControl === true || navigator.doNotTrack === '1';
}

/** The referring site's domain, when the visit arrived from another site. */
function referrerDomain(): string | undefined {
  try {
    const { hostname } = new URL(document.referrer);
    return hostname && hostname !== location.hostname ? hostname : undefined;
  } catch {
    return undefined;
  }
}

/** `<slug> <button>` as the attributes carry it. */
function counted(value: string | null): { app: string; button: VisitButtonKind } | undefined {
  const [app, button] = (value ?? '').split(' ');
  return app && button ? { app, button: button as VisitButtonKind } : undefined;
}

let started = false;

/** The counted clicks the page's early script noted before now; it notes no more. */
function earlyClicks(): string[] {
  const global = window as unknown as Record<string, string[] | undefined>;
  const noted = global[EARLY_COUNTS_GLOBAL] ?? [];
  global[EARLY_COUNTS_GLOBAL] = undefined;
  return noted;
}

/** Starts counting this page view and those that follow in the app; once per page load. */
export function startVisitBeacon(): void {
  if (started) return;
  const early = earlyClicks();
  if (asksNotToTrack() || typeof navigator.sendBeacon !== 'function') return;
  started = true;
  let path = location.pathname;
  /** The popovers opened on this page view. */
  let opened = new Set<string>();
  const referrer = referrerDomain();
  send({ kind: 'view', path, ...(referrer ? { referrer } : {}) });
  // Clicks made before now, while the page was not live yet.
  for (const value of early) {
    const what = counted(value);
    if (what) send({ kind: 'click', ...what });
  }

  // The app moves between pages with the History API: a new path is a page view.
  const moved = () => {
    if (location.pathname === path) return;
    path = location.pathname;
    opened = new Set();
    send({ kind: 'view', path });
  };
  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method].bind(history);
    history[method] = (...args: Parameters<History['pushState']>) => {
      original(...args);
      moved();
    };
  }
  window.addEventListener('popstate', moved);

  document.addEventListener(
    'click',
    (event) => {
      const control =
        event.target instanceof Element ? event.target.closest(`[${COUNT_CLICK_ATTRIBUTE}]`) : null;
      const what = counted(control?.getAttribute(COUNT_CLICK_ATTRIBUTE) ?? null);
      if (what) send({ kind: 'click', ...what });
    },
    true,
  );
  // `beforetoggle`, not `toggle`: a popover opened and closed again before its `toggle` task
  // runs fires one `toggle` from closed to closed, yet it was shown. Neither bubbles: listened
  // to on its way down.
  document.addEventListener(
    'beforetoggle',
    (event) => {
      const popover = event.target;
      if (!(popover instanceof Element) || event.newState !== 'open') return;
      const value = popover.getAttribute(COUNT_OPEN_ATTRIBUTE);
      const what = counted(value);
      if (!what || !value || opened.has(value)) return;
      opened.add(value);
      send({ kind: 'qr', ...what });
    },
    true,
  );
}
