import { expect, test } from '@playwright/test';

test('home page shows the owner and the sections', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About Me' })).toBeVisible();
});
