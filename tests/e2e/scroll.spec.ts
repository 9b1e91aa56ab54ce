/// <reference lib="dom" />
import { expect, test, type Page } from './fixtures.ts';
import { lastApp } from './site.ts';

declare global {
  interface Window {
    /** Where the page stood when its HTML had been parsed, before any of its modules ran. */
    __scrollAtParse?: number;
  }
}

/** Records the scroll position at DOMContentLoaded, which comes before the page's scripts. */
function recordScrollAtParse() {
  document.addEventListener('DOMContentLoaded', () => {
    window.__scrollAtParse = window.scrollY;
  });
}

const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
const historyKey = (page: Page) =>
  page.evaluate(() => (window.history.state as { key?: unknown } | null)?.key);

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo(0, top), y);
  await expect.poll(() => scrollY(page)).toBe(y);
}

test.describe('scroll positions', () => {
  test('a fresh visit starts at the top, and its history entry gets a key of its own', async ({
    page,
  }) => {
    await page.goto(`/${lastApp.slug}`);
    expect(await scrollY(page)).toBe(0);
    const first = await historyKey(page);
    expect(typeof first).toBe('string');

    await page.goto('/projects');
    expect(await scrollY(page)).toBe(0);
    const second = await historyKey(page);
    expect(typeof second).toBe('string');
    expect(second).not.toBe(first);
  });

  test('a reloaded page opens where the visitor left it, before its scripts run', async ({
    page,
  }) => {
    await page.addInitScript(recordScrollAtParse);
    await page.goto(`/${lastApp.slug}`);
    // Well down the page, however long the app's page is.
    const y = await page.evaluate(() =>
      Math.min(700, Math.floor((document.documentElement.scrollHeight - innerHeight) / 2)),
    );
    expect(y).toBeGreaterThan(100);
    await scrollTo(page, y);

    await page.reload();
    await page.waitForFunction(() => window.__scrollAtParse !== undefined);
    expect(await page.evaluate(() => window.__scrollAtParse)).toBe(y);
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'));
    expect(await scrollY(page)).toBe(y);
  });

  test('going back returns to where the visitor was, and a new page starts at the top', async ({
    page,
  }) => {
    await page.goto(`/${lastApp.slug}`);
    const link = page
      .getByRole('navigation', { name: 'All pages' })
      .getByRole('link', { name: 'All Projects' });
    await link.scrollIntoViewIfNeeded();
    const left = await scrollY(page);
    expect(left).toBeGreaterThan(300);

    await link.click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect.poll(() => scrollY(page)).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(`/${lastApp.slug}`);
    await expect.poll(() => scrollY(page)).toBe(left);
  });
});
