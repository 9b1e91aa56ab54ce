/**
 * Visits as a visitor makes them: a page view, a page reached in the app, a store button's
 * click and a QR code shown are counted by the server; the site leaves no cookie and
 * nothing in the browser's storage; a browser that asks not to be tracked sends nothing.
 * On a server of its own, whose store the test reads.
 */
import path from 'node:path';
import { SqliteFeedbackStore } from '../../server/store/sqlite/engine.ts';
import type { VisitReport } from '../../server/visits/types.ts';
import { startServerProcess, type ServerProcess } from '../server/server-process.ts';
import { expect, test, type Page } from './fixtures.ts';
import { root, tempFolder } from './processes.ts';
import { buttonLabel } from '../../content/buttons.ts';
import { SCANNABLE_BUTTONS } from '../../common/qr-codes.ts';
import { EARLY_COUNTS_GLOBAL } from '../../common/visits.ts';
import { appContent } from './site.ts';

/** An app with legal pages and a store button (and so its QR code on a computer). */
const APP = appContent.find(
  (app) => app.legal && app.buttons.some((button) => SCANNABLE_BUTTONS.includes(button.kind)),
);
if (!APP) {
  throw new Error('The visits tests need an app with legal pages and a store button.');
}
const { slug, name } = APP;
const STORE_BUTTON = APP.buttons.find((button) => SCANNABLE_BUTTONS.includes(button.kind));
/** The store button's kind and words. */
const STORE = STORE_BUTTON?.kind ?? 'appStore';
const STORE_LABEL = STORE_BUTTON ? buttonLabel(STORE_BUTTON) : '';

let folder: ReturnType<typeof tempFolder> | undefined;
let server: ServerProcess | undefined;

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1440, height: 900 } });

test.beforeAll(async () => {
  folder = tempFolder('visits-e2e-');
  server = await startServerProcess(
    {
      SITE_DIR: path.join(root, 'build'),
      DATA_DIR: path.join(folder.dir, 'data'),
      // Written at once, so the test reads what the visitor just did.
      VISITS_FLUSH_MS: '200',
      LOG_LEVEL: 'warn',
    },
    { compiledMain: path.join(root, 'build/server/server/main.js') },
  );
});

test.afterAll(async () => {
  server?.child.kill('SIGTERM');
  await server?.exited;
  folder?.remove();
});

/** Today's counts, as the owner's page will read them. */
async function today(): Promise<VisitReport> {
  const store = await SqliteFeedbackStore.open(path.join(folder?.dir ?? '', 'data'), {
    create: false,
  });
  try {
    return await store.visitStats.report(7, Date.now(), 50);
  } finally {
    await store.close();
  }
}

/** Every beacon the page sends, as its body. */
function beacons(page: Page): { kind?: string }[] {
  const sent: { kind?: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/visit') {
      sent.push(JSON.parse(request.postData() ?? 'null') as { kind?: string });
    }
  });
  return sent;
}

test('a page view, a page reached in the app, a store button’s click and a QR code shown are counted, and nothing is stored in the browser', async ({
  page,
  context,
}) => {
  // The stores are outside sites: their tabs open on nothing.
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  const sent = beacons(page);
  await page.goto(`${server?.url}/${slug}`);
  await expect.poll(() => sent).toEqual([{ kind: 'view', path: `/${slug}` }]);

  const tab = context.waitForEvent('page');
  await page.getByRole('link', { name: STORE_LABEL }).click();
  await (await tab).close();
  // Away from the button, whose hover would show its QR code too.
  await page.mouse.move(0, 0);
  const code = page.getByRole('img', { name: `QR code of ${name} on ${STORE_LABEL}` });
  await expect(code).toBeHidden();
  await page.getByRole('button', { name: `QR code: ${STORE_LABEL}` }).click();
  await expect(code).toBeVisible();
  await page.keyboard.press('Escape');
  // Into the app's Terms of Use, a page of the app, without loading a page.
  await page.getByRole('link', { name: 'Terms of Use' }).click();
  await expect(page).toHaveURL(new RegExp(`/${slug}/terms$`));
  await expect
    .poll(() => sent)
    .toEqual([
      { kind: 'view', path: `/${slug}` },
      { kind: 'click', app: slug, button: STORE },
      { kind: 'qr', app: slug, button: STORE },
      { kind: 'view', path: `/${slug}/terms` },
    ]);

  await expect
    .poll(async () => (await today()).totals, { timeout: 10_000 })
    .toEqual({ views: 2, visitors: 1 });
  const report = await today();
  expect(report.pages).toEqual([
    { page: `/${slug}`, views: 1, visitors: 1 },
    { page: `/${slug}/terms`, views: 1, visitors: 1 },
  ]);
  expect(report.apps).toEqual([
    expect.objectContaining({
      app: slug,
      views: 2,
      visitors: 1,
      storeClicks: 1,
      clickThroughRate: 0.5,
      qrShown: expect.objectContaining({ [STORE]: 1 }),
    }),
  ]);
  expect(report.devices).toEqual([{ device: 'desktop', views: 2, visitors: 1 }]);

  // No cookie, nothing in local storage or a database: the beacon is all the site keeps
  // track of. Session storage holds at most the tab's scroll positions (React Router's, to
  // put a reloaded page back where it was).
  expect(await context.cookies()).toEqual([]);
  const stored = await page.evaluate(async () => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    databases: (await indexedDB.databases()).length,
    caches: (await caches.keys()).length,
  }));
  expect(stored.local).toEqual([]);
  expect(stored.session.filter((key) => key !== 'react-router-scroll-positions')).toEqual([]);
  expect(stored.databases).toBe(0);
  expect(stored.caches).toBe(0);
});

test('a store button clicked before the page is live is counted once it is', async ({
  context,
}) => {
  await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort());
  // The page's scripts are held back until the button has been tapped at first sight, as a
  // slow phone's come late.
  let release = () => {};
  const tapped = new Promise<void>((done) => (release = done));
  await context.route('**/assets/*.js', async (route) => {
    await tapped;
    await route.continue();
  });
  const page = await context.newPage();
  const sent = beacons(page);
  await page.goto(`${server?.url}/${slug}`, { waitUntil: 'commit' });
  const tab = context.waitForEvent('page');
  await page.getByRole('link', { name: STORE_LABEL }).click();
  await (await tab).close();
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(
    false,
  );
  release();
  // The pointer rests on the button after the click: its QR code may show, and be counted.
  await expect
    .poll(() => sent.filter((beacon) => beacon.kind !== 'qr'), { timeout: 15_000 })
    .toEqual([
      { kind: 'view', path: `/${slug}` },
      { kind: 'click', app: slug, button: STORE },
    ]);
});

test('a browser with Global Privacy Control sends no beacon at all', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'globalPrivacyControl', { value: true });
    // Every beacon the page would send, counted where it is sent.
    const send = navigator.sendBeacon.bind(navigator);
    const counted = window as unknown as { beaconsSent: number };
    counted.beaconsSent = 0;
    navigator.sendBeacon = (...args) => {
      counted.beaconsSent += 1;
      return send(...args);
    };
  });
  const sent = beacons(page);
  const before = (await today()).totals.views;
  await page.goto(`${server?.url}/${slug}`);
  await page.getByRole('link', { name: STORE_LABEL }).hover();
  // The beacon's script has run once the page was live (it takes over the clicks the early
  // script noted, which clears their list): it chose to send nothing.
  await page.waitForFunction(
    (name) => (window as unknown as Record<string, unknown>)[name] === undefined,
    EARLY_COUNTS_GLOBAL,
  );
  expect(
    await page.evaluate(() => (window as unknown as { beaconsSent: number }).beaconsSent),
  ).toBe(0);
  expect(sent).toEqual([]);
  expect((await today()).totals.views).toBe(before);
});
