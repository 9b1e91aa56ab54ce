import { act, render, screen, waitFor, within } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi, type Mock } from 'vitest';
import { runEarlyScripts } from '../../lib/run-early-scripts.ts';
import { site } from '../../../content/index.ts';
import { FeedbackButton } from './feedback-button.tsx';

let fetchMock: Mock<typeof fetch>;
let alertMock: Mock<(message?: unknown) => void>;

/** The page's early script, in its head (happy-dom runs no script element). */
beforeAll(async () => {
  runEarlyScripts();
  // The form's chunk, compiled once here: the first test would otherwise wait for the
  // compiler, not the browser, past findByRole's time.
  await import('./feedback-modal.tsx');
});

beforeEach(() => {
  // The page is live (the root marks it), so the early script steps aside, unless a test
  // says otherwise.
  document.documentElement.dataset.hydrated = '';
  fetchMock = vi.fn<typeof fetch>();
  alertMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('alert', alertMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete document.documentElement.dataset.hydrated;
});

/** An app with a support address: Send Feedback is a link to it, opened in place once live. */
const ECHO = {
  appName: 'EchoExpense',
  pageHref: '/echoexpense',
  supportHref: '/echoexpense/support',
};

/** The control as it is on a page of the app: inside the router, at the app's page. */
function onPage(ui: ReactNode, path = '/echoexpense') {
  return <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>;
}

function answer(status: number): Response {
  return new Response(status === 202 ? '{"ok":true,"id":"x"}' : '{}', { status });
}

async function openForm() {
  const user = userEvent.setup();
  render(onPage(<FeedbackButton {...ECHO} />));
  await user.click(screen.getByRole('link', { name: 'Send Feedback' }));
  const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
  return { user, dialog };
}

async function fill(user: ReturnType<typeof userEvent.setup>, message = 'Love the reminders.') {
  await user.type(screen.getByLabelText('First Name'), 'Ada');
  await user.type(screen.getByLabelText('Last Name'), 'Lovelace');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.type(screen.getByLabelText('Message'), message);
}

function sentRequests() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url,
    method: init?.method,
    headers: init?.headers as Record<string, string>,
    body: JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, string>,
  }));
}

describe('the feedback form', () => {
  test('Send Feedback opens a dialog with the app name and four labelled, required fields', async () => {
    const { dialog } = await openForm();
    expect(dialog).toHaveTextContent('EchoExpense');
    const first = screen.getByLabelText('First Name');
    const last = screen.getByLabelText('Last Name');
    const email = screen.getByLabelText('Email');
    const message = screen.getByLabelText('Message');
    for (const field of [first, last, email, message]) expect(field).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(first).toHaveAttribute('maxLength', '100');
    expect(last).toHaveAttribute('maxLength', '100');
    expect(email).toHaveAttribute('maxLength', '254');
    expect(message).toHaveAttribute('maxLength', '5000');
    // The honeypot is not among the fields people and screen readers meet.
    expect(screen.getAllByRole('textbox')).toEqual([first, last, email, message]);
    expect(screen.getByRole('button', { name: 'Submit Feedback' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Cancel' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Close' })).toBeInTheDocument();
  });

  test('an app shown under a translated name sends its feedback under the name it is filed under', async () => {
    fetchMock.mockResolvedValue(answer(202));
    const user = userEvent.setup();
    render(onPage(<FeedbackButton {...ECHO} appName="EcoGastos" feedbackName="EchoExpense" />));
    await user.click(screen.getByRole('link', { name: 'Send Feedback' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    expect(dialog).toHaveTextContent('EcoGastos');
    // Without scripts, the form posts the same name.
    expect(dialog.querySelector('input[name="appName"]')).toHaveValue('EchoExpense');
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Feedback sent successfully!'));
    expect(sentRequests()[0]?.body.appName).toBe('EchoExpense');
  });

  test('a 2xx answer: the success alert, the dialog closes, the fields are cleared', async () => {
    fetchMock.mockResolvedValue(answer(202));
    const { user } = await openForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Feedback sent successfully!'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [request] = sentRequests();
    expect(request).toMatchObject({ url: '/api/sendMail', method: 'POST' });
    expect(request?.headers['Content-Type']).toBe('application/json');
    expect(request?.headers['Idempotency-Key']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(request?.body).toEqual({
      appName: 'EchoExpense',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Love the reminders.',
      // How long the form was open: what tells a person from software that posts at once.
      formOpenMs: expect.any(Number) as number,
    });

    await user.click(screen.getByRole('link', { name: 'Send Feedback' }));
    await screen.findByRole('dialog');
    for (const label of ['First Name', 'Last Name', 'Email', 'Message']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });

  test('says how long the form was open, counted from the first opening of this draft', async () => {
    fetchMock.mockResolvedValue(answer(202));
    let now = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => now);
    const { user } = await openForm();
    await fill(user);
    now += 4_000;
    // Closed and opened again: the draft, and its clock, carry on.
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    await user.click(screen.getByRole('link', { name: 'Send Feedback' }));
    await screen.findByRole('dialog');
    now += 3_000;
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Feedback sent successfully!'));
    expect(sentRequests()[0]?.body).toMatchObject({ formOpenMs: 7_000 });
  });

  test('another status: the failure alert, the dialog stays open with the values', async () => {
    fetchMock.mockResolvedValue(answer(500));
    const { user } = await openForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await waitFor(() =>
      expect(alertMock).toHaveBeenCalledWith('Failed to send feedback. Please try again later.'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    expect(screen.getByLabelText('Message')).toHaveValue('Love the reminders.');
  });

  test('a network failure: the error alert, the values kept', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { user } = await openForm();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));

    await waitFor(() =>
      expect(alertMock).toHaveBeenCalledWith('Error sending feedback. Please try again later.'),
    );
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
  });

  test('while sending, the button says so and is disabled; a double click sends once', async () => {
    let respond: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (respond = resolve)));
    const { user } = await openForm();
    await fill(user);
    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    await user.dblClick(submit);
    await user.keyboard('{Enter}');

    expect(submit).toHaveTextContent('Sending…');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('status')).toHaveTextContent('Sending your feedback…');
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await act(async () => respond(answer(202)));
    await waitFor(() => expect(alertMock).toHaveBeenCalledTimes(1));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  test('a retry of the same values reuses the Idempotency-Key; an edit makes a new one', async () => {
    fetchMock.mockResolvedValue(answer(503));
    const { user } = await openForm();
    await fill(user);
    const submit = screen.getByRole('button', { name: 'Submit Feedback' });
    await user.click(submit);
    await waitFor(() => expect(alertMock).toHaveBeenCalledTimes(1));
    await user.click(submit);
    await waitFor(() => expect(alertMock).toHaveBeenCalledTimes(2));
    await user.type(screen.getByLabelText('Message'), ' Also: dark mode?');
    fetchMock.mockResolvedValue(answer(202));
    await user.click(submit);
    await waitFor(() => expect(alertMock).toHaveBeenCalledTimes(3));

    const keys = sentRequests().map((request) => request.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  test('Cancel closes the dialog and keeps what was typed; focus returns to the button', async () => {
    const { user } = await openForm();
    await user.type(screen.getByLabelText('First Name'), 'Ada');
    await user.click(screen.getByRole('link', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Send Feedback' })).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Send Feedback' }));
    await screen.findByRole('dialog');
    expect(screen.getByLabelText('First Name')).toHaveValue('Ada');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('a name of blanks is refused before anything is sent', async () => {
    const { user } = await openForm();
    await fill(user);
    await user.clear(screen.getByLabelText('Last Name'));
    await user.type(screen.getByLabelText('Last Name'), '   ');
    await user.click(screen.getByRole('button', { name: 'Submit Feedback' }));
    expect(screen.getByLabelText('Last Name')).toBeInvalid();
    expect(screen.getByLabelText<HTMLInputElement>('Last Name').validationMessage).toBe(
      'Last Name is required.',
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('the form posts to the form endpoint without scripts, and its links lead back to the page', async () => {
    const { dialog } = await openForm();
    const form = dialog.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/sendMail/form');
    expect(form?.elements.namedItem('appName')).toHaveValue('EchoExpense');
    expect(form?.elements.namedItem('idempotencyKey')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/echoexpense');
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/echoexpense');
  });
});

describe('Send Feedback', () => {
  test('is a link to the support address, which a click opens in place', async () => {
    const user = userEvent.setup();
    render(onPage(<FeedbackButton {...ECHO} />));
    const link = screen.getByRole('link', { name: 'Send Feedback' });
    expect(link).toHaveAttribute('href', '/echoexpense/support');
    await user.click(link);
    expect(await screen.findByRole('dialog', { name: 'Send Feedback' })).toBeInTheDocument();
    expect(window.location.pathname).not.toBe('/echoexpense/support');
  });

  test("at the support address, the owner's contact details come above the form", async () => {
    render(onPage(<FeedbackButton {...ECHO} forceOpen />, '/echoexpense/support'));
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    const contact = within(dialog).getByText(new RegExp(`I’m ${site.ownerName}, the developer`));
    expect(contact).toHaveTextContent(`I’m ${site.ownerName}, the developer of EchoExpense.`);
    const email = within(dialog).getByRole('link', { name: site.contact.email });
    expect(email).toHaveAttribute('href', `mailto:${site.contact.email}`);
    const dial = (number: string) => number.replace(/[^+\d]/g, '');
    const links = within(dialog)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual(
      expect.arrayContaining([
        [site.contact.phone, `tel:${dial(site.contact.phone)}`],
        [site.contact.sms, `sms:${dial(site.contact.sms)}`],
      ]),
    );
    // Above the form: the details come first in the dialog's reading order.
    const form = dialog.querySelector('form');
    expect(form && email.compareDocumentPosition(form)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  test('opened in place by a click, the form comes without the contact details', async () => {
    const { dialog } = await openForm();
    expect(within(dialog).queryByRole('link', { name: site.contact.email })).toBeNull();
  });

  test('is a button that opens the form at once, before the page is live and without scripts, for an app without a support address', async () => {
    const user = userEvent.setup();
    render(
      onPage(<FeedbackButton appName="Watchlistr" pageHref="/watchlistr-web" />, '/watchlistr-web'),
    );
    const button = screen.getByRole('button', { name: 'Send Feedback' });
    // The form is in the page, closed, for the early script (and the browser) to open.
    const closed = await screen.findByRole('dialog', { hidden: true });
    expect(closed).toHaveTextContent('Send Feedback');
    expect(closed).toHaveTextContent('Watchlistr');
    expect(closed).not.toHaveAttribute('open');
    expect(closed).not.toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const id = closed.id;
    expect(id).not.toBe('');
    expect(button).toHaveAttribute('data-early', `open ${id}`);
    expect(button).toHaveAttribute('commandfor', id);
    expect(button).toHaveAttribute('command', 'show-modal');

    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Send Feedback' });
    expect(dialog).toBe(closed);
    expect(within(dialog).getByLabelText('Message')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('link', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  test('on the app’s page, the form opened and sent before the page was live is sent once it is, with what was typed', async () => {
    fetchMock.mockResolvedValue(answer(202));
    delete document.documentElement.dataset.hydrated;
    const container = document.createElement('div');
    document.body.append(container);
    const page = onPage(<FeedbackButton {...ECHO} inline />);
    // The prerendered app page: the form's chunk loaded, its HTML written out, closed.
    await import('./feedback-modal.tsx');
    container.innerHTML = renderToString(page);
    expect(within(container).queryByRole('dialog')).toBeNull();
    const sendFeedback = within(container).getByRole('link', { name: 'Send Feedback' });
    expect(sendFeedback).toHaveAttribute('data-early', expect.stringMatching(/^open /) as string);

    // Before the page is live: a tap opens the form at once, the visitor fills it and sends.
    const user = userEvent.setup();
    await user.click(sendFeedback);
    const dialog = within(container).getByRole('dialog', { name: 'Send Feedback' });
    expect(window.location.pathname).not.toBe('/echoexpense/support');
    await user.type(within(dialog).getByLabelText('First Name'), 'Ada');
    await user.type(within(dialog).getByLabelText('Last Name'), 'Lovelace');
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Message'), 'Sent before the page was live.');
    await user.click(within(dialog).getByRole('button', { name: 'Submit Feedback' }));
    // Held, not posted: the page is still there, with the form, and nothing sent yet.
    expect(within(container).getByRole('dialog', { name: 'Send Feedback' })).toBe(dialog);
    expect(fetchMock).not.toHaveBeenCalled();

    const root = await act(async () => hydrateRoot(container, page));
    document.documentElement.dataset.hydrated = '';
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Feedback sent successfully!'));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(sentRequests()[0]?.body).toMatchObject({
      appName: 'EchoExpense',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Sent before the page was live.',
    });
    await waitFor(() => expect(within(container).queryByRole('dialog')).toBeNull());
    expect(alertMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });

  test('the support page’s form closed before the page was live stays closed, and the close is done once live', async () => {
    delete document.documentElement.dataset.hydrated;
    const onDismiss = vi.fn();
    const container = document.createElement('div');
    document.body.append(container);
    const page = onPage(
      <FeedbackButton {...ECHO} forceOpen onDismiss={onDismiss} />,
      '/echoexpense/support',
    );
    await import('./feedback-modal.tsx');
    container.innerHTML = renderToString(page);
    const dialog = within(container).getByRole('dialog', { name: 'Send Feedback' });
    // Before the page is live: the close cross closes the form at once, in place.
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('link', { name: 'Close' }));
    expect(within(container).queryByRole('dialog')).toBeNull();
    expect(onDismiss).not.toHaveBeenCalled();

    const root = await act(async () => hydrateRoot(container, page));
    document.documentElement.dataset.hydrated = '';
    // Live, it does the close (to the app's page) once, and the form stays closed.
    await waitFor(() => expect(onDismiss).toHaveBeenCalledTimes(1));
    expect(within(container).queryByRole('dialog')).toBeNull();
    act(() => root.unmount());
    container.remove();
  });

  test('what was typed into the prerendered form before the page was live is sent', async () => {
    fetchMock.mockResolvedValue(answer(202));
    const container = document.createElement('div');
    document.body.append(container);
    const page = onPage(<FeedbackButton {...ECHO} forceOpen />, '/echoexpense/support');
    // The prerendered page: the form's chunk loaded, its HTML written out.
    await import('./feedback-modal.tsx');
    container.innerHTML = renderToString(page);
    const typed = {
      'First Name': 'Ada',
      'Last Name': 'Lovelace',
      Email: 'ada@example.com',
      Message: 'Typed before the page was live.',
    };
    for (const [label, value] of Object.entries(typed)) {
      const field = within(container).getByLabelText<HTMLInputElement>(label);
      field.value = value;
    }
    const root = await act(async () => hydrateRoot(container, page));
    const user = userEvent.setup();
    for (const [label, value] of Object.entries(typed)) {
      expect(within(container).getByLabelText(label)).toHaveValue(value);
    }
    await user.click(within(container).getByRole('button', { name: 'Submit Feedback' }));
    await waitFor(() => expect(alertMock).toHaveBeenCalledWith('Feedback sent successfully!'));
    expect(sentRequests()[0]?.body).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      message: 'Typed before the page was live.',
    });
    act(() => root.unmount());
    container.remove();
  });
});
