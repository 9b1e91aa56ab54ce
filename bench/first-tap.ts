/**
 * The first tap on a phone-like setup: how soon each control shows its effect when tapped as
 * soon as it shows, how long a page stays painted but not live, and the longest task of the
 * page's own scripts. Against the built site on the real server, in Chromium throttled as
 * Lighthouse's mobile preset is (CPU 4× slower, slow 4G), at a phone's size (touch) and a
 * desktop window's (mouse).
 *
 *   npm run bench:first-tap [-- --runs N] [-- --pages /,/es/echoexpense]
 *     [-- --base-url http://127.0.0.1:4400]
 *
 * For every page of bench/budgets.json (and the app without a support page), N untouched
 * loads (default 3) give the median time from the first contentful paint to the live page
 * (`html[data-hydrated]`) and the median of each load's longest task and longest run of the
 * page's own scripts (long animation frames), watched until two seconds after live. Then each
 * control of tests/first-tap.ts is tapped N times per setup the moment it is visible (a tap
 * that reached a page already live is loaded again, twice at most), and the median time from
 * the tap to its visible effect is its figure. On the pages of the site's other languages
 * among the budgets' (/es/, /ar/echoexpense), the controls on those pages are tapped too,
 * found by that language's words; the tables name each control in English, beside its page.
 * A tap is lost when its effect has not shown a few seconds after the page went live, when a
 * second application undid it, or when the control, though shown, could not be tapped before
 * live (covered). Budgets in bench/budgets.json: no tap lost; every tap's effect within
 * 300 ms (100 ms for plain HTML: a popover); the longest task of the page's own scripts
 * within 50 ms; the first paint to live is tracked per page, for the phone and the desktop.
 *
 * On each setup the same Menu tap is then made N times on a control page served apart
 * (`bench/control-page.ts`): the site's menu button and its popover in plain HTML, and
 * nothing else. Its time (`first-tap.control.tap-to-effect`, tracked) is what the machine,
 * the browser and the throttling take on their own; a popover's figure above less it is the
 * site's share.
 *
 * Last, the same pages are loaded N times more in a Chromium with no inspector attached
 * (`bench/without-inspector.ts`), as a visitor's browser is: the longest run of the page's
 * own scripts there is tracked beside the figure above, which Playwright's inspector adds to.
 *
 * `--pages` (comma-separated paths: of bench/budgets.json, or a page of the controls) measures
 * only those pages, and taps only the controls on them; the budgets of the other pages are
 * left out of the comparison.
 *
 * `--base-url` (or FIRST_TAP_BASE_URL) measures a server that is already running, e.g. an
 * older build; without it the build in build/ is served (run `npm run build` first).
 * Chromium comes from CHROME_PATH or /usr/bin/chromium. Writes bench/results/first-tap.json.
 */
import { chromium } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { SiteManifestSchema } from '../common/site-manifest.ts';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import { menuControlPage, serveControlPage } from './control-page.ts';
import {
  effectBudgetMs,
  firstTap,
  firstTapBeforeLive,
  menu,
  MENU_NAMES,
  firstTapControls,
  otherLanguage,
  THROTTLING,
  timeLoad,
  VIEWPORT_KINDS,
  worked,
  type FirstTapResult,
  type LoadTiming,
} from '../tests/first-tap.ts';
import { median, pageFigure, readBudgets, type Figures } from './budgets.ts';
import { finish } from './results.ts';
import { serveBuild, type ServedBuild } from './serve-build.ts';
import { BareChromium } from './without-inspector.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    'base-url': { type: 'string', default: process.env.FIRST_TAP_BASE_URL },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');

/** The app whose page, legal text and support page are tapped, and one without support. */
const APP = 'echoexpense';
const APP_WITHOUT_SUPPORT = 'watchlistr-web';

const budgetPages = Object.keys(readBudgets().pages);

/** The site's other languages, as the build in build/ lists them (none without a build). */
function otherLanguages(): string[] {
  const file = new URL('../build/site.json', import.meta.url);
  if (!existsSync(file)) return [];
  return SiteManifestSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).otherLanguages ?? [];
}

/**
 * The controls tapped: every control on the default language's pages, and on the pages of
 * each other language that has a page among the budgets', the controls on those pages.
 */
const allControls = [
  ...firstTapControls({ app: APP, appWithoutSupport: APP_WITHOUT_SUPPORT }),
  ...otherLanguages().flatMap((code) =>
    firstTapControls(
      { app: APP, appWithoutSupport: APP_WITHOUT_SUPPORT },
      otherLanguage(code),
    ).filter((control) => budgetPages.includes(control.path)),
  ),
];
const knownPages = [...new Set([...budgetPages, ...allControls.map((control) => control.path)])];

/** The pages that `--pages` asks for, each one of the known pages; all of them without it. */
const chosenPages =
  values.pages === undefined
    ? knownPages
    : values.pages
        .split(',')
        .map((page) => page.trim())
        .filter((page) => page !== '');
const unknown = chosenPages.filter((page) => !knownPages.includes(page));
if (chosenPages.length === 0 || unknown.length > 0) {
  throw new Error(
    `--pages takes comma-separated paths among ${knownPages.join(', ')}` +
      (unknown.length > 0 ? `; not one of them: ${unknown.join(', ')}` : ''),
  );
}
const pages = knownPages.filter((page) => chosenPages.includes(page));
const controls = allControls.filter((control) => pages.includes(control.path));
/** The pages of the budgets measured. */
const measuredBudgetPages = budgetPages.filter((page) => pages.includes(page));

let server: ServedBuild | null = null;
const baseURL = values['base-url'] ?? (server = await serveBuild()).url;
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });

interface PageTiming {
  viewport: string;
  page: string;
  loads: LoadTiming[];
  fcpMs: number;
  liveMs: number;
  fcpToLiveMs: number;
  longestTaskMs: number;
  longestScriptMs: number;
  /** The longest run of the page's own scripts over all loads, and which script it was. */
  longestScript: string;
}

/** A control's taps on one setup: each tap, and the median from tap to effect. */
interface ControlTiming {
  viewport: string;
  page: string;
  control: string;
  budgetMs: number;
  tapToEffectMs: number | null;
  beforeLive: boolean;
  taps: FirstTapResult[];
}

/** The median from tap to effect of a control's taps; null when one never showed it. */
function medianTapToEffect(own: readonly FirstTapResult[]): number | null {
  const effects = own.map((tap) => tap.tapToEffectMs);
  return effects.includes(null) ? null : median(effects as number[]);
}

const timings: PageTiming[] = [];
const taps: FirstTapResult[] = [];
const controlTimings: ControlTiming[] = [];
/** Per setup: the control page's Menu, each tap and their median from tap to effect. */
const controlPage: { viewport: string; tapToEffectMs: number | null; taps: FirstTapResult[] }[] =
  [];
const controlServer = await serveControlPage(menuControlPage(MENU_NAMES));
try {
  for (const viewport of VIEWPORT_KINDS) {
    for (const page of pages) {
      const loads: LoadTiming[] = [];
      for (let run = 0; run < runs; run++) {
        loads.push(await timeLoad(browser, baseURL, page, viewport));
      }
      timings.push({
        viewport,
        page,
        loads,
        fcpMs: median(loads.map((load) => load.fcpMs)),
        liveMs: median(loads.map((load) => load.liveMs)),
        fcpToLiveMs: median(loads.map((load) => load.liveMs - load.fcpMs)),
        longestTaskMs: median(loads.map((load) => load.longestTaskMs)),
        longestScriptMs: median(loads.map((load) => load.longestScript?.ms ?? 0)),
        longestScript:
          loads
            .map((load) => load.longestScript)
            .filter((script) => script !== null)
            .sort((a, b) => b.ms - a.ms)
            .map((script) => `${script.ms} ms: ${script.what}`)[0] ?? '-',
      });
    }
    for (const control of controls.filter((c) => c.viewports?.includes(viewport) ?? true)) {
      const own: FirstTapResult[] = [];
      for (let run = 0; run < runs; run++) {
        own.push(await firstTapBeforeLive(browser, { baseURL, viewport, control }));
      }
      taps.push(...own);
      controlTimings.push({
        viewport,
        page: control.path,
        control: control.name,
        budgetMs: effectBudgetMs(control),
        tapToEffectMs: medianTapToEffect(own),
        beforeLive: own.every((tap) => tap.effectBeforeLive),
        taps: own,
      });
    }
    // The same tap on a page that is the site's menu and nothing else: the machine's share.
    const own: FirstTapResult[] = [];
    for (let run = 0; run < runs; run++) {
      own.push(
        await firstTap(browser, { baseURL: controlServer.url, viewport, control: menu('/') }),
      );
    }
    controlPage.push({
      viewport,
      tapToEffectMs: medianTapToEffect(own),
      taps: own,
    });
  }
} finally {
  await browser.close();
  await controlServer.close();
}

/** Per setup and page: the median longest run of the page's own scripts, no inspector. */
const bare: { viewport: string; page: string; longestScriptMs: number; longestScript: string }[] =
  [];
const bareChromium = await BareChromium.launch();
try {
  for (const viewport of VIEWPORT_KINDS) {
    for (const page of measuredBudgetPages) {
      const loads = [];
      for (let run = 0; run < runs; run++) {
        loads.push(await bareChromium.longestOwnScript(new URL(page, baseURL).href, viewport));
      }
      bare.push({
        viewport,
        page,
        longestScriptMs: median(loads.map((load) => load?.ms ?? 0)),
        longestScript:
          loads
            .filter((load) => load !== null)
            .sort((a, b) => b.ms - a.ms)
            .map((load) => `${load.ms} ms: ${load.what}`)[0] ?? '-',
      });
    }
  }
} finally {
  await bareChromium.close();
  await server?.close();
}

const lost = (tap: FirstTapResult) => !worked(tap);
const cell = (value: string | number, width: number) => String(value).padEnd(width);
console.log(
  `First tap against ${baseURL}: CPU ${THROTTLING.cpuSlowdown}× slower, ${THROTTLING.latencyMs} ms RTT, ` +
    `1.6 Mbps down, 750 kbps up; times in ms, medians of ${runs}.\n`,
);
console.log(
  `${cell('setup', 8)}${cell('page', 24)}${cell('paint', 7)}${cell('live', 7)}${cell('paint→live', 12)}` +
    `${cell('task', 6)}${cell('script', 8)}taps lost`,
);
for (const timing of timings) {
  const own = taps.filter((tap) => tap.viewport === timing.viewport && tap.path === timing.page);
  const lostHere = own.filter(lost);
  console.log(
    `${cell(timing.viewport, 8)}${cell(timing.page, 24)}${cell(timing.fcpMs, 7)}${cell(timing.liveMs, 7)}` +
      `${cell(timing.fcpToLiveMs, 12)}${cell(timing.longestTaskMs, 6)}${cell(timing.longestScriptMs, 8)}` +
      (own.length === 0
        ? ''
        : `${lostHere.length} of ${own.length}${lostHere.length > 0 ? `: ${lostHere.map((tap) => tap.control).join(', ')}` : ''}`),
  );
}
console.log("\nLongest run of a page's own scripts, per page and setup:");
for (const timing of timings) {
  console.log(`  ${cell(timing.viewport, 8)}${cell(timing.page, 24)}${timing.longestScript}`);
}
console.log(
  `\n${cell('setup', 8)}${cell('page', 24)}${cell('control', 22)}${cell('tap→effect', 12)}${cell('budget', 8)}outcome`,
);
for (const timing of controlTimings) {
  const outcomes = [...new Set(timing.taps.map((tap) => tap.outcome))].join(', ');
  const where = timing.taps.some((tap) => tap.navigated)
    ? ` (a new page: ${timing.taps[0]?.finalPath})`
    : timing.beforeLive
      ? ' (before live)'
      : ' (after live)';
  console.log(
    `${cell(timing.viewport, 8)}${cell(timing.page, 24)}${cell(timing.control, 22)}` +
      `${cell(timing.tapToEffectMs ?? 'never', 12)}${cell(timing.budgetMs, 8)}${outcomes}${where}`,
  );
}
console.log(
  '\nControl page (the menu button and its popover in plain HTML, nothing else), Menu tapped at\n' +
    "first sight the same way: the machine's and the browser's share of each popover above.",
);
for (const timing of controlPage) {
  console.log(
    `${cell(timing.viewport, 8)}${cell('control', 24)}${cell('Menu', 22)}` +
      `${cell(timing.tapToEffectMs ?? 'never', 12)}(taps: ${timing.taps.map((tap) => tap.tapToEffectMs ?? 'never').join(', ')})`,
  );
}
console.log(
  "\nWith no inspector attached, as in a visitor's browser: longest run of a page's own scripts",
);
for (const timing of bare) {
  console.log(
    `  ${cell(timing.viewport, 8)}${cell(timing.page, 24)}${cell(timing.longestScriptMs, 6)}${timing.longestScript}`,
  );
}
const lostCount = taps.filter(lost).length;
const overBudget = controlTimings.filter(
  (timing) => timing.tapToEffectMs === null || timing.tapToEffectMs > timing.budgetMs,
);
console.log(
  `\n${lostCount} of ${taps.length} taps at first sight lost; ` +
    `${overBudget.length} of ${controlTimings.length} controls over their tap-to-effect budget` +
    `${overBudget.length > 0 ? `: ${overBudget.map((t) => `${t.viewport} ${t.page} ${t.control}`).join(', ')}` : ''}.`,
);

const figures: Figures = {
  'first-tap.lost': lostCount,
  // No control tapped (pages without any): 0, as nothing was slow.
  'first-tap.tap-to-effect.worst': Math.max(
    0,
    ...controlTimings.map((timing) => timing.tapToEffectMs ?? Number.POSITIVE_INFINITY),
  ),
  'first-tap.tap-to-effect.over-budget': overBudget.length,
};
for (const timing of controlPage) {
  if (timing.tapToEffectMs === null) continue;
  const setup = timing.viewport === 'phone' ? 'first-tap' : 'first-tap.desktop';
  figures[`${setup}.control.tap-to-effect`] = timing.tapToEffectMs;
}
for (const timing of timings) {
  if (!budgetPages.includes(timing.page)) continue;
  const setup = timing.viewport === 'phone' ? 'first-tap' : 'first-tap.desktop';
  figures[pageFigure(`${setup}.fcp-to-live`, timing.page)] = timing.fcpToLiveMs;
  figures[pageFigure(`${setup}.longest-script`, timing.page)] = timing.longestScriptMs;
}
for (const timing of bare) {
  const setup = timing.viewport === 'phone' ? 'first-tap' : 'first-tap.desktop';
  figures[pageFigure(`${setup}.longest-script-without-inspector`, timing.page)] =
    timing.longestScriptMs;
}

finish({
  name: 'first-tap',
  figures,
  // A page's budgets count when the page was measured (all of them without `--pages`).
  covers: (limit) => {
    if (!limit.id.startsWith('first-tap.')) return false;
    const [, page] = limit.id.split(' ');
    return page === undefined || pages.includes(page);
  },
  details: {
    baseURL,
    runsPerPage: runs,
    pagesChosen: values.pages === undefined ? 'all' : pages,
    throttling: THROTTLING,
    pages: timings,
    controls: controlTimings,
    withoutInspector: bare,
    controlPage,
  },
});
