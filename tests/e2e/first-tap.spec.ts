/**
 * A tap at first sight, on a throttled phone and desktop (CPU 4× slower, slow 4G): each
 * control must show its effect before the page's scripts have run, and keep it, once, when
 * they do. Each test loads the page afresh with every script file of the app held back (all
 * but the early taps' small file of effects, which comes beside the page),
 * taps the control the moment it is visible, expects what the visitor notices (by role and
 * visible text) while the scripts are still held, then lets them through and expects the
 * live page to carry on from there (tests/first-tap.ts). How soon the effect shows is a
 * figure of `npm run bench:first-tap`, not of these tests. The same taps come again, for the
 * main controls, on the pages of the site's language written right to left, found by its
 * words.
 */
import {
  isAppScript,
  describeTap,
  firstTap,
  firstTapControls,
  otherLanguage,
  VIEWPORT_KINDS,
  worked,
  type FirstTapPages,
  type TapControl,
  type ViewportKind,
} from '../first-tap.ts';
import type { Browser } from '@playwright/test';
import { expect, test, type Page } from './fixtures.ts';
import { fill, nextAlert } from './feedback-form.ts';
import { siteWordsIn } from '../../app/i18n/catalogues.ts';
import type { Messages } from '../../app/i18n/en/site.ts';
import { EARLY_EFFECTS_FILE_PREFIX } from '../../common/early-events-script.ts';
import { ISLAND_ATTRIBUTE, LIVE_ATTRIBUTE } from '../../common/early-events.ts';
import { SCANNABLE_BUTTONS } from '../../common/qr-codes.ts';
import { directionOf } from '../../common/text-direction.ts';
import {
  appContent,
  appWithoutLegal,
  legalApp,
  manifest,
  notTested,
  screenshotCount,
} from './site.ts';

/** An app whose carousel has slides to move through on both setups (3 slides of 4). */
const CAROUSEL_APP = appContent.find((app) => screenshotCount(app) > 8);
if (!CAROUSEL_APP) notTested("The first tap on the carousel's controls", 'app with 9 screenshots');
/** Whether the app the taps visit has a store button with a QR code. */
const QR_CODE = appContent.some(
  (app) =>
    app.slug === legalApp.slug &&
    app.buttons.some((button) => SCANNABLE_BUTTONS.includes(button.kind)),
);
if (!QR_CODE) notTested('The first tap on a QR code', `store button on ${legalApp.name}`);
/** Whether All Projects has three apps, for a tap forward and back again. */
const SLIDER = appContent.length >= 3;
if (!SLIDER) notTested("The first tap on All Projects' arrows", 'three apps');

const PAGES: FirstTapPages = {
  app: legalApp.slug,
  appWithoutSupport: appWithoutLegal?.slug,
  carouselApp: CAROUSEL_APP?.slug ?? null,
  qrCode: QR_CODE,
  slider: SLIDER,
};
const CONTROLS = firstTapControls(PAGES);

/** The site's language written right to left, whose pages get the main controls' taps too. */
const RIGHT_TO_LEFT = manifest.otherLanguages?.find((code) => directionOf(code) === 'rtl');
if (RIGHT_TO_LEFT === undefined) {
  notTested(
    'The first tap on pages written right to left',
    'language written right to left in content/site.ts',
  );
}
/** The controls tapped on its pages: the menu, the form, and the rows' arrows. */
const RIGHT_TO_LEFT_TAPPED = new Set([
  'Menu',
  'Send Feedback',
  'Next screenshots',
  'Previous screenshots',
  'Next project',
  'Previous project',
]);

/** The words of the default language's pages, in English. */
const ENGLISH = siteWordsIn('en');

/** After the first tap opened the menu, a second one (on the live page) closes it. */
async function menuClosesAgain(page: Page, viewport: ViewportKind, words: Messages = ENGLISH) {
  const { menu, mainMenu } = words.nav;
  const button = page.getByRole('button', { name: menu, exact: true });
  if (viewport === 'phone') await button.tap();
  else await button.click();
  await expect(page.getByRole('navigation', { name: mainMenu, exact: true })).toBeHidden();
}

/**
 * Taps the control at first sight with the page's scripts held, and expects what the visitor
 * notices: the tap came before the page was live, its effect showed without the scripts, and
 * it stayed, once, when they ran (the menu then closes again with a second tap).
 */
async function expectTapAtFirstSight(
  browser: Browser,
  baseURL: string | undefined,
  viewport: ViewportKind,
  control: TapControl,
  words: Messages = ENGLISH,
) {
  const result = await firstTap(browser, {
    baseURL: baseURL ?? '',
    viewport,
    control,
    holdScripts: true,
    afterwards:
      control.name === 'Menu' ? (page) => menuClosesAgain(page, viewport, words) : undefined,
  });
  test.info().annotations.push({ type: 'first tap', description: describeTap(result) });

  expect(result.tappedBeforeLive, `tapped before live: ${describeTap(result)}`).toBe(true);
  expect(
    result.effectBeforeLive,
    `the effect showed with the scripts held: ${describeTap(result)}`,
  ).toBe(true);
  expect(worked(result), `the effect stayed, once, when live: ${describeTap(result)}`).toBe(true);
}

/** The taps of each language tested: all of the default's, the main ones right to left. */
const LANGUAGES = [
  { title: '', controls: CONTROLS, words: ENGLISH },
  ...(RIGHT_TO_LEFT === undefined
    ? []
    : [
        {
          title: `, written right to left (${RIGHT_TO_LEFT})`,
          controls: firstTapControls(PAGES, otherLanguage(RIGHT_TO_LEFT)).filter((control) =>
            RIGHT_TO_LEFT_TAPPED.has(control.name),
          ),
          words: siteWordsIn(RIGHT_TO_LEFT),
        },
      ]),
];

for (const { title, controls, words } of LANGUAGES) {
  for (const viewport of VIEWPORT_KINDS) {
    test.describe(`on a throttled ${viewport}${title}`, () => {
      for (const control of controls.filter((c) => c.viewports?.includes(viewport) ?? true)) {
        test(`${control.name} on ${control.path}, tapped at first sight: ${control.effect} before the scripts run, and once after`, async ({
          browser,
          baseURL,
        }) => {
          test.setTimeout(60_000);
          await expectTapAtFirstSight(browser, baseURL, viewport, control, words);
        });
      }
    });
  }
}

/**
 * A page whose script files (those `which` names: by default every one of the app's) are
 * held back until the returned `release` is called.
 */
async function withScriptsHeld(page: Page, which: (url: URL) => boolean = isAppScript) {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(which, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The page is live: React has hydrated it, its islands aside. */
const pageLive = (page: Page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));

/** The page is live, and so is each island of it (which marks itself once its code runs). */
const live = async (page: Page) => {
  await pageLive(page);
  await page.waitForFunction(
    ([island, isLive]) => document.querySelector(`[${island}]:not([${isLive}])`) === null,
    [ISLAND_ATTRIBUTE, LIVE_ATTRIBUTE],
  );
};

test('a form sent at first sight, before the scripts run, answers as once live: the alert, the form closed and cleared', async ({
  page,
}) => {
  const release = await withScriptsHeld(page);
  const support = `/${legalApp.slug}/support`;
  await page.goto(support, { waitUntil: 'commit' });
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await fill(page);
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  // Held, not posted: the visitor stays on the page, with what they typed.
  await expect(page).toHaveURL(support);
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Ada');

  const alert = nextAlert(page);
  release();
  expect(await alert).toBe('Feedback sent successfully!');
  await expect(page).toHaveURL(`/${legalApp.slug}`);
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Send Feedback' }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue('');
});

test('Send Feedback at first sight opens the form in place; Cancel closes it in place; once live it works as before', async ({
  page,
}) => {
  const release = await withScriptsHeld(page);
  const app = `/${legalApp.slug}`;
  await page.goto(app, { waitUntil: 'commit' });
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await page.getByRole('link', { name: 'Send Feedback' }).click();
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(app);
  await page.getByLabel('First Name', { exact: true }).fill('Grace');
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(app);

  await page.getByRole('link', { name: 'Send Feedback' }).click();
  await expect(dialog).toBeVisible();
  release();
  await live(page);
  // The live form carries on: what was typed is there, and Escape closes it.
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Send Feedback' }).click();
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('First Name', { exact: true })).toHaveValue('Grace');
});

/** The slider's own code: an island, whose code comes after the page is live. */
const isSliderCode = (url: URL) => /\/assets\/all-projects-slider-[^/]+\.js$/.test(url.pathname);

/**
 * Opens /projects with the slider's code held (until `releaseSlider`), and once the page is
 * live moves the slider to its second app: the early script shows it.
 */
async function movedBeforeSliderCode(page: Page) {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const releaseSlider = await withScriptsHeld(page, isSliderCode);
  await page.goto('/projects', { waitUntil: 'commit' });
  await pageLive(page);
  const slider = page.getByRole('region', { name: 'All Projects' });
  const shown = slider.getByRole('group', { name: /, \d+ of \d+$/ });
  await shown.getByRole('link', { name: 'Next project' }).click();
  await expect(shown).toHaveAccessibleName(/, 2 of \d+$/);
  return { shown, releaseSlider };
}

if (SLIDER) {
  test('the slider and the carousel moved at first sight carry on from there once live, each move applied once', async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const release = await withScriptsHeld(page);
    await page.goto('/projects', { waitUntil: 'commit' });
    const slider = page.getByRole('region', { name: 'All Projects' });
    const shown = slider.getByRole('group', { name: /, \d+ of \d+$/ });
    await expect(shown).toHaveAccessibleName(/, 1 of \d+$/);
    await shown.getByRole('link', { name: 'Next project' }).click();
    await shown.getByRole('link', { name: 'Next project' }).click();
    await expect(shown).toHaveAccessibleName(/, 3 of \d+$/);
    await shown.getByRole('link', { name: 'Previous project' }).click();
    await expect(shown).toHaveAccessibleName(/, 2 of \d+$/);
    release();
    await live(page);
    await expect(shown).toHaveAccessibleName(/, 2 of \d+$/);
    await shown.getByRole('link', { name: 'Next project' }).click();
    await expect(shown).toHaveAccessibleName(/, 3 of \d+$/);
  });

  test('a slider move made once the page is live, before the slider’s own code has come, keeps its place', async ({
    page,
  }) => {
    const { shown, releaseSlider } = await movedBeforeSliderCode(page);
    releaseSlider();
    await live(page);
    await expect(shown).toHaveAccessibleName(/, 2 of \d+$/);
    await shown.getByRole('link', { name: 'Next project' }).click();
    await expect(shown).toHaveAccessibleName(/, 3 of \d+$/);
  });

  test('an arrow pressed before the slider’s own code has come and released after it moves the slider once', async ({
    page,
  }) => {
    const { shown, releaseSlider } = await movedBeforeSliderCode(page);
    // Pressed on the second page's arrow, which the early script showed; held while the
    // slider's code arrives and runs (two frames after it has come).
    await shown.getByRole('link', { name: 'Next project' }).hover();
    await page.mouse.down();
    const arrived = page.waitForEvent('requestfinished', (request) =>
      isSliderCode(new URL(request.url())),
    );
    releaseSlider();
    await arrived;
    await page.evaluate(
      () =>
        new Promise((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
        ),
    );
    await page.mouse.up();
    await expect(shown).toHaveAccessibleName(/, 3 of \d+$/);
    await live(page);
    await expect(shown).toHaveAccessibleName(/, 3 of \d+$/);
    await shown.getByRole('link', { name: 'Next project' }).click();
    // The fourth app, or the first again where there are three.
    await expect(shown).toHaveAccessibleName(
      new RegExp(`, ${(3 % appContent.length) + 1} of \\d+$`),
    );
  });
}

if (CAROUSEL_APP) {
  const app = CAROUSEL_APP;
  test('a tap before even the early taps’ effects have come is applied once they do, and once only', async ({
    page,
  }) => {
    const releaseEffects = await withScriptsHeld(page, (url) =>
      url.pathname.startsWith(`/${EARLY_EFFECTS_FILE_PREFIX}`),
    );
    const release = await withScriptsHeld(page);
    await page.goto(`/${app.slug}`, { waitUntil: 'commit' });
    const carousel = page.getByRole('region', { name: /screenshots$/ }).first();
    const position = carousel.getByText(/^\d+(–\d+)? \/ \d+$/);
    const total = screenshotCount(app);
    await expect(position).toHaveText(`1–4 / ${total}`);
    await carousel.getByRole('button', { name: 'Next screenshots' }).click();
    releaseEffects();
    await expect(position).toHaveText(`5–8 / ${total}`);
    release();
    await live(page);
    await expect(position).toHaveText(`5–8 / ${total}`);
  });

  test('the carousel stepped at first sight carries on from there once live, paused as it was left', async ({
    page,
  }) => {
    const release = await withScriptsHeld(page);
    await page.goto(`/${app.slug}`, { waitUntil: 'commit' });
    const total = screenshotCount(app);
    // Four to a slide on this window: the third slide starts at the ninth screenshot.
    const third = total > 9 ? `9–${Math.min(12, total)}` : '9';
    const carousel = page.getByRole('region', { name: /screenshots$/ }).first();
    const position = carousel.getByText(/^\d+(–\d+)? \/ \d+$/);
    await carousel.getByRole('button', { name: 'Pause screenshots' }).click();
    await carousel.getByRole('button', { name: 'Next screenshots' }).click();
    await carousel.getByRole('button', { name: 'Next screenshots' }).click();
    await expect(position).toHaveText(`${third} / ${total}`);
    await carousel.getByRole('button', { name: 'Previous screenshots' }).click();
    await expect(position).toHaveText(`5–8 / ${total}`);
    await expect(carousel.getByRole('button', { name: 'Pause screenshots' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    release();
    await live(page);
    await expect(position).toHaveText(`5–8 / ${total}`);
    await expect(carousel.getByRole('img', { name: /./ }).nth(4)).toBeInViewport();
    await carousel.getByRole('button', { name: 'Next screenshots' }).click();
    await expect(position).toHaveText(`${third} / ${total}`);
    // Still paused, as it was left before the page was live.
    await expect(carousel.getByRole('button', { name: 'Pause screenshots' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
}
