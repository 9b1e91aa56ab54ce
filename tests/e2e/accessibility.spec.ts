import { expect, expectNoAxeViolations as expectNoViolations, test } from './fixtures.ts';
import { legalApp } from './site.ts';

// Home, All Projects, every app page and every legal modal are checked with the showcase
// (tests/e2e/showcase.spec.ts); these are the pages and states it does not open.
test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  test('the 404 page has no violations', async ({ page }) => {
    await page.goto('/no-such-page');
    await expectNoViolations(page);
  });

  test('the open menu has no violations', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
    await expectNoViolations(page);
  });
});

test.describe('keyboard', () => {
  test('the first Tab reaches "Skip to content", which moves to the page content', async ({
    page,
  }) => {
    await page.goto(`/${legalApp.slug}`);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/#main$/);
  });

  test('the pause toggle reports its state', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Pause animation' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await page.keyboard.press('Space');
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
