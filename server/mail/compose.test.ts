import { describe, expect, test } from 'vitest';
import type { StoredMessage } from '../intake/types.ts';
import { feedbackText } from './compose.ts';

const message: StoredMessage = {
  id: '0192c0de-0000-7000-8000-000000000001',
  receivedAt: Date.UTC(2026, 10, 29, 10, 0, 0),
  appName: 'EchoExpense',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  message: 'Me encanta la app.',
  spam: false,
  spamReason: null,
  readAt: null,
  language: null,
  status: 'pending',
  attempts: 0,
  queuedAt: null,
  nextAttemptAt: null,
  lastAttemptAt: null,
  lastError: null,
  sentAt: null,
  leaseUntil: null,
};

describe("the owner's mail", () => {
  test("names the page's language when it was not the site's default, so the answer is in it", () => {
    expect(feedbackText({ ...message, language: 'es' })).toContain(
      'Received: 2026-11-29T10:00:00.000Z\nLanguage: es\nId:',
    );
    expect(feedbackText(message)).not.toContain('Language:');
  });
});
