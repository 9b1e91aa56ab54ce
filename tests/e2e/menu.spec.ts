import { expect, test, type Page } from './fixtures.ts';
import { lastApp, legalApp, MENU_ORDER } from './site.ts';

function menuButton(page: Page) {
  return page.getByRole('button', { name: 'Menu' });
}

function menu(page: Page) {
  return page.getByRole('navigation', { name: 'Main menu' });
}

async function scrollToBottom(page: Page) {
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
}

/** Records every scroll position from now on. */
async function watchScroll(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { scrollSamples: number[] };
    w.scrollSamples = [];
    window.addEventListener('scroll', () => w.scrollSamples.push(window.scrollY));
  });
}

/** Once the page is at the top: the positions it passed through on the way, top excluded. */
async function positionsOnTheWayUp(page: Page): Promise<number[]> {
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  const samples = await page.evaluate(
    () => (window as unknown as { scrollSamples: number[] }).scrollSamples,
  );
  return samples.filter((y) => y > 0);
}

test.describe('the side menu', () => {
  // A short window, so every page is taller than it and can scroll.
  test.use({ viewport: { width: 390, height: 560 } });

  test.beforeEach(async ({ page }) => {
    await page.goto(`/${legalApp.slug}`);
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('opens with the menu button, moves focus in, and lists the pages in order', async ({
    page,
  }) => {
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'true');
    await expect(menu(page)).toBeVisible();
    await expect(menu(page).getByRole('link')).toHaveText(MENU_ORDER);
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeFocused();
  });

  test('closes with the menu button again', async ({ page }) => {
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await menuButton(page).click();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menu(page)).toBeHidden();
  });

  test('closes with Escape and gives focus back to the menu button', async ({ page }) => {
    await menuButton(page).click();
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton(page)).toBeFocused();
  });

  test('closes on a click outside it', async ({ page }) => {
    await menuButton(page).click();
    await expect(menu(page)).toBeVisible();
    await page.mouse.click(40, 400);
    await expect(menu(page)).toBeHidden();
    await expect(menuButton(page)).toHaveAttribute('aria-expanded', 'false');
  });

  test('each link opens its page and scrolls smoothly to the top', async ({ page }) => {
    await scrollToBottom(page);
    await menuButton(page).click();
    await watchScroll(page);
    await menu(page).getByRole('link', { name: 'All Projects' }).click();
    await expect(page).toHaveURL(/\/projects$/);
    // A smooth scroll passes through positions between the bottom and the top.
    expect((await positionsOnTheWayUp(page)).length).toBeGreaterThan(2);
    await expect(menu(page)).toBeHidden();
  });

  test('scrolls to the top at once when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await scrollToBottom(page);
    await menuButton(page).click();
    await watchScroll(page);
    await menu(page).getByRole('link', { name: lastApp.name, exact: true }).click();
    await expect(page).toHaveURL(`/${lastApp.slug}`);
    expect(await positionsOnTheWayUp(page)).toEqual([]);
  });
});
