/**
 * React takes over each prerendered page as it is: hydration finds nothing to fix. A page
 * whose HTML did not match would be rendered again in the browser (a long task, and a
 * flash), and React reports it as an error; so does a part of the page that hydrates after
 * the rest (`Deferred`) if it renders differently by then.
 */
import { expect, settled, test } from './fixtures.ts';
import { apps, lastApp, legalApp } from './site.ts';

const NOT_FOUND = '/no-such-page';

const PAGES = [
  '/',
  '/projects',
  `/${lastApp.slug}`,
  `/${apps[0]?.slug ?? lastApp.slug}`,
  `/${legalApp.slug}/privacy`,
  `/${legalApp.slug}/support`,
  `/${legalApp.slug}/feedback-sent`,
  NOT_FOUND,
];

test.describe('hydration', () => {
  for (const path of new Set(PAGES)) {
    test(`${path} hydrates as it was prerendered, with no error`, async ({ page }) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // The address of the not-found page answers 404, and the browser says so.
        const notFound = message.text().startsWith('Failed to load resource') && path === NOT_FOUND;
        if (message.type() === 'error' && !notFound) errors.push(message.text());
      });
      await page.goto(path);
      await settled(page);
      await expect(page.locator('main')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});
