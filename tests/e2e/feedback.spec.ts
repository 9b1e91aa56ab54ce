import { APP_NAME, fill, nextAlert, openForm, VALUES } from './feedback-form.ts';
import { expect, expectNoAxeViolations, test, type Locator, type Page } from './fixtures.ts';

/** A field's ValidityState flag, read in the page. */
function validity(field: Locator, flag: 'valueMissing' | 'typeMismatch' | 'customError') {
  // This project's Node types have no DOM: the element is described by what is read.
  type Field = { validity: Record<typeof flag, boolean> };
  return field.evaluate(
    (element: unknown, name: typeof flag) => (element as Field).validity[name],
    flag,
  );
}

function countFeedbackRequests(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/sendMail') count += 1;
  });
  return () => count;
}

test('a stored message: the success alert, the form closes, and reopens empty', async ({
  page,
}) => {
  // The page's clock, so the form can be "open for a while" as a person's is.
  await page.clock.install();
  const dialog = await openForm(page);
  await expect(dialog).toContainText(APP_NAME);
  await fill(page);
  await page.clock.fastForward('00:20');
  const alert = nextAlert(page);
  const response = page.waitForResponse('**/api/sendMail');
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

  const answered = await response;
  expect(answered.status()).toBe(202);
  expect(answered.request().postDataJSON()).toEqual({
    appName: APP_NAME,
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    message: VALUES.Message,
    // How long the form was open: a person takes longer than software (spam signal).
    formOpenMs: expect.any(Number) as unknown,
  });
  expect(
    (answered.request().postDataJSON() as { formOpenMs: number }).formOpenMs,
  ).toBeGreaterThanOrEqual(20_000);
  expect(answered.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
  expect(await alert).toBe('Feedback sent successfully!');
  await expect(dialog).toBeHidden();

  // The server has it, waiting for delivery (no mail server in this run).
  const ready = await page.request.get('/readyz');
  expect(ready.status()).toBe(200);
  expect(((await ready.json()) as { pending: number }).pending).toBeGreaterThanOrEqual(1);

  await page.getByRole('link', { name: 'Send Feedback' }).click();
  for (const label of Object.keys(VALUES)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue('');
  }
});

test('the server answering 500: the failure alert, the form stays with the values', async ({
  page,
}) => {
  await page.route('**/api/sendMail', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  const dialog = await openForm(page);
  await fill(page);
  const alert = nextAlert(page);
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

  expect(await alert).toBe('Failed to send feedback. Please try again later.');
  await expect(dialog).toBeVisible();
  for (const [label, value] of Object.entries(VALUES)) {
    await expect(page.getByLabel(label, { exact: true })).toHaveValue(value);
  }
  await expect(dialog.getByRole('button', { name: 'Submit Feedback' })).toBeEnabled();
});

test('the network failing: the error alert, the form stays with the values', async ({ page }) => {
  await page.route('**/api/sendMail', (route) => route.abort('failed'));
  const dialog = await openForm(page);
  await fill(page);
  const alert = nextAlert(page);
  await dialog.getByRole('button', { name: 'Submit Feedback' }).click();

  expect(await alert).toBe('Error sending feedback. Please try again later.');
  await expect(dialog).toBeVisible();
  await expect(page.getByLabel('Message', { exact: true })).toHaveValue(VALUES.Message);
});

test('the browser requires every field and an email address before anything is sent', async ({
  page,
}) => {
  const requests = countFeedbackRequests(page);
  const dialog = await openForm(page);
  const submit = dialog.getByRole('button', { name: 'Submit Feedback' });

  await submit.click();
  const firstName = page.getByLabel('First Name', { exact: true });
  expect(await validity(firstName, 'valueMissing')).toBe(true);
  await expect(firstName).toBeFocused();

  await fill(page, { ...VALUES, Email: 'not-an-email' });
  await submit.click();
  const email = page.getByLabel('Email', { exact: true });
  expect(await validity(email, 'typeMismatch')).toBe(true);
  expect(await validity(email, 'customError')).toBe(false);
  await expect(email).toBeFocused();

  await fill(page, { ...VALUES, Message: '   ' });
  await submit.click();
  const message = page.getByLabel('Message', { exact: true });
  await expect(message).toHaveJSProperty('validationMessage', 'Message is required.');
  await expect(message).toBeFocused();

  expect(requests()).toBe(0);
  await expect(dialog).toBeVisible();
});

test('keyboard: focus stays in the form, Escape closes it and focus returns', async ({ page }) => {
  const dialog = await openForm(page);
  await expect(page.getByLabel('First Name', { exact: true })).toBeFocused();
  // The page behind is inert: Tab only ever reaches the form's controls (or, past the last
  // one, the browser's own interface, as with every native modal dialog).
  let insideForm = 0;
  for (let index = 0; index < 12; index++) {
    await page.keyboard.press('Tab');
    const focusedInside = await dialog.locator(':focus').count();
    await expect(page.locator(':focus')).toHaveCount(focusedInside);
    insideForm += focusedInside;
  }
  expect(insideForm).toBeGreaterThanOrEqual(10);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Send Feedback' })).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('link', { name: 'Send Feedback' }).click();
  await dialog.getByRole('link', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
});

test('the form has no accessibility violations and no reachable honeypot', async ({ page }) => {
  const dialog = await openForm(page);
  await expect(dialog.getByRole('textbox')).toHaveCount(4);
  await expectNoAxeViolations(page, 'dialog');
});
