/**
 * The first tap: what happens to a visitor who taps a control as soon as it shows, on a
 * phone-like setup, before the page's scripts have taken over (`html[data-hydrated]`).
 * Shared by the end-to-end spec (tests/e2e/first-tap.spec.ts), which holds the page's
 * scripts back until the tap's effect shows (so it must show without them) and expects it
 * to stay, once, when the page goes live; and by the benchmark (bench/first-tap.ts), which
 * times each tap to its visible effect, the window between the first paint and the live
 * page, and the longest task of the page's own scripts.
 *
 * Each run opens a fresh browser context (nothing cached), throttles it as Lighthouse's
 * mobile preset does (CPU 4× slower; slow 4G: 150 ms round trips, 1.6 Mbps down, 750 kbps
 * up), opens the page without waiting for it to load, taps the control the moment it is
 * visible, and then watches for what the visitor would notice, by role and visible text.
 * The controls are found, and their effects read, by the words of the page's language (its
 * catalogue in app/i18n), on the pages of every language, right to left included.
 *
 * Times are in ms from the start of the first navigation; the page records them itself (an
 * init script), so a busy main thread does not blur them, and keeps them in sessionStorage
 * across a navigation that the tap starts (a link).
 */
import type { Browser, BrowserContextOptions, Locator, Page } from '@playwright/test';
import { siteWordsIn } from '../app/i18n/catalogues.ts';
import type { Messages } from '../app/i18n/en/site.ts';
import { EARLY_EFFECTS_FILE_PREFIX } from '../common/early-events-script.ts';

/** The two setups: a phone (touch, 3× pixels) and a desktop window, both throttled. */
export type ViewportKind = 'phone' | 'desktop';
export const VIEWPORT_KINDS: readonly ViewportKind[] = ['phone', 'desktop'];

const CONTEXT_OPTIONS: Record<ViewportKind, BrowserContextOptions> = {
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 3,
  },
  desktop: { viewport: { width: 1350, height: 940 }, deviceScaleFactor: 1 },
};

/** Lighthouse's mobile throttling, applied by the browser itself (DevTools throttling). */
export const THROTTLING = {
  cpuSlowdown: 4,
  latencyMs: 150,
  downloadBytesPerSecond: (1.6 * 1024 * 1024) / 8,
  uploadBytesPerSecond: (750 * 1024) / 8,
};

/** A tap's effect shows within this of the tap (the budget of bench/budgets.json). */
export const TAP_TO_EFFECT_MS = 300;
/** ...and within this for a control whose effect is plain HTML (a popover). */
export const PLAIN_HTML_TAP_TO_EFFECT_MS = 100;
/**
 * A tap whose effect has not shown this long after the page is live is lost: time for a
 * throttled phone to draw a whole new slide of the All Projects slider.
 */
export const LOST_AFTER_MS = 5000;
/** How long an effect must stay after it showed (and after live), to be applied only once. */
export const SETTLE_MS = 1500;
/** Longest wait for the control to show, and for the page to go live. */
const PAGE_TIMEOUT_MS = 30_000;

/** A control a visitor may tap before the page is live, and what the tap should do. */
export interface TapControl {
  /**
   * The control as the tables show it: its accessible name in English, "Next screenshots",
   * on the pages of every language (the page's path tells them apart), so that the same
   * control lines up across languages.
   */
  name: string;
  /** The page it is on, with its language's prefix: "/ar/echoexpense". */
  path: string;
  /** What the visitor notices when the tap works, in words (the page's own in quotes). */
  effect: string;
  /** Finds the control. */
  locate: (page: Page) => Locator;
  /** Whether the page shows the effect of exactly one tap now (two taps show otherwise). */
  shows: (page: Page, viewport: ViewportKind) => Promise<boolean>;
  /** What the page shows of it now, in words, for reports: "5–8 / 20". */
  read: (page: Page) => Promise<string>;
  /**
   * Whether the visitor prefers reduced motion: for a control whose effect the page would
   * otherwise also bring about by itself (the carousel moves on every 4 s).
   */
  reducedMotion?: boolean;
  /** Whether its effect is plain HTML (a popover): its budget is then the tighter one. */
  plainHtml?: boolean;
  /** The setups that show it; default both. */
  viewports?: readonly ViewportKind[];
  /**
   * The same test as `shows`, as a JavaScript expression the page evaluates itself, so that
   * the effect is timed to the frame (`shows` is the judge; this only times it).
   */
  effectInPage: (viewport: ViewportKind) => string;
}

/** How soon after the tap the control's effect must show. */
export function effectBudgetMs(control: TapControl): number {
  return control.plainHtml ? PLAIN_HTML_TAP_TO_EFFECT_MS : TAP_TO_EFFECT_MS;
}

/**
 * What a tap came to: its effect within its budget of the tap, later than that, or never; or
 * its effect showed and was gone a moment later (applied twice, or undone); or the control,
 * though it showed before the page was live, could not be tapped until after (covered by
 * something else), in every load tried.
 */
export type TapOutcome = 'applied' | 'late' | 'lost' | 'undone' | 'unreachable';

/** Whether the tap did its work once: on time, or later but not lost. */
export function worked(result: FirstTapResult): boolean {
  return result.outcome === 'applied' || result.outcome === 'late';
}

export interface FirstTapResult {
  viewport: ViewportKind;
  path: string;
  control: string;
  /** First contentful paint of the page tapped. */
  fcpMs: number | null;
  /** When the page the visitor ended on went live (`html[data-hydrated]`); null: never. */
  liveMs: number | null;
  /** When the control first showed. */
  visibleMs: number;
  /** When the tap reached the page. */
  tapMs: number;
  /** Whether the page was not live yet when the tap reached it. */
  tappedBeforeLive: boolean;
  /** Whether the tap worked on time and once: its effect showed within its budget, and stayed. */
  applied: boolean;
  /** From the tap to its effect first seen; null when never. */
  tapToEffectMs: number | null;
  /** Whether the effect showed before the page it showed on was live. */
  effectBeforeLive: boolean;
  /** When the effect was first seen, after live (negative: before); null when never. */
  appliedAfterLiveMs: number | null;
  outcome: TapOutcome;
  /** Whether the tap opened another document (a link). */
  navigated: boolean;
  /** Where the page was at the end. */
  finalPath: string;
  /** Loads it took to tap before live (`firstTapBeforeLive`). */
  tries: number;
  /** What the page showed of the control when its effect was first seen, and at the end. */
  shown: { seen: string | null; end: string };
}

/** What the init script keeps on each document. */
interface PageState {
  /** ms from the first navigation's start, now. */
  now: number;
  /** This document's start. */
  documentMs: number;
  /** When this document went live; null until it does. */
  liveMs: number | null;
  /** First contentful paint of the first document. */
  fcpMs: number | null;
  tap: { ms: number; live: boolean } | null;
  /** When the page first showed the tap's effect, timed in the page; null until then. */
  effectMs: number | null;
  /** This document's longest task, and longest run of its own scripts. */
  longestTaskMs: number;
  longestScript: LongestScript | null;
}

/** The longest run of one of the page's own scripts: how long, and which. */
export interface LongestScript {
  ms: number;
  what: string;
}

declare global {
  interface Window {
    __firstTapEffect?: () => unknown;
    __firstTap?: {
      origin: number;
      documentMs: number;
      liveMs: number | null;
      longestTaskMs: number;
      longestScript: LongestScript | null;
    };
  }
}

const STORE = 'first-tap';

/**
 * Runs before the page's own scripts in every document of the context. Plain JavaScript in
 * a string: a function's source would carry the helpers that tsx adds to it (`__name`).
 */
const INSTRUMENT = `(() => {
  if (!location.protocol.startsWith('http')) return;
  const saved = sessionStorage.getItem('${STORE}:origin');
  const origin = saved === null ? performance.timeOrigin : Number(saved);
  if (saved === null) sessionStorage.setItem('${STORE}:origin', String(origin));
  const since = (now) => performance.timeOrigin + now - origin;
  const state = { origin, documentMs: since(0), liveMs: null, longestTaskMs: 0, longestScript: null };
  window.__firstTap = state;
  // The longest task, and the longest run of the page's own scripts (long animation frames
  // name each script that ran over 5 ms in a frame, with where it came from). A script with
  // no address is one of these measuring scripts, not the page's.
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) state.longestTaskMs = Math.max(state.longestTaskMs, entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const frame of list.getEntries()) {
        for (const script of frame.scripts || []) {
          let own = false;
          try { own = script.sourceURL !== "" && new URL(script.sourceURL).origin === location.origin; } catch {}
          if (own && (state.longestScript === null || script.duration > state.longestScript.ms)) {
            state.longestScript = { ms: Math.round(script.duration), what: script.invoker + ' ' + script.sourceURL.replace(location.origin, '') };
          }
        }
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  const hydrated = () => document.documentElement !== null && document.documentElement.hasAttribute('data-hydrated');
  let painted = false;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') {
        painted = true;
        if (sessionStorage.getItem('${STORE}:fcp') === null) {
          sessionStorage.setItem('${STORE}:fcp', String(since(entry.startTime)));
        }
      }
    }
  }).observe({ type: 'paint', buffered: true });
  // The tap's effect, timed in the page: once tapped (and once this document has painted),
  // the control's own test (window.__firstTapEffect, compiled as part of an init script, since
  // the site's CSP rightly refuses new Function) is tried on every change of the page and
  // every frame; the frame that first shows it is the effect's time.
  {
    let shows = null;
    let pending = false;
    // Called in a frame (before its rendering) the effect shows in that frame; called on a
    // change, in the next frame the browser renders.
    const check = (inFrame) => {
      if (pending || !painted || sessionStorage.getItem('${STORE}:tap') === null) return;
      if (sessionStorage.getItem('${STORE}:effect') !== null) return;
      if (shows === null) {
        if (typeof window.__firstTapEffect !== 'function') return;
        shows = window.__firstTapEffect;
      }
      let yes = false;
      try { yes = Boolean(shows()); } catch {}
      if (!yes) return;
      pending = true;
      const record = () => sessionStorage.setItem('${STORE}:effect', String(since(performance.now())));
      if (inFrame === true) record(); else requestAnimationFrame(record);
    };
    const start = () => {
      new MutationObserver(() => check(false)).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
      document.addEventListener('toggle', () => check(false), true);
      const frame = () => { check(true); requestAnimationFrame(frame); };
      requestAnimationFrame(frame);
    };
    if (document.documentElement) start(); else addEventListener('DOMContentLoaded', start);
  }
  const live = new MutationObserver(() => {
    if (state.liveMs === null && hydrated()) {
      state.liveMs = since(performance.now());
      live.disconnect();
    }
  });
  live.observe(document, { subtree: true, attributes: true, attributeFilter: ['data-hydrated'] });
  const onTap = (event) => {
    if (!event.isTrusted || sessionStorage.getItem('${STORE}:tap') !== null) return;
    // When the browser took the tap in (a busy page handles it later: that wait counts).
    sessionStorage.setItem('${STORE}:tap', JSON.stringify({ ms: since(event.timeStamp), live: hydrated() }));
  };
  for (const type of ['pointerdown', 'touchstart', 'mousedown', 'click']) {
    window.addEventListener(type, onTap, { capture: true, passive: true });
  }
})();`;

/** The page's record, or null while it is between documents. */
async function readState(page: Page): Promise<PageState | null> {
  try {
    return await page.evaluate((store) => {
      const state = window.__firstTap;
      if (!state) return null;
      const fcp = sessionStorage.getItem(`${store}:fcp`);
      const tap = sessionStorage.getItem(`${store}:tap`);
      const effect = sessionStorage.getItem(`${store}:effect`);
      return {
        now: performance.timeOrigin + performance.now() - state.origin,
        documentMs: state.documentMs,
        liveMs: state.liveMs,
        fcpMs: fcp === null ? null : Number(fcp),
        tap: tap === null ? null : (JSON.parse(tap) as PageState['tap']),
        effectMs: effect === null ? null : Number(effect),
        longestTaskMs: Math.round(state.longestTaskMs),
        longestScript: state.longestScript,
      };
    }, STORE);
  } catch {
    // The document went away under the call (a navigation): ask the next one.
    return null;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls the page's record until `done` holds; the last record, or null at the deadline. */
async function waitForState(
  page: Page,
  done: (state: PageState) => boolean,
  timeoutMs = PAGE_TIMEOUT_MS,
  everyMs = 20,
): Promise<PageState | null> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const state = await readState(page);
    if (state && done(state)) return state;
    await pause(everyMs);
  }
  return null;
}

/** Whether the page shows the effect now; false while it is between documents. */
async function effectShown(control: TapControl, page: Page, viewport: ViewportKind) {
  try {
    return await control.shows(page, viewport);
  } catch {
    return false;
  }
}

/** What the page shows of the control now; "?" while it is between documents. */
async function readControl(control: TapControl, page: Page): Promise<string> {
  try {
    return await control.read(page);
  } catch {
    return '?';
  }
}

/**
 * A fresh context for the setup, its page instrumented and throttled, and a way to lift the
 * throttling once nothing more is timed. Chromium slows a page's processor by spinning its
 * main thread, idle or not, so a throttled page takes most of a core for as long as it is
 * open: lifting it as soon as the figures are in leaves the machine to the other pages.
 */
async function openThrottled(browser: Browser, viewport: ViewportKind) {
  const context = await browser.newContext(CONTEXT_OPTIONS[viewport]);
  const page = await context.newPage();
  await page.addInitScript({ content: INSTRUMENT });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING.cpuSlowdown });
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: THROTTLING.latencyMs,
    downloadThroughput: THROTTLING.downloadBytesPerSecond,
    uploadThroughput: THROTTLING.uploadBytesPerSecond,
    connectionType: 'cellular4g',
  });
  let throttled = true;
  const unthrottle = async () => {
    if (!throttled) return;
    throttled = false;
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  };
  return { context, page, unthrottle };
}

export interface LoadTiming {
  fcpMs: number;
  liveMs: number;
  /** The longest task while the page started, and the longest run of its own scripts. */
  longestTaskMs: number;
  longestScript: LongestScript | null;
}

/** How long the page is watched once live for tasks that hydration started (the 3D scene's). */
const AFTER_LIVE_MS = 2000;

/**
 * One throttled load of a page, untouched: when it painted, when it went live, and the
 * longest tasks until a moment after that.
 */
export async function timeLoad(
  browser: Browser,
  baseURL: string,
  path: string,
  viewport: ViewportKind,
): Promise<LoadTiming> {
  const { context, page } = await openThrottled(browser, viewport);
  try {
    await page.goto(new URL(path, baseURL).href, { waitUntil: 'commit' });
    const state = await waitForState(
      page,
      (s) => s.liveMs !== null && s.fcpMs !== null,
      PAGE_TIMEOUT_MS,
      100,
    );
    if (state?.liveMs == null || state.fcpMs === null) {
      throw new Error(`${path} (${viewport}) did not paint and go live in ${PAGE_TIMEOUT_MS} ms`);
    }
    const liveMs = state.liveMs;
    const after = await waitForState(page, (s) => s.now - liveMs >= AFTER_LIVE_MS);
    return {
      fcpMs: Math.round(state.fcpMs),
      liveMs: Math.round(liveMs),
      longestTaskMs: after?.longestTaskMs ?? state.longestTaskMs,
      longestScript: after?.longestScript ?? state.longestScript,
    };
  } finally {
    await context.close();
  }
}

export interface FirstTapOptions {
  baseURL: string;
  viewport: ViewportKind;
  control: TapControl;
  /**
   * Runs on the page, still open, once a tap that came before live has worked: a further
   * check (the menu closes again).
   */
  afterwards?: (page: Page) => Promise<void>;
  /**
   * Holds the page's scripts back (every script file of the build but the early taps'
   * effects, which come beside the page) until the tap's effect has shown, or HELD_FOR_MS
   * has passed: the effect must then come without them, and the tap always comes before the
   * page is live. Default false: the page loads as it would.
   */
  holdScripts?: boolean;
}

/**
 * Whether `url` is one of the app's script files: every script file of the build but the
 * early taps' effects, which come beside the page (`common/early-events-script.ts`). The
 * pages of another language come with their own, under its prefix (`/ar/assets/…`).
 */
export function isAppScript(url: URL): boolean {
  const file = url.pathname.replace(/^\/[^/]+(?=\/assets\/)/, '');
  return (
    file.startsWith('/assets/') &&
    file.endsWith('.js') &&
    !file.startsWith(`/${EARLY_EFFECTS_FILE_PREFIX}`)
  );
}

/** Where a control shows on its page: its middle in the page, the scroll that shows it. */
interface Spot {
  x: number;
  y: number;
  scrollX: number;
  scrollY: number;
  /** Its name, as its element gives it (`aria-label`, else its text). */
  label: string;
}

const spots = new Map<string, Spot>();

/**
 * Where the control shows on a page loaded unthrottled at the same size: the page does not
 * shift (its layout shift budget is 0.01), so a throttled load shows it at the same spot.
 */
async function whereItShows(
  browser: Browser,
  baseURL: string,
  viewport: ViewportKind,
  control: TapControl,
): Promise<Spot> {
  const key = [baseURL, viewport, control.path, control.name].join(' ');
  const known = spots.get(key);
  if (known) return known;
  const context = await browser.newContext(CONTEXT_OPTIONS[viewport]);
  try {
    const page = await context.newPage();
    await page.goto(new URL(control.path, baseURL).href);
    const target = control.locate(page);
    await target.scrollIntoViewIfNeeded({ timeout: PAGE_TIMEOUT_MS });
    const spot = await target.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        x: scrollX + box.left + box.width / 2,
        y: scrollY + box.top + box.height / 2,
        scrollX,
        scrollY,
        label: element.getAttribute('aria-label') ?? element.textContent.trim(),
      };
    });
    spots.set(key, spot);
    return spot;
  } finally {
    await context.close();
  }
}

/** Whether the page has painted and shows the control at its spot (scrolled there). */
async function showsAt(page: Page, spot: Spot): Promise<boolean> {
  try {
    return await page.evaluate((spot) => {
      if (performance.getEntriesByName('first-contentful-paint').length === 0) return false;
      if (scrollX !== spot.scrollX || scrollY !== spot.scrollY)
        scrollTo(spot.scrollX, spot.scrollY);
      const hit = document
        .elementFromPoint(spot.x - scrollX, spot.y - scrollY)
        ?.closest('a, button, summary');
      const label = hit ? (hit.getAttribute('aria-label') ?? hit.textContent.trim()) : undefined;
      return label === spot.label && hit?.checkVisibility({ opacityProperty: true }) === true;
    }, spot);
  } catch {
    return false;
  }
}

/** How often the visitor's view is asked while the page has not timed the effect itself. */
const ASK_EVERY_MS = 250;

/** How long a held page waits for the tap's effect before its scripts are let through. */
const HELD_FOR_MS = 5000;

/**
 * Opens the control's page throttled, taps the control the moment it is visible, and
 * reports how long its effect took to show, and whether it stayed, once.
 */
export async function firstTap(
  browser: Browser,
  { baseURL, viewport, control, afterwards, holdScripts = false }: FirstTapOptions,
): Promise<FirstTapResult> {
  const spot = await whereItShows(browser, baseURL, viewport, control);
  const { context, page, unthrottle } = await openThrottled(browser, viewport);
  let release = () => {};
  if (holdScripts) {
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(isAppScript, async (route) => {
      await held;
      await route.continue();
    });
  }
  try {
    await page.addInitScript({
      content: `window.__firstTapEffect = () => (${control.effectInPage(viewport)});`,
    });
    if (control.reducedMotion) await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto(new URL(control.path, baseURL).href, { waitUntil: 'commit' });
    // The visitor taps where the control shows, the moment it shows, as a finger or a mouse
    // does: nothing of the test runs in the page between the touch and the lift (Playwright's
    // own `tap()` runs its checks in the page first, and on a throttled main thread asking by
    // role takes a few hundred milliseconds). Where it shows comes from a load beforehand.
    const showBy = Date.now() + PAGE_TIMEOUT_MS;
    while (!(await showsAt(page, spot))) {
      if (Date.now() > showBy) {
        throw new Error(`${control.name} did not show on ${control.path} (${viewport})`);
      }
      await pause(10);
    }
    const visible = await waitForState(page, () => true);
    const [x, y] = [spot.x - spot.scrollX, spot.y - spot.scrollY];
    if (viewport === 'phone') await page.touchscreen.tap(x, y);
    else await page.mouse.click(x, y);

    const tapped = await waitForState(page, (s) => s.tap !== null);
    const tap = tapped?.tap;
    if (!tapped || !tap) throw new Error(`the tap on ${control.name} never reached the page`);

    // Watch from the tap on: while the scripts are held, up to HELD_FOR_MS; otherwise until
    // LOST_AFTER_MS after the page (the one the visitor ends on) is live.
    // The page's own record is cheap to read; asking by role and name (`shows`) walks the
    // whole page on a throttled main thread and would delay what it measures. So the record
    // is read often, and the visitor's view is asked once the page has timed the effect,
    // or now and then for an effect the page cannot see itself. Not right after the tap: the
    // first question also brings Playwright's own script into the page (35 ms and more at
    // 4×), and a touch's click comes a task after its touchend, so it would wait for both.
    let seen: PageState | null = null;
    let askedAt = Date.now();
    const deadline = Date.now() + LOST_AFTER_MS + PAGE_TIMEOUT_MS;
    while (Date.now() < deadline) {
      const before = await readState(page);
      const ask = before?.effectMs != null || Date.now() - askedAt >= ASK_EVERY_MS;
      if (before && ask) {
        askedAt = Date.now();
        if (await effectShown(control, page, viewport)) {
          seen = before;
          break;
        }
      }
      if (before && holdScripts && before.now - tap.ms > HELD_FOR_MS) break;
      if (before?.liveMs != null && before.now - before.liveMs > LOST_AFTER_MS) break;
      await pause(15);
    }
    // Held scripts make the time to live no figure: the rest is checked at full speed.
    if (holdScripts) await unthrottle();
    release();

    let outcome: TapOutcome = 'lost';
    const seenReading = seen ? await readControl(control, page) : null;
    // The page the visitor ends on, once live: it may be one that a followed link opened.
    const settled = await waitForState(page, (s) => s.liveMs !== null);
    // Timed in the page where it could (the frame that showed it), else when it was seen.
    const timed = (await waitForState(page, () => true))?.effectMs ?? null;
    // Every figure is in; whether the effect stays is checked at full speed.
    await unthrottle();
    const tapToEffectMs = seen ? Math.max(0, (timed ?? seen.now) - tap.ms) : null;
    let appliedAfterLiveMs: number | null = null;
    if (seen) {
      const endLive = settled?.liveMs ?? seen.now;
      appliedAfterLiveMs = seen.now - (seen.liveMs ?? endLive);
      await pause(Math.max(0, Math.max(seen.now, endLive) + SETTLE_MS - (settled?.now ?? 0)));
      if (!(await effectShown(control, page, viewport))) outcome = 'undone';
      else outcome = (tapToEffectMs ?? 0) <= effectBudgetMs(control) ? 'applied' : 'late';
    }
    const end = await waitForState(page, () => true);
    const result: FirstTapResult = {
      viewport,
      path: control.path,
      control: control.name,
      fcpMs: end?.fcpMs == null ? null : Math.round(end.fcpMs),
      liveMs: settled?.liveMs == null ? null : Math.round(settled.liveMs),
      visibleMs: Math.round(visible?.now ?? tap.ms),
      tapMs: Math.round(tap.ms),
      tappedBeforeLive: !tap.live,
      applied: outcome === 'applied',
      tapToEffectMs: tapToEffectMs === null ? null : Math.round(tapToEffectMs),
      effectBeforeLive: seen !== null && seen.liveMs === null,
      appliedAfterLiveMs: appliedAfterLiveMs === null ? null : Math.round(appliedAfterLiveMs),
      outcome,
      navigated: (end?.documentMs ?? 0) > 0,
      finalPath: new URL(page.url()).pathname,
      tries: 1,
      shown: { seen: seenReading, end: await readControl(control, page) },
    };
    if (afterwards && result.tappedBeforeLive && worked(result)) await afterwards(page);
    return result;
  } finally {
    release();
    await context.close();
  }
}

/** Loads of the page before giving up on a tap that comes before it is live. */
export const TRIES = 3;

/**
 * `firstTap` until the tap reaches the page before it is live, TRIES loads at most: a tap
 * on a page already live proves nothing. When none did though the control showed before
 * the page was live, it could not be tapped then: the outcome is `unreachable`.
 */
export async function firstTapBeforeLive(
  browser: Browser,
  options: FirstTapOptions,
): Promise<FirstTapResult> {
  for (let tries = 1; ; tries++) {
    const result = await firstTap(browser, options);
    if (result.tappedBeforeLive) return { ...result, tries };
    if (tries === TRIES) {
      const unreachable = result.liveMs !== null && result.visibleMs < result.liveMs;
      // Covered: a visitor tapping where it shows reaches something else.
      return unreachable
        ? { ...result, outcome: 'unreachable', applied: false, tries }
        : { ...result, tries };
    }
  }
}

/**
 * One line for a report: "phone /projects Next project: lost (visible 1145 ms, tap 1354 ms
 * before live, first paint 592 ms, live 2495; at the end: Watchlistr (Web), 1 of 10, at
 * /projects)".
 */
export function describeTap(result: FirstTapResult): string {
  const when =
    result.tapToEffectMs === null
      ? ''
      : `, effect ${result.tapToEffectMs} ms after the tap` +
        `${result.effectBeforeLive ? ', before live' : ` (${result.appliedAfterLiveMs} ms after live)`}: ${result.shown.seen}`;
  return (
    `${result.viewport} ${result.path} ${result.control}: ${result.outcome} ` +
    `(visible ${result.visibleMs} ms, tap ${result.tapMs} ms${result.tappedBeforeLive ? ' before live' : ' after live'}` +
    `${result.tries > 1 ? ` in load ${result.tries}` : ''}, ` +
    `first paint ${result.fcpMs ?? '?'} ms, live ${result.liveMs ?? 'never'}${when}; ` +
    `at the end: ${result.shown.end}, at ${result.finalPath})`
  );
}

// ── The controls ─────────────────────────────────────────────────────────────────────────

/**
 * The language of the pages tapped: its code, whose catalogue of the site's words finds the
 * controls and their effects, and the prefix of its pages' paths ("" for the default
 * language's, "/ar" for Arabic's).
 */
export interface PageLanguage {
  code: string;
  prefix: string;
}

/** The site's default language, English, whose pages have no prefix. */
export const DEFAULT_LANGUAGE: PageLanguage = { code: 'en', prefix: '' };

/** Another language of the site, whose pages are served under its code ("/es/…"). */
export function otherLanguage(code: string): PageLanguage {
  return { code, prefix: `/${code}` };
}

/** The site's words in English: what every control builder reads unless told otherwise. */
const ENGLISH: Messages = siteWordsIn(DEFAULT_LANGUAGE.code);

/**
 * The site's menu button and the navigation it opens, by their English names: what `menu`
 * finds and judges, for a page that copies the control (the benchmark's control page).
 */
export const MENU_NAMES = { button: ENGLISH.nav.menu, navigation: ENGLISH.nav.mainMenu };

/** A text as the source of a regular expression that matches it as written. */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Stand-ins for the values a catalogue's function writes into its words: a name (an app's, a
 * store's) and two counts, each written nowhere else in the site's words.
 */
const NAME = '\uE000';
const OTHER_NAME = '\uE001';
const POSITION = 987;
const TOTAL = 986;

/**
 * A pattern for every text that a catalogue's function writes: `text` is what it wrote with
 * stand-ins, and each stand-in becomes the pattern given for it; the rest matches as
 * written, from the start of the text to its end.
 */
function wordsPattern(text: string, holes: Readonly<Record<string, string>>): RegExp {
  const standIns = new RegExp(`(${Object.keys(holes).map(escapeRegExp).join('|')})`);
  const source = text
    .split(standIns)
    .map((piece, index) => (index % 2 === 1 ? (holes[piece] ?? '') : escapeRegExp(piece)))
    .join('');
  return new RegExp(`^${source}$`);
}

/** What comes before and after a name in a text that a catalogue's function writes. */
function aroundName(text: string): { before: string; after: string } {
  const [before = '', after = ''] = text.split(NAME);
  return { before, after };
}

/** A string in a CSS selector or in JavaScript, quoted, its quotes and backslashes escaped. */
const quoted = (text: string) => JSON.stringify(text);

const exactly = (name: string) => ({ name, exact: true });

/** A control that is a link or a button with this name: either works for the visitor. */
function linkOrButton(scope: Page | Locator, name: string): Locator {
  return scope
    .getByRole('link', exactly(name))
    .or(scope.getByRole('button', exactly(name)))
    .first();
}

const PER_SLIDE: Record<ViewportKind, number> = { phone: 2, desktop: 4 };

/**
 * The carousel's position, as every language shows it: "5–8 / 20", or "21 / 21" for a slide
 * of one screenshot (its words are for screen readers, apart).
 */
const POSITION_TEXT = /^\d+(–\d+)? \/ \d+$/;

/** The first screenshot carousel of the page: the region named "<app> screenshots". */
function screenshots(page: Page, words: Messages = ENGLISH): Locator {
  const name = wordsPattern(words.carousel.label(NAME), { [NAME]: '.+' });
  return page.getByRole('region', { name }).first();
}

/** The same carousel as a CSS selector, for the expressions that the page evaluates. */
function screenshotsSelector(words: Messages): string {
  const { before, after } = aroundName(words.carousel.label(NAME));
  return (
    `[aria-roledescription=${quoted(words.roles.carousel)}]` +
    // An empty prefix or suffix would match nothing: a label without one is not asked for it.
    (before === '' ? '' : `[aria-label^=${quoted(before)}]`) +
    (after === '' ? '' : `[aria-label$=${quoted(after)}]`)
  );
}

/** The carousel's position as it shows it, "5–8 / 20"; "" when it shows none. */
async function carouselPosition(page: Page, words: Messages = ENGLISH): Promise<string> {
  const position = screenshots(page, words).getByText(POSITION_TEXT);
  if ((await position.count()) !== 1) return '';
  return ((await position.textContent({ timeout: 1000 })) ?? '').trim();
}

/** Whether the one control it finds is pressed (`aria-pressed="true"`). */
async function pressed(control: Locator): Promise<boolean> {
  return (
    (await control.count()) === 1 &&
    (await control.getAttribute('aria-pressed', { timeout: 1000 })) === 'true'
  );
}

/** What the control says of its state: "pressed", "not pressed". */
async function pressedReading(control: Locator): Promise<string> {
  return (await pressed(control)) ? 'pressed' : 'not pressed';
}

/** Whether exactly one dialog of this name shows. */
async function dialogShows(page: Page, name: string): Promise<boolean> {
  const dialog = page.getByRole('dialog', exactly(name));
  return (await dialog.count()) === 1 && (await dialog.isVisible());
}

/** How many dialogs of this name show: 'dialog "Send Feedback" × 1'. */
async function dialogReading(page: Page, name: string): Promise<string> {
  return `dialog "${name}" × ${await page.getByRole('dialog', exactly(name)).count()}`;
}

/**
 * In-page expressions of the effects (`effectInPage`), each the same test as `shows`, with
 * the words of the page's language.
 */
const IN_PAGE = {
  dialogOpen: (name: string) =>
    `[...document.querySelectorAll('dialog')].some((d) => d.open && d.checkVisibility() && d.querySelector('h2')?.textContent === ${quoted(name)})`,
  position: (pattern: RegExp, words: Messages = ENGLISH) =>
    `${pattern.toString()}.test(document.querySelector(${quoted(`${screenshotsSelector(words)} [data-position]`)})?.textContent?.trim() ?? '')`,
  pressed: (selector: string) =>
    `document.querySelector(${quoted(selector)})?.getAttribute('aria-pressed') === 'true'`,
  slide: (pattern: RegExp, words: Messages = ENGLISH) =>
    `[...document.querySelectorAll(${quoted(`[aria-roledescription=${quoted(words.roles.slide)}]`)})].some((s) => ${pattern.toString()}.test(s.getAttribute('aria-label') ?? '') && s.checkVisibility() && !s.closest('[aria-hidden="true"]'))`,
};

export function sendFeedback(appPath: string, words: Messages = ENGLISH): TapControl {
  const send = words.feedback.send;
  return {
    name: 'Send Feedback',
    path: appPath,
    effect: `the "${send}" dialog shows`,
    effectInPage: () => IN_PAGE.dialogOpen(send),
    locate: (page) => linkOrButton(page, send),
    shows: (page) => dialogShows(page, send),
    read: (page) => dialogReading(page, send),
  };
}

export function menu(path: string, words: Messages = ENGLISH): TapControl {
  const { menu: button, mainMenu } = words.nav;
  const navigation = (page: Page) => page.getByRole('navigation', exactly(mainMenu));
  return {
    name: 'Menu',
    path,
    effect: `the "${mainMenu}" navigation shows`,
    plainHtml: true,
    effectInPage: () =>
      `document.querySelector(${quoted(`nav[aria-label=${quoted(mainMenu)}]`)})?.matches(':popover-open') === true`,
    locate: (page) => page.getByRole('button', exactly(button)),
    shows: (page) => navigation(page).isVisible(),
    read: async (page) =>
      `"${mainMenu}" ${(await navigation(page).isVisible()) ? 'shown' : 'hidden'}`,
  };
}

/**
 * The close cross of the dialog `dialog` that opens over the app page `appPath`: the dialog
 * is gone at once, and the address is the app page's from when the page is live.
 */
export function closeDialog(
  path: string,
  dialog: string,
  appPath: string,
  words: Messages = ENGLISH,
): TapControl {
  return {
    name: 'Close',
    path,
    effect: `the "${dialog}" dialog is gone (the address ${appPath} once live)`,
    effectInPage: () => `![...document.querySelectorAll('dialog')].some((d) => d.open)`,
    locate: (page) => linkOrButton(page.getByRole('dialog', exactly(dialog)), words.modal.close),
    shows: async (page) => {
      const live = await page
        .locator('html[data-hydrated]')
        .count()
        .catch(() => 0);
      return (
        (live === 0 || new URL(page.url()).pathname === appPath) &&
        (await page.getByRole('dialog', exactly(dialog)).count()) === 0
      );
    },
    read: async (page) => `${await dialogReading(page, dialog)} at ${new URL(page.url()).pathname}`,
  };
}

export function nextScreenshots(path: string, words: Messages = ENGLISH): TapControl {
  /** The second slide's position: "5–8 / 20", on a phone "3–4 / 20". */
  const second = (viewport: ViewportKind) => {
    const per = PER_SLIDE[viewport];
    return new RegExp(`^${per + 1}–${2 * per} / \\d+$`);
  };
  return {
    name: 'Next screenshots',
    path,
    effect:
      'the carousel (reduced motion: it moves only when asked) shows its second slide ("5–8 / 20", on a phone "3–4 / 20")',
    locate: (page) => screenshots(page, words).getByRole('button', exactly(words.carousel.next)),
    reducedMotion: true,
    effectInPage: (viewport) => IN_PAGE.position(second(viewport), words),
    shows: async (page, viewport) => second(viewport).test(await carouselPosition(page, words)),
    read: (page) => carouselPosition(page, words),
  };
}

/** The carousel's last slide ends with the last screenshot: "17–20 / 20", or "21 / 21". */
const LAST_SLIDE = /^(?:\d+–)?(\d+) \/ \1$/;

export function previousScreenshots(path: string, words: Messages = ENGLISH): TapControl {
  return {
    name: 'Previous screenshots',
    path,
    effect:
      'the carousel (reduced motion: it moves only when asked) shows its last slide (of 20: "17–20 / 20")',
    locate: (page) =>
      screenshots(page, words).getByRole('button', exactly(words.carousel.previous)),
    reducedMotion: true,
    effectInPage: () => IN_PAGE.position(LAST_SLIDE, words),
    shows: async (page) => LAST_SLIDE.test(await carouselPosition(page, words)),
    read: (page) => carouselPosition(page, words),
  };
}

export function pauseScreenshots(path: string, words: Messages = ENGLISH): TapControl {
  const pause = words.carousel.pause;
  const button = (page: Page) => screenshots(page, words).getByRole('button', exactly(pause));
  return {
    name: 'Pause screenshots',
    path,
    effect: `the carousel's "${pause}" is pressed`,
    effectInPage: () =>
      IN_PAGE.pressed(
        `[aria-roledescription=${quoted(words.roles.carousel)}] button[aria-label=${quoted(pause)}]`,
      ),
    locate: button,
    shows: (page) => pressed(button(page)),
    read: (page) => pressedReading(button(page)),
  };
}

/**
 * The name of an All Projects slide, "Watchlistr (Mobile), 2 of 10", as a pattern: its
 * position and count as given, the app's name any.
 */
function projectSlide(words: Messages, position: string, total: string): RegExp {
  return wordsPattern(words.slider.slide(NAME, POSITION, TOTAL), {
    [NAME]: '.+',
    [String(POSITION)]: position,
    [String(TOTAL)]: total,
  });
}

/** The All Projects slider's slide on show: "Watchlistr (Mobile), 2 of 10". */
function activeProject(page: Page, name: RegExp, words: Messages = ENGLISH): Locator {
  return page.getByRole('region', exactly(words.nav.allProjects)).getByRole('group', { name });
}

/** The name of the slide on show. */
async function projectReading(page: Page, words: Messages = ENGLISH): Promise<string> {
  const slides = activeProject(page, projectSlide(words, '\\d+', '\\d+'), words);
  if ((await slides.count()) !== 1) return `${await slides.count()} slides`;
  return (await slides.getAttribute('aria-label', { timeout: 1000 })) ?? '';
}

export function nextProject(path: string, words: Messages = ENGLISH): TapControl {
  const second = projectSlide(words, '2', '\\d+');
  return {
    name: 'Next project',
    path,
    effect: `the slider shows its second app ("${words.slider.slide('…', 2, 10)}")`,
    effectInPage: () => IN_PAGE.slide(second, words),
    locate: (page) => linkOrButton(page, words.slider.next),
    shows: (page) => activeProject(page, second, words).isVisible(),
    read: (page) => projectReading(page, words),
  };
}

export function previousProject(path: string, words: Messages = ENGLISH): TapControl {
  // The last app: its position is the count ("10 of 10").
  const last = projectSlide(words, '(\\d+)', '\\1');
  return {
    name: 'Previous project',
    path,
    effect: `the slider shows its last app ("${words.slider.slide('…', 10, 10)}")`,
    effectInPage: () => IN_PAGE.slide(last, words),
    locate: (page) => linkOrButton(page, words.slider.previous),
    shows: (page) => activeProject(page, last, words).isVisible(),
    read: (page) => projectReading(page, words),
  };
}

export function themeMenu(path: string, words: Messages = ENGLISH): TapControl {
  const theme = words.theme.theme;
  const choices = (page: Page) => page.getByRole('group', exactly(theme));
  return {
    name: 'Theme',
    path,
    effect: `the "${theme}" choices show`,
    plainHtml: true,
    effectInPage: () => `document.getElementById('theme-menu')?.matches(':popover-open') === true`,
    locate: (page) => page.getByRole('button', exactly(theme)),
    shows: (page) => choices(page).isVisible(),
    read: async (page) => `"${theme}" ${(await choices(page).isVisible()) ? 'shown' : 'hidden'}`,
  };
}

export function pauseAnimation(path: string, words: Messages = ENGLISH): TapControl {
  const { pause, pauseTitle } = words.background;
  const button = (page: Page) => page.getByRole('button', exactly(pause));
  return {
    name: 'Pause animation',
    path,
    effect: `the top bar's "${pause}" is pressed`,
    effectInPage: () => IN_PAGE.pressed(`header button[aria-pressed][title=${quoted(pauseTitle)}]`),
    locate: button,
    shows: (page) => pressed(button(page)),
    read: (page) => pressedReading(button(page)),
  };
}

/** The QR code beside an app's first scannable store button (shown on a computer only). */
export function qrCode(path: string, words: Messages = ENGLISH): TapControl {
  const button = (page: Page) =>
    page
      .getByRole('button', { name: wordsPattern(words.showcase.qrButton(NAME), { [NAME]: '.+' }) })
      .first();
  const qrImage = words.showcase.qrImage(NAME, OTHER_NAME);
  const image = (page: Page) =>
    page
      .getByRole('img', { name: wordsPattern(qrImage, { [NAME]: '.+', [OTHER_NAME]: '.+' }) })
      .first();
  // What the image's text says before the app's name: "QR code of ".
  const { before } = aroundName(qrImage);
  return {
    name: 'QR code',
    path,
    effect: "the store's QR code shows",
    plainHtml: true,
    viewports: ['desktop'],
    effectInPage: () =>
      `!!document.querySelector(${quoted(`[popover]:popover-open img[alt^=${quoted(before)}]`)})`,
    locate: button,
    shows: (page) => image(page).isVisible(),
    read: async (page) => `QR code ${(await image(page).isVisible()) ? 'shown' : 'hidden'}`,
  };
}

export interface FirstTapPages {
  /** An app with a support page and legal texts: its page and sub-pages are tapped. */
  app: string;
  /** An app without a support page, whose Send Feedback is a button; none: left out. */
  appWithoutSupport?: string;
  /**
   * An app whose carousel has more than one slide on both setups (over 4 screenshots);
   * default `app`; null: the carousel's controls are left out.
   */
  carouselApp?: string | null;
  /** Whether `app` has a store button with a QR code; default true. */
  qrCode?: boolean;
  /** Whether All Projects has more than one app to move between; default true. */
  slider?: boolean;
  /** Whether to tap the "Previous" arrows too (the same mechanism as "Next"); default true. */
  previous?: boolean;
}

/**
 * Every control the measure covers, page by page, on the pages of `language` (default the
 * site's default language, English): each found and checked by that language's words, on
 * its pages' paths ("/ar/echoexpense").
 */
export function firstTapControls(
  {
    app,
    appWithoutSupport,
    carouselApp = app,
    previous = true,
    qrCode: withQrCode = true,
    slider = true,
  }: FirstTapPages,
  language: PageLanguage = DEFAULT_LANGUAGE,
): TapControl[] {
  const words = siteWordsIn(language.code);
  const at = (path: string) => `${language.prefix}${path}`;
  const home = at('/');
  const appPath = at(`/${app}`);
  const carouselPath = carouselApp === null ? null : at(`/${carouselApp}`);
  const projects = at('/projects');
  return [
    menu(home, words),
    themeMenu(home, words),
    pauseAnimation(home, words),
    sendFeedback(appPath, words),
    menu(appPath, words),
    ...(carouselPath === null
      ? []
      : [
          ...(previous ? [previousScreenshots(carouselPath, words)] : []),
          nextScreenshots(carouselPath, words),
          pauseScreenshots(carouselPath, words),
        ]),
    ...(appWithoutSupport ? [sendFeedback(at(`/${appWithoutSupport}`), words)] : []),
    ...(withQrCode ? [qrCode(appPath, words)] : []),
    closeDialog(`${appPath}/privacy`, words.legal.titles.privacy, appPath, words),
    closeDialog(`${appPath}/support`, words.feedback.send, appPath, words),
    ...(slider
      ? [...(previous ? [previousProject(projects, words)] : []), nextProject(projects, words)]
      : []),
  ];
}
