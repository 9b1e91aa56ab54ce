/// <reference lib="dom" />
/**
 * Light and dark: the site follows the system's preference (Playwright's `colorScheme`), the
 * top bar's Theme control switches it and the choice outlives a reload, the page paints in
 * the chosen theme before any of its scripts has run, a choice made before they have run is
 * applied and kept, and the animated background takes the theme, running and paused.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { THEME_COLORS } from '../../common/theme.ts';
import { THEME_SCRIPT } from '../../common/theme-script.ts';
import { expect, test, type Page } from './fixtures.ts';

declare global {
  interface Window {
    /** The scene's test hook: the colours its materials hold. */
    __backgroundColors?: () => { particles: string[]; metal: string };
    /** The scene's test hook: run on a software renderer too. */
    __backgroundAllowSoftwareRenderer?: unknown;
    /** The scene's test hook: frames rendered. */
    __backgroundFrames?: number;
    /** The page's background colour as its first frame was drawn (an init script below). */
    __firstFrameBackground?: string;
  }
}

/** Brightness as the eye weighs the channels, from 0 (black) to 1 (white). */
function lightness([r = 0, g = 0, b = 0]: Iterable<number>): number {
  return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
}

/**
 * How light the page's own background is, as a screenshot shows it: a few pixels at the
 * window's left edge, below the top bar, where no content lies.
 */
async function backgroundLightness(page: Page): Promise<number> {
  const png = await page.screenshot({ clip: { x: 2, y: 200, width: 4, height: 4 } });
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return lightness(data);
}

async function expectLightPage(page: Page) {
  await expect.poll(() => backgroundLightness(page)).toBeGreaterThan(0.8);
}

async function expectDarkPage(page: Page) {
  await expect.poll(() => backgroundLightness(page)).toBeLessThan(0.1);
}

/** The colour the browser gives its own interface around the page (`theme-color`) now. */
function browserColor(page: Page): Promise<string | undefined> {
  return page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
        (meta) => matchMedia(meta.media || 'all').matches,
      )?.content,
  );
}

const themeButton = (page: Page) => page.getByRole('button', { name: 'Theme', exact: true });
const choice = (page: Page, name: 'System' | 'Light' | 'Dark') =>
  page.getByRole('group', { name: 'Theme' }).getByRole('radio', { name, exact: true });

/** Opens the control, expects `name` to be the choice shown checked, and closes it again. */
async function expectChosen(page: Page, name: 'System' | 'Light' | 'Dark') {
  await themeButton(page).click();
  await expect(choice(page, name)).toBeChecked();
  await page.keyboard.press('Escape');
}

async function choose(page: Page, name: 'System' | 'Light' | 'Dark') {
  await themeButton(page).click();
  await choice(page, name).check();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('group', { name: 'Theme' })).toBeHidden();
}

test("every page's policy lets the theme script run: the server's, and the static hosts' _headers", async ({
  request,
}) => {
  const hash = `'sha256-${createHash('sha256').update(THEME_SCRIPT).digest('base64')}'`;
  for (const path of ['/', '/projects', '/no-such-page']) {
    const page = await request.get(path);
    expect(await page.text()).toContain(`<script>${THEME_SCRIPT}</script>`);
    expect(page.headers()['content-security-policy']).toContain(hash);
  }
  // nginx passes the server's pages and their headers through (deploy/nginx.conf).
  const headers = readFileSync('build/client/_headers', 'utf8');
  expect(headers).toMatch(
    new RegExp(`Content-Security-Policy: .*${hash.replace(/[+/]/g, '\\$&')}`),
  );
});

test.describe('following the system', () => {
  test.describe('that prefers light', () => {
    test.use({ colorScheme: 'light' });
    test('the page is light, and so is the browser around it', async ({ page }) => {
      await page.goto('/');
      await expectLightPage(page);
      expect(await browserColor(page)).toBe(THEME_COLORS.light);
      await expectChosen(page, 'System');
    });
  });

  test.describe('that prefers dark', () => {
    test.use({ colorScheme: 'dark' });
    test('the page is dark, and so is the browser around it', async ({ page }) => {
      await page.goto('/');
      await expectDarkPage(page);
      expect(await browserColor(page)).toBe(THEME_COLORS.dark);
    });

    test('without scripts the page still follows it, and shows no Theme control', async ({
      browser,
    }) => {
      const context = await browser.newContext({ javaScriptEnabled: false, colorScheme: 'dark' });
      const page = await context.newPage();
      await page.goto('/');
      await expectDarkPage(page);
      await expect(page.getByRole('button', { name: 'Menu' })).toBeVisible();
      await expect(themeButton(page)).toBeHidden();
      await context.close();
    });
  });
});

test.describe('the Theme control, on a system that prefers dark', () => {
  test.use({ colorScheme: 'dark' });

  test('switches the page at once, and the choice outlives a reload and other pages', async ({
    page,
  }) => {
    await page.goto('/');
    await expectDarkPage(page);

    await choose(page, 'Light');
    await expectLightPage(page);
    expect(await browserColor(page)).toBe(THEME_COLORS.light);

    await page.reload();
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    await expectLightPage(page);
    await expectChosen(page, 'Light');

    // Another document of the site, loaded afresh.
    await page.goto('/no-such-page');
    await expectLightPage(page);

    await choose(page, 'System');
    await expectDarkPage(page);
    await page.reload();
    await expectDarkPage(page);
  });

  test('a reloaded page paints in the chosen theme before any of its scripts has run', async ({
    page,
  }) => {
    await page.goto('/');
    await choose(page, 'Light');

    // The page's background as its first frame is drawn (a frame's callbacks run just before
    // it is painted), and none of the page's script files loads now.
    await page.addInitScript(() => {
      requestAnimationFrame(() => {
        window.__firstFrameBackground = getComputedStyle(document.documentElement).backgroundColor;
      });
    });
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const first = await page.evaluate(() => window.__firstFrameBackground ?? '');
    expect(lightness(first.match(/\d+/g)?.map(Number) ?? []), first).toBeGreaterThan(0.8);
    await expectLightPage(page);
    expect(await browserColor(page)).toBe(THEME_COLORS.light);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');
  });

  test('a choice made before the page is live is applied at once and kept once it is', async ({
    page,
  }) => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/*.js', async (route) => {
      await held;
      await route.continue();
    });
    // Resolves once the page is live, which waits for the scripts held above.
    const live = page.goto('/');
    await choose(page, 'Light');
    await expectLightPage(page);
    await expect(page.locator('html')).not.toHaveAttribute('data-hydrated');

    release();
    await live;
    await expectLightPage(page);
    await expectChosen(page, 'Light');
    await page.reload();
    await expectLightPage(page);
  });

  test('works from the keyboard, with visible focus, and gives focus back on Escape', async ({
    page,
  }) => {
    await page.goto('/');
    const button = themeButton(page);
    await button.focus();
    await page.keyboard.press('Enter');
    const group = page.getByRole('group', { name: 'Theme' });
    await expect(group).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(choice(page, 'System')).toBeFocused();
    const outline = () =>
      page
        .locator('label', { has: page.locator('input:focus-visible') })
        .evaluate((label) => getComputedStyle(label).outlineStyle);
    expect(await outline()).toBe('solid');

    await page.keyboard.press('ArrowDown');
    await expect(choice(page, 'Light')).toBeChecked();
    await expectLightPage(page);
    await page.keyboard.press('ArrowDown');
    await expect(choice(page, 'Dark')).toBeChecked();
    await expectDarkPage(page);

    await page.keyboard.press('Escape');
    await expect(group).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('a choice in one tab applies to the site open in another', async ({ page, context }) => {
    await page.goto('/');
    const other = await context.newPage();
    await other.goto('/projects');
    await expectDarkPage(other);
    await choose(page, 'Light');
    await expectLightPage(other);
  });
});

test.describe('the animated background', () => {
  test.use({ colorScheme: 'dark' });
  test.describe.configure({ timeout: 90_000 });

  /** The scene's colours: each particle colour's lightness, and the metal's. */
  async function sceneLightness(page: Page) {
    const colors = await page.evaluate(() => window.__backgroundColors?.());
    if (!colors) return null;
    const rgb = (hex: string) => [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
    return {
      particles: colors.particles.map((hex) => lightness(rgb(hex))),
      metal: lightness(rgb(colors.metal)),
    };
  }

  test('takes the theme, running and paused', async ({ page }) => {
    // Headless Chromium draws WebGL in software, where visitors get the still background.
    await page.addInitScript(() => {
      window.__backgroundAllowSoftwareRenderer = true;
    });
    await page.goto('/');
    await page.waitForFunction(() => (window.__backgroundFrames ?? 0) > 3, null, {
      timeout: 45_000,
    });
    // Dark: points of light on the night sky.
    const dark = await sceneLightness(page);
    expect(Math.min(...(dark?.particles ?? [0]))).toBeGreaterThan(0.3);

    await choose(page, 'Light');
    // Light: deeper blues and violets that show on the pale page, and a paler metal.
    await expect
      .poll(async () => Math.max(...((await sceneLightness(page))?.particles ?? [1])))
      .toBeLessThan(0.6);
    const light = await sceneLightness(page);
    expect(light?.metal).toBeGreaterThan(dark?.metal ?? 1);

    // Paused, the scene draws no more frames of its own, and still takes the next theme.
    await page.getByRole('button', { name: 'Pause animation' }).click();
    await choose(page, 'Dark');
    await expect.poll(async () => (await sceneLightness(page))?.particles).toEqual(dark?.particles);
  });
});
