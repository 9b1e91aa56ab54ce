/** The Send Feedback form, driven as a visitor does. */
import { FEEDBACK_MIN_FILL_MS } from '../../common/feedback.ts';
import { expect, type Page } from './fixtures.ts';
import { legalApp } from './site.ts';

export const APP_PATH = `/${legalApp.slug}`;
export const APP_NAME = legalApp.name;

export const VALUES = {
  'First Name': 'Ada',
  'Last Name': 'Lovelace',
  Email: 'ada@example.com',
  Message: 'The payday calendar is exactly what I needed.',
} as const;

/** Opens the app page (an address, or a path of the base URL) and its feedback form. */
export async function openForm(page: Page, url: string = APP_PATH) {
  await page.goto(url);
  await page.getByRole('link', { name: 'Send Feedback' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Feedback' });
  await expect(dialog).toBeVisible();
  return dialog;
}

export async function fill(
  page: Page,
  values: Partial<Record<keyof typeof VALUES, string>> = VALUES,
) {
  for (const [label, value] of Object.entries(values)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
}

/** Accepts the next browser alert and resolves with its text. */
export function nextAlert(page: Page): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', (dialog) => {
      expect(dialog.type()).toBe('alert');
      const message = dialog.message();
      void dialog.accept().then(() => resolve(message));
    });
  });
}

/**
 * Fills the open form with `message` and submits it as a person does, the form open for
 * longer than software takes (or the server keeps it as spam); resolves with the alert's text.
 */
export async function submitFeedback(page: Page, message: string = VALUES.Message) {
  await fill(page, { ...VALUES, Message: message });
  // The page's clock is moved on past that time, rather than waited for (it keeps running).
  await page.clock.install();
  await page.clock.fastForward(FEEDBACK_MIN_FILL_MS + 200);
  const alert = nextAlert(page);
  await page
    .getByRole('dialog', { name: 'Send Feedback' })
    .getByRole('button', { name: 'Submit Feedback' })
    .click();
  return alert;
}
