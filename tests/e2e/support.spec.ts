/**
 * An app's support address, /<slug>/support (the Support URL of its store listing): its
 * Send Feedback form over its page, prerendered with its own title, in the sitemap, linked
 * from the page, closing back to the page and sending like the button's form.
 */
import { fill, nextAlert, VALUES } from './feedback-form.ts';
import { expect, expectNoAxeViolations, expectOnlyDialogInReach, test } from './fixtures.ts';
import { legalApp, legalApps, site } from './site.ts';

const SUPPORT = `/${legalApp.slug}/support`;

test('every app with legal pages has a prerendered support page with its own title', async ({
  request,
}) => {
  const sitemap = await (await request.get('/sitemap.xml')).text();
  for (const app of legalApps) {
    const response = await request.get(`/${app.slug}/support`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<title>Support for ${app.name} |`);
    expect(html).toMatch(/<meta name="description" content="[^"]+"/);
    expect(sitemap).toContain(`/${app.slug}/support</loc>`);
  }
});

test('opens the form over the app page, sends it, and closing returns to the page', async ({
  page,
}) => {
  await page.clock.install();
  await page.goto(SUPPORT);
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(legalApp.name);
  await expect(page.getByRole('heading', { level: 1, name: legalApp.name })).toBeAttached();
  await expectNoAxeViolations(page);

  await fill(page);
  await page.clock.fastForward('00:20');
  const alert = nextAlert(page);
  const response = page.waitForResponse('**/api/sendMail');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();
  const answered = await response;
  expect(answered.status()).toBe(202);
  expect(answered.request().postDataJSON()).toMatchObject({
    appName: legalApp.name,
    message: VALUES.Message,
  });
  expect(await alert).toBe('Feedback sent successfully!');
  await expect(page).toHaveURL(`/${legalApp.slug}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("shows the owner's name and contact details above the form, as a store's Support URL must", async ({
  page,
}) => {
  await page.goto(SUPPORT);
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toContainText(`I’m ${site.ownerName}, the developer of ${legalApp.name}.`);
  const dial = (number: string) => number.replace(/[^+\d]/g, '');
  const ways = [
    [site.contact.email, `mailto:${site.contact.email}`],
    [site.contact.phone, `tel:${dial(site.contact.phone)}`],
    [site.contact.sms, `sms:${dial(site.contact.sms)}`],
  ];
  const firstField = await dialog.getByLabel('First Name', { exact: true }).boundingBox();
  for (const [text, href] of ways) {
    const link = dialog.getByRole('link', { name: text }).and(page.locator(`[href="${href}"]`));
    await expect(link).toBeVisible();
    const box = await link.boundingBox();
    expect(box && firstField && box.y + box.height <= firstField.y, text).toBe(true);
  }
  // The form opened from the page's own button is the form alone.
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(`/${legalApp.slug}`);
  await page.getByRole('main').getByRole('link', { name: 'Send Feedback' }).click();
  const inPlace = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(inPlace.getByLabel('Message', { exact: true })).toBeVisible();
  await expect(inPlace.getByRole('link', { name: site.contact.email })).toHaveCount(0);
});

test('is linked beside Terms and Privacy; Escape closes it and focus returns', async ({ page }) => {
  await page.goto(`/${legalApp.slug}`);
  const link = page.getByRole('main').getByRole('link', { name: `Support for ${legalApp.name}` });
  await link.click();
  await expect(page).toHaveURL(SUPPORT);
  await expect(page.getByRole('dialog', { name: 'Send Feedback' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`/${legalApp.slug}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(link).toBeFocused();
});

test('loaded at its address: focus in the form, the page behind out of reach; a click beside the form or Escape returns to the page', async ({
  page,
}) => {
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  const menu = page.getByRole('button', { name: 'Menu' });
  await page.goto(SUPPORT);
  await expect(dialog.getByLabel('First Name', { exact: true })).toBeFocused();
  // Its click on the Menu button behind the form is a click beside the form: it closes it.
  await expectOnlyDialogInReach(page);
  await expect(page).toHaveURL(`/${legalApp.slug}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();

  await page.goto(SUPPORT);
  await expect(dialog.getByLabel('First Name', { exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(`/${legalApp.slug}`);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('reads without JavaScript: the form and its app are in the prerendered page', async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(SUPPORT);
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(legalApp.name);
  await expect(dialog.getByLabel('Message', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('link', { name: site.contact.email })).toHaveAttribute(
    'href',
    `mailto:${site.contact.email}`,
  );
  await context.close();
});
