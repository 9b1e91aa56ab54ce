import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '../../common/owner-api.ts';
import { replyHref } from './message-view.tsx';

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
