/**
 * The first tap on a phone-like setup: how long a page stays painted but not live, and
 * which of its controls lose a tap that comes as soon as they show. Against the built site on
 * the real server, in Chromium throttled as Lighthouse's mobile preset is (CPU 4× slower,
 * slow 4G), at a phone's size (touch) and a desktop window's (mouse).
 *
 *   npm run bench:first-tap [-- --runs N] [-- --base-url http://127.0.0.1:4400]
 *
 * For every page of bench/budgets.json (and the app without a support page), N untouched
 * loads (default 3) give the median time from the first contentful paint to the live page
 * (`html[data-hydrated]`). Then each control of tests/first-tap.ts is tapped once per setup
 * the moment it is visible; a tap that reached a page already live is loaded again, twice
 * at most. A tap is lost when its effect has not shown a few seconds after the page went
 * live, when a second application undid it, or when the control, though shown, could not be
 * tapped before live (covered). An effect seen within 100 ms of live (or before) is on time;
 * later, it is late but not lost. Budgets in bench/budgets.json: no tap lost; the first paint
 * to live is tracked per page, for the phone and the desktop.
 *
 * `--base-url` (or FIRST_TAP_BASE_URL) measures a server that is already running, e.g. an
 * older build; without it the build in build/ is served (run `npm run build` first).
 * Chromium comes from CHROME_PATH or /usr/bin/chromium. Writes bench/results/first-tap.json.
 */
import { chromium } from '@playwright/test';
import { parseArgs } from 'node:util';
import { chromiumArgs, chromiumPath } from '../tests/chromium.ts';
import {
  firstTapBeforeLive,
  firstTapControls,
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

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'base-url': { type: 'string', default: process.env.FIRST_TAP_BASE_URL },
  },
});
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs takes a whole number from 1');

/** The app whose page, legal text and support page are tapped, and one without support. */
const APP = 'echoexpense';
const APP_WITHOUT_SUPPORT = 'watchlistr-web';

const controls = firstTapControls({ app: APP, appWithoutSupport: APP_WITHOUT_SUPPORT });
const budgetPages = Object.keys(readBudgets().pages);
const pages = [...new Set([...budgetPages, ...controls.map((control) => control.path)])];

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
}

const timings: PageTiming[] = [];
const taps: FirstTapResult[] = [];
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
      });
    }
    for (const control of controls) {
      taps.push(await firstTapBeforeLive(browser, { baseURL, viewport, control }));
    }
  }
} finally {
  await browser.close();
  await server?.close();
}

const lost = (tap: FirstTapResult) => !worked(tap);
const cell = (value: string | number, width: number) => String(value).padEnd(width);
console.log(
  `First tap against ${baseURL}: CPU ${THROTTLING.cpuSlowdown}× slower, ${THROTTLING.latencyMs} ms RTT, ` +
    `1.6 Mbps down, 750 kbps up; times in ms from the navigation's start, loads: median of ${runs}.\n`,
);
console.log(
  `${cell('setup', 8)}${cell('page', 24)}${cell('paint', 7)}${cell('live', 7)}${cell('paint→live', 12)}taps lost`,
);
for (const timing of timings) {
  const own = taps.filter((tap) => tap.viewport === timing.viewport && tap.path === timing.page);
  const lostHere = own.filter(lost);
  console.log(
    `${cell(timing.viewport, 8)}${cell(timing.page, 24)}${cell(timing.fcpMs, 7)}${cell(timing.liveMs, 7)}` +
      `${cell(timing.fcpToLiveMs, 12)}${own.length === 0 ? '' : `${lostHere.length} of ${own.length}${lostHere.length > 0 ? `: ${lostHere.map((tap) => tap.control).join(', ')}` : ''}`}`,
  );
}
console.log(
  `\n${cell('setup', 8)}${cell('page', 24)}${cell('control', 22)}${cell('shown', 7)}${cell('tap', 7)}${cell('live', 7)}outcome`,
);
for (const tap of taps) {
  const where = tap.navigated ? `, at ${tap.finalPath}` : '';
  const seen =
    tap.appliedAfterLiveMs === null
      ? ''
      : tap.appliedAfterLiveMs < 0
        ? ` (before live${where})`
        : ` (seen ${tap.appliedAfterLiveMs} ms after live${where})`;
  const after =
    (tap.tappedBeforeLive ? '' : `; tapped after live in ${tap.tries} loads`) +
    (worked(tap) ? '' : `; at the end: ${tap.shown.end}, at ${tap.finalPath}`);
  console.log(
    `${cell(tap.viewport, 8)}${cell(tap.path, 24)}${cell(tap.control, 22)}${cell(tap.visibleMs, 7)}${cell(tap.tapMs, 7)}` +
      `${cell(tap.liveMs ?? '-', 7)}${tap.outcome}${seen}${after}`,
  );
}
const lostCount = taps.filter(lost).length;
console.log(`\n${lostCount} of ${taps.length} taps at first sight lost.`);

const figures: Figures = { 'first-tap.lost': lostCount };
for (const timing of timings) {
  if (!budgetPages.includes(timing.page)) continue;
  const key =
    timing.viewport === 'phone' ? 'first-tap.fcp-to-live' : 'first-tap.desktop.fcp-to-live';
  figures[pageFigure(key, timing.page)] = timing.fcpToLiveMs;
}

finish({
  name: 'first-tap',
  figures,
  details: {
    baseURL,
    runsPerPage: runs,
    throttling: THROTTLING,
    pages: timings,
    taps,
  },
});
