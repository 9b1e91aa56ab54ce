import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OWNER_API, type InboxMessage, type MessageAnswer } from '../../../common/owner-api.ts';
import type { Delivery } from '../../panel.ts';
import { MessageView, replyHref } from './message-view.tsx';

const message: InboxMessage = {
  id: '0190a1b2-0000-7000-8000-000000000000',
  receivedAt: Date.UTC(2025, 2, 1, 12),
  appName: 'EchoExpense',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada+apps@example.com',
  message: 'Line one & two\nLine three?',
  status: 'sent',
  spamReason: null,
  attempts: 1,
  nextAttemptAt: null,
  lastError: null,
  sentAt: Date.UTC(2025, 2, 1, 12, 1),
  readAt: null,
  language: null,
};

describe('a reply', () => {
  it('is addressed to the visitor, about the app, with the message quoted', () => {
    const href = replyHref(message);
    const url = new URL(href);
    expect(url.protocol).toBe('mailto:');
    expect(decodeURIComponent(url.pathname)).toBe('ada+apps@example.com');
    expect(url.searchParams.get('subject')).toBe('Re: your feedback about EchoExpense');
    expect(url.searchParams.get('body')).toMatch(
      /\n\nOn .+, Ada Lovelace wrote:\n> Line one & two\n> Line three\?\n$/,
    );
  });

  it('quotes a long message only in part, so mail clients open it', () => {
    const href = replyHref({ ...message, message: 'x'.repeat(5000) });
    const body = new URL(href).searchParams.get('body') ?? '';
    expect(body).toContain(`> ${'x'.repeat(1500)}…`);
    expect(href.length).toBeLessThan(2000);
  });
});

describe('Send now', () => {
  const waiting: InboxMessage = {
    ...message,
    status: 'pending',
    sentAt: null,
    attempts: 3,
    nextAttemptAt: Date.UTC(2025, 2, 1, 13),
    lastError: '451 4.3.0 Try again later',
    readAt: Date.UTC(2025, 2, 1, 12, 5),
  };
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

  /** The message view over an API that answers with `shown`; the requests it got. */
  function view(shown: InboxMessage, delivery: Delivery) {
    const requests: { url: string; method: string }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init: RequestInit = {}) => {
        requests.push({ url, method: init.method ?? 'GET' });
        return Promise.resolve(
          url.endsWith('/retry')
            ? json({ message: { ...shown, nextAttemptAt: Date.UTC(2025, 2, 1, 12, 30) } })
            : json({ message: shown, attempts: [] } satisfies MessageAnswer),
        );
      }),
    );
    const onChanged = vi.fn();
    render(
      <MemoryRouter>
        <MessageView id={shown.id} delivery={delivery} backTo="/owner" onChanged={onChanged} />
      </MemoryRouter>,
    );
    return { requests, onChanged };
  }

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends a waiting message without waiting for its next try, and says so', async () => {
    const { requests, onChanged } = view(waiting, 'on');
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(requests.at(-1)).toEqual({
      url: `${OWNER_API}/messages/${waiting.id}/retry`,
      method: 'POST',
    });
    expect(onChanged).toHaveBeenCalledWith('Due now: the server tries to mail it within seconds.');
  });

  it('in a pause of delivery, says the mail server is tried again now', async () => {
    const { onChanged } = view(waiting, 'paused');
    await userEvent.click(await screen.findByRole('button', { name: 'Send now' }));
    expect(onChanged).toHaveBeenCalledWith(
      'Delivery is paused: the server tries the mail server again now, and this message goes once it works.',
    );
  });

  it.each<[string, Partial<InboxMessage>, Delivery]>([
    ['a waiting message while delivery is off', {}, 'off'],
    ['a message mailed', { status: 'sent', sentAt: Date.UTC(2025, 2, 1, 12, 1) }, 'on'],
  ])('is not offered for %s', async (_name, fields, delivery) => {
    view({ ...waiting, ...fields }, delivery);
    await screen.findByRole('heading', { name: 'Ada Lovelace' });
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });

  it('a message not delivered is sent again', async () => {
    view({ ...waiting, status: 'dead' }, 'on');
    expect(await screen.findByRole('button', { name: 'Send again' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send now' })).toBeNull();
  });
});
