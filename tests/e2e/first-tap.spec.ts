/**
 * A tap as soon as a control shows, on a throttled phone and desktop (CPU 4× slower, slow
 * 4G): the prerendered page paints a second or more before its scripts have taken over,
 * and a tap in that window must still do its work, once. Each test loads the page afresh,
 * taps the control the moment it is visible, and expects what the visitor notices (by role
 * and visible text) once the page is live, still there a moment later. A load whose tap
 * came after the page was already live proves nothing: it is loaded again (tests/first-tap.ts).
 */
import {
  describeTap,
  firstTapBeforeLive,
  firstTapControls,
  VIEWPORT_KINDS,
  worked,
  type ViewportKind,
} from '../first-tap.ts';
import { expect, test, type Page } from './fixtures.ts';
import { appContent, appWithoutLegal, legalApp, screenshotCount } from './site.ts';

/** The app with the most screenshots: its carousel has slides to move through on both. */
const CAROUSEL_APP = appContent.reduce((most, app) =>
  screenshotCount(app) > screenshotCount(most) ? app : most,
);
if (screenshotCount(CAROUSEL_APP) <= 8) {
  throw new Error('The first-tap tests need an app with more than 8 screenshots (3 slides of 4).');
}

const CONTROLS = firstTapControls({
  app: legalApp.slug,
  appWithoutSupport: appWithoutLegal?.slug,
  carouselApp: CAROUSEL_APP.slug,
  // "Previous" works as "Next" does: the benchmark taps it, the tests keep to the time.
  previous: false,
});

/** After the first tap opened the menu, a second one (on the live page) closes it. */
async function menuClosesAgain(page: Page, viewport: ViewportKind) {
  const button = page.getByRole('button', { name: 'Menu', exact: true });
  if (viewport === 'phone') await button.tap();
  else await button.click();
  await expect(page.getByRole('navigation', { name: 'Main menu', exact: true })).toBeHidden();
}

for (const viewport of VIEWPORT_KINDS) {
  test.describe(`on a throttled ${viewport}`, () => {
    for (const control of CONTROLS) {
      test(`${control.name} on ${control.path}, tapped as soon as it shows: ${control.effect}, once`, async ({
        browser,
        baseURL,
      }) => {
        // Up to three throttled loads, each a few seconds.
        test.setTimeout(90_000);
        const result = await firstTapBeforeLive(browser, {
          baseURL: baseURL ?? '',
          viewport,
          control,
          afterwards:
            control.name === 'Menu' ? (page) => menuClosesAgain(page, viewport) : undefined,
        });
        test.info().annotations.push({ type: 'first tap', description: describeTap(result) });

        expect(
          result.tappedBeforeLive,
          `tapped before the page was live: ${describeTap(result)}`,
        ).toBe(true);
        expect(worked(result), `the tap worked, once: ${describeTap(result)}`).toBe(true);
      });
    }
  });
}
