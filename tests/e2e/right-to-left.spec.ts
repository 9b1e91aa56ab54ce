/**
 * A language written right to left (the sample's Arabic): its pages are the mirror image of
 * the default language's, with no stylesheet of their own. The top bar starts at the right,
 * the menu slides in at the side of its button, and the rows of screenshots and projects move
 * on in the reading direction: "next" lies to the left, for the arrows, the arrow keys and a
 * swipe alike, with scripts and without.
 */
import { siteWordsIn } from '../../app/i18n/catalogues.ts';
import { directionOf } from '../../common/text-direction.ts';
import {
  clickAccessibleButton,
  expect,
  expectNoAxeViolations,
  test,
  type Locator,
  type Page,
} from './fixtures.ts';
import { appContent, manifest, notTested, screenshotCount } from './site.ts';

const language = manifest.otherLanguages?.find((code) => directionOf(code) === 'rtl');

/** The app with the most screenshots: its carousel has the most to move through. */
const app = appContent.reduce((most, each) =>
  screenshotCount(each) > screenshotCount(most) ? each : most,
);
const total = screenshotCount(app);

if (language === undefined) {
  notTested('Pages written right to left', 'language written right to left in content/site.ts');
} else {
  const words = siteWordsIn(language);
  const prefix = `/${language}`;
  const appPage = `${prefix}/${app.slug}`;

  /** Where a box starts and ends across the window, in pixels. */
  async function across(locator: Locator): Promise<{ left: number; right: number }> {
    const box = await locator.boundingBox();
    expect(box, 'the element has a box').not.toBeNull();
    return { left: box?.x ?? 0, right: (box?.x ?? 0) + (box?.width ?? 0) };
  }

  function carousel(page: Page): Locator {
    return page.getByRole('region', { name: words.carousel.label(app.name) });
  }

  /** The status the carousel reads out: which screenshots are on screen. */
  function shown(page: Page, from: number, perSlide: number): Locator {
    const to = Math.min(total, from + perSlide - 1);
    return carousel(page).getByText(words.carousel.slide(from, to, total), { exact: true });
  }

  test(`home and an app page in ${language} are marked right to left, and axe finds nothing`, async ({
    page,
  }) => {
    for (const path of [`${prefix}/`, appPage]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await expectNoAxeViolations(page);
    }
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the top bar starts at the right, and the menu slides in beside its button', async ({
      page,
    }) => {
      await page.goto(appPage);
      const bar = page.getByRole('banner');
      const home = bar.getByRole('link').first();
      const menuButton = bar.getByRole('button', { name: words.nav.menu });
      expect((await across(home)).right).toBeGreaterThan(350);
      expect((await across(menuButton)).left).toBeLessThan(40);

      await menuButton.click();
      const menu = page.getByRole('navigation', { name: words.nav.mainMenu });
      await expect(menu.getByRole('link', { name: words.nav.home })).toBeFocused();
      // Once it has slid in: flush with the window's left edge, where its button is.
      await expect.poll(async () => (await across(menu)).left).toBe(0);
      // Its links' words start at the right, as lines do.
      const panel = await across(menu);
      const text = await menu
        .getByRole('link', { name: words.nav.home })
        .evaluate((link): { left: number; right: number } => {
          const range = document.createRange();
          range.selectNodeContents(link);
          const box = range.getBoundingClientRect();
          return { left: box.left, right: box.right };
        });
      expect(panel.right - text.right).toBeLessThan(text.left - panel.left);
    });

    test('held sideways, the top bar keeps clear of a notch on either side', async ({ page }) => {
      const width = 844;
      await page.setViewportSize({ width, height: 390 });
      const browser = await page.context().newCDPSession(page);
      for (const side of ['left', 'right'] as const) {
        await browser.send('Emulation.setSafeAreaInsetsOverride', { insets: { [side]: 48 } });
        await page.goto(appPage);
        const bar = page.getByRole('banner');
        const home = await across(bar.getByRole('link').first());
        const menuButton = await across(bar.getByRole('button', { name: words.nav.menu }));
        expect(home.right, `the name, a notch at the ${side}`).toBeLessThanOrEqual(width - 48);
        expect(menuButton.left, `the menu button, a notch at the ${side}`).toBeGreaterThanOrEqual(
          48,
        );
      }
    });

    if (total <= 4) {
      notTested('A right-to-left carousel', 'app with 5 screenshots');
    } else {
      test('the carousel moves on to the left: arrows, arrow keys and a swipe', async ({
        page,
      }) => {
        await page.goto(appPage);
        const region = carousel(page);
        await region.scrollIntoViewIfNeeded();
        const shots = region.getByRole('img');
        const next = region.getByRole('button', { name: words.carousel.next });
        const previous = region.getByRole('button', { name: words.carousel.previous });
        if (!Array.isArray(app.screenshots)) {
          // The sample's placeholders are described in the page's language.
          await expect(shots.nth(0)).toHaveAccessibleName(
            words.carousel.placeholder(app.name, 1, total),
          );
        }
        // "Next" is the arrow on the left, pointing left.
        expect((await across(next)).right).toBeLessThan((await across(previous)).left);

        await region.getByRole('button', { name: words.carousel.pause }).click();
        const start = await across(region);
        const first = await across(shots.nth(0));
        expect(start.right - first.right).toBeLessThan(first.left - start.left);

        await next.click();
        await expect(shown(page, 3, 2)).toBeAttached();
        await expect(shots.nth(2)).toBeInViewport({ ratio: 0.5 });
        // The first screenshots left by the right, the way the row is read.
        await expect
          .poll(async () => (await across(shots.nth(0))).left)
          .toBeGreaterThan(start.right);

        // The left arrow key moves on, the right one back.
        await next.focus();
        await page.keyboard.press('ArrowLeft');
        await expect(shown(page, 5, 2)).toBeAttached();
        await page.keyboard.press('ArrowRight');
        await expect(shown(page, 3, 2)).toBeAttached();

        // A swipe from left to right brings in what lies to the left: the next screenshots.
        const viewport = await region.locator('img').nth(2).boundingBox();
        const y = (viewport?.y ?? 0) + (viewport?.height ?? 0) / 2;
        await page.mouse.move(60, y);
        await page.mouse.down();
        await page.mouse.move(200, y, { steps: 8 });
        await page.mouse.move(330, y, { steps: 8 });
        await page.mouse.up();
        await expect(shown(page, 5, 2)).toBeAttached();
        await expect(shots.nth(4)).toBeInViewport({ ratio: 0.5 });
      });
    }
  });

  if (appContent.length < 2) {
    notTested('All Projects right to left', 'second app');
  } else {
    test('All Projects: the next app is the arrow on the left, and the left arrow key', async ({
      page,
    }) => {
      await page.goto(`${prefix}/projects`);
      const slider = page.getByRole('region', { name: words.nav.allProjects });
      // The slide that is shown, named after its app (the carousels inside it are groups too).
      const names = appContent.map((each) => each.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
      const current = slider.getByRole('group', { name: new RegExp(`^(?:${names.join('|')})`) });
      const count = appContent.length;
      const first = appContent[0]?.name ?? '';
      const second = appContent[1]?.name ?? '';
      await expect(current).toHaveAccessibleName(words.slider.slide(first, 1, count));
      const next = current.getByRole('link', { name: words.slider.next });
      const previous = current.getByRole('link', { name: words.slider.previous });
      expect((await across(next)).right).toBeLessThan((await across(previous)).left);

      await next.click();
      await expect(current).toHaveAccessibleName(words.slider.slide(second, 2, count));
      await page.keyboard.press('ArrowRight');
      await expect(current).toHaveAccessibleName(words.slider.slide(first, 1, count));
      await page.keyboard.press('ArrowLeft');
      await expect(current).toHaveAccessibleName(words.slider.slide(second, 2, count));
    });
  }

  test.describe('with scripts blocked', () => {
    test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

    if (total <= 2) {
      notTested('A right-to-left carousel without scripts', 'app with 3 screenshots');
    } else {
      test("the browser's own scroll buttons are named in the page's language and move to the left", async ({
        page,
        context,
      }) => {
        await page.goto(appPage);
        const shots = carousel(page).getByRole('img');
        await expect(shots.nth(0)).toBeInViewport({ ratio: 0.5 });
        await expect(shots.nth(2)).not.toBeInViewport();
        const cdp = await context.newCDPSession(page);
        await clickAccessibleButton(page, cdp, words.carousel.next);
        await expect(shots.nth(2)).toBeInViewport({ ratio: 0.5 });
        await expect.poll(async () => (await across(shots.nth(0))).left).toBeGreaterThan(390);
        await clickAccessibleButton(page, cdp, words.carousel.previous);
        await expect(shots.nth(0)).toBeInViewport({ ratio: 0.5 });
      });
    }
  });
}
