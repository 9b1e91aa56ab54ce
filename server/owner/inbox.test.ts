/**
 * The inbox's API, signed in: messages newest first, per app, searched, in pages; marking
 * read, spam and not spam, sending again, forgetting a sender and the export, each the same
 * as the owner's command does, and each written to the audit list.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import type { InboxMessage, MessageAnswer, MessagesAnswer } from '../../common/owner-api.ts';
import { runFeedbackCli } from '../cli/feedback.ts';
import {
  newFeedback,
  storeMessage,
  TestClock,
  type TestServer,
} from '../../tests/server/helpers.ts';
import { signedInOwner, type Browser } from '../../tests/server/owner-browser.ts';
import { INBOX_PAGE } from './inbox-routes.ts';

let server: TestServer;
let browser: Browser;
let clock: TestClock;

beforeEach(async () => {
  clock = new TestClock(Date.UTC(2025, 2, 1, 12));
  ({ server, browser } = await signedInOwner(clock));
});

afterEach(async () => {
  await server.close();
});

const store = () => server.app;

/** A change a moment after the one before, so the audit list orders them. */
function post(url: string, body?: unknown) {
  clock.advance(1);
  return browser.post(url, body);
}

async function messages(query = ''): Promise<MessagesAnswer> {
  const response = await browser.request({ url: `/owner/api/messages${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<MessagesAnswer>();
}

const ids = (answer: MessagesAnswer) => answer.messages.map((message) => message.id);

async function cli(...argv: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runFeedbackCli([...argv, '--data-dir', server.dataDir], {
    out: (text) => (out += `${text}\n`),
    err: () => undefined,
    env: {},
    now: () => clock.now(),
  });
  return { code, out };
}

test('newest first, per app, searched, unread alone, in pages', async () => {
  const now = clock.now();
  const ada = await storeMessage(store(), newFeedback(now - 3000, { message: 'Bills on time' }));
  const grace = await storeMessage(
    store(),
    newFeedback(now - 2000, { appName: 'Manzanos PopShop', firstName: 'Grace' }),
  );
  const spam = await storeMessage(store(), newFeedback(now - 1000, { spam: true }));
  expect(ids(await messages())).toEqual([spam, grace, ada]);
  expect(ids(await messages('?app=Manzanos%20PopShop'))).toEqual([grace]);
  expect(ids(await messages('?q=BILLS'))).toEqual([ada]);
  expect(ids(await messages('?filter=spam'))).toEqual([spam]);
  const [first] = (await messages('?filter=pending')).messages;
  expect(first).toMatchObject({
    id: grace,
    status: 'pending',
    attempts: 0,
    readAt: null,
    spamReason: null,
  } satisfies Partial<InboxMessage>);
  expect((await messages('?filter=spam')).messages[0]?.spamReason).toBe(
    'the form’s hidden field was filled',
  );

  for (let index = 0; index < INBOX_PAGE; index++) {
    await storeMessage(store(), newFeedback(now - 10_000 - index));
  }
  const page = await messages();
  expect(page.messages).toHaveLength(INBOX_PAGE);
  expect(page.next).not.toBeNull();
  const rest = await messages(`?after=${page.next ?? ''}`);
  expect(rest.messages).toHaveLength(3);
  expect(rest.next).toBeNull();
  expect(new Set([...ids(page), ...ids(rest)]).size).toBe(INBOX_PAGE + 3);
});

test('a message with its delivery attempts; marked read and unread', async () => {
  const id = await storeMessage(store(), newFeedback(clock.now()));
  const [claimed] = await store().outbox.claim({
    now: clock.now(),
    holder: 'w',
    leaseMs: 1000,
    limit: 1,
    maxPerHour: 0,
    retryBaseMs: 30_000,
    retryCapMs: 3_600_000,
  });
  await store().outbox.recordRetry(id, {
    holder: 'w',
    attempt: claimed?.attempt ?? 1,
    startedAt: clock.now(),
    finishedAt: clock.now() + 5,
    detail: '451 try later',
    nextAttemptAt: clock.now() + 60_000,
  });
  const shown = await browser.request({ url: `/owner/api/messages/${id}` });
  expect(shown.json<MessageAnswer>()).toMatchObject({
    message: { id, status: 'pending', attempts: 1, lastError: '451 try later' },
    attempts: [{ attempt: 1, outcome: 'retry', detail: '451 try later' }],
  });

  clock.advance(1000);
  const read = await browser.post(`/owner/api/messages/${id}/read`, { read: true });
  expect(read.json<{ message: InboxMessage }>().message.readAt).toBe(clock.now());
  expect(ids(await messages('?filter=unread'))).toEqual([]);
  await post(`/owner/api/messages/${id}/read`, { read: false });
  expect(ids(await messages('?filter=unread'))).toEqual([id]);
  const missing = await browser.request({ url: '/owner/api/messages/0190a1b2-no-such' });
  expect(missing.statusCode).toBe(404);
  const [newest] = await store().ownerAccess.auditLog(1);
  expect(newest).toMatchObject({ action: 'marked-unread', detail: id });
});

test('spam and not spam, and sending again, as the command does', async () => {
  const id = await storeMessage(store(), newFeedback(clock.now()));
  const spam = await post(`/owner/api/messages/${id}/spam`);
  expect(spam.json()).toMatchObject({
    message: { status: 'spam', spamReason: 'you marked it as spam' },
  });
  expect((await post(`/owner/api/messages/${id}/spam`)).statusCode).toBe(409);
  expect((await cli('show', id)).out).toContain('Status:    spam (you marked it as spam;');
  const released = await post(`/owner/api/messages/${id}/not-spam`);
  expect(released.json()).toMatchObject({ message: { status: 'pending' } });
  // Waiting: it is sent now.
  const now = await post(`/owner/api/messages/${id}/retry`);
  expect(now.json()).toMatchObject({
    message: { status: 'pending', nextAttemptAt: clock.now() },
  });

  // The command marks it spam; the inbox sends it again.
  clock.advance(1);
  expect((await cli('spam', id)).code).toBe(0);
  const again = await post(`/owner/api/messages/${id}/retry`);
  expect(again.json()).toMatchObject({ message: { status: 'pending' } });
  const actions = (await store().ownerAccess.auditLog(10)).map((entry) => entry.action);
  expect(actions.slice(0, 5)).toEqual([
    'retried',
    'marked-spam',
    'sent-now',
    'released-spam',
    'marked-spam',
  ]);
  const [, fromCommand] = await store().ownerAccess.auditLog(2);
  expect(fromCommand).toMatchObject({ detail: `${id}, from the command line`, address: null });
});

test('a waiting message is sent now, its attempts kept; in a pause, so is the pause’s next try', async () => {
  const id = await storeMessage(store(), newFeedback(clock.now()));
  const claim = (leaseMs: number) =>
    store().outbox.claim({
      now: clock.now(),
      holder: 'w',
      leaseMs,
      limit: 1,
      maxPerHour: 0,
      retryBaseMs: 30_000,
      retryCapMs: 3_600_000,
    });
  await claim(1000);
  await store().outbox.recordRetry(id, {
    holder: 'w',
    attempt: 1,
    startedAt: clock.now(),
    finishedAt: clock.now() + 5,
    detail: "delivery paused: TLS: the mail server's certificate is refused",
    nextAttemptAt: clock.now() + 3_600_000,
  });
  await store().outbox.pauseDelivery({
    reason: "TLS: the mail server's certificate is refused",
    since: clock.now(),
    retryAt: clock.now() + 600_000,
  });

  clock.advance(60_000);
  const hurried = await post(`/owner/api/messages/${id}/retry`);
  expect(hurried.statusCode).toBe(200);
  expect(hurried.json<{ message: InboxMessage }>().message).toMatchObject({
    status: 'pending',
    attempts: 1,
    nextAttemptAt: clock.now(),
  });
  expect((await store().inbox.deliveryPause())?.retryAt).toBe(clock.now());
  const shown = await browser.request({ url: `/owner/api/messages/${id}` });
  expect(shown.json<MessageAnswer>().attempts).toMatchObject([{ attempt: 1, outcome: 'retry' }]);
  const [entry] = await store().ownerAccess.auditLog(1);
  expect(entry).toMatchObject({ action: 'sent-now', detail: id });

  // Being sent right now: left alone. Sent: there is nothing to send.
  await claim(60_000);
  const sending = await post(`/owner/api/messages/${id}/retry`);
  expect(sending.statusCode).toBe(409);
  expect(sending.json()).toMatchObject({ error: { code: 'not_now' } });
  await store().outbox.recordSent(id, {
    holder: 'w',
    attempt: 2,
    startedAt: clock.now(),
    finishedAt: clock.now() + 5,
    detail: '250 OK',
  });
  const sent = await post(`/owner/api/messages/${id}/retry`);
  expect(sent.statusCode).toBe(409);
  expect(sent.json()).toMatchObject({
    error: { code: 'not_now', message: expect.stringMatching(/^This message is sent: /) as string },
  });
});

test('forgetting a sender says how many first, then deletes every message from them', async () => {
  await storeMessage(store(), newFeedback(clock.now(), { email: 'Grace@Example.com' }));
  await storeMessage(store(), newFeedback(clock.now(), { email: 'grace@example.com' }));
  const kept = await storeMessage(store(), newFeedback(clock.now()));
  const count = await browser.post('/owner/api/forget', {
    email: 'grace@EXAMPLE.com',
    confirm: false,
  });
  expect(count.json()).toEqual({ count: 2 });
  expect(ids(await messages())).toHaveLength(3);
  const forgotten = await browser.post('/owner/api/forget', {
    email: 'grace@example.com',
    confirm: true,
  });
  expect(forgotten.json()).toEqual({ deleted: 2, reclaimed: true });
  expect(ids(await messages())).toEqual([kept]);
  const [entry] = await store().ownerAccess.auditLog(1);
  expect(entry).toMatchObject({ action: 'sender-forgotten', detail: '2 messages' });
  expect(JSON.stringify(await store().ownerAccess.auditLog(10))).not.toContain('grace');
});

/** Every file under the store's folder, read whole (the database, its log, anything else). */
function dataDirBytes(folder = server.dataDir): Buffer {
  return Buffer.concat(
    readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => readFileSync(path.join(entry.parentPath, entry.name))),
  );
}

test('after a search, an export and forget, the address is left in no file of DATA_DIR', async () => {
  const address = 'alice.erase-me@example.com';
  await storeMessage(store(), newFeedback(clock.now(), { email: address, lastName: 'Erasable' }));
  await storeMessage(store(), newFeedback(clock.now(), { message: 'Someone else, kept' }));
  const searched = await messages(`?q=${encodeURIComponent(address)}`);
  expect(searched.messages).toHaveLength(1);
  clock.advance(1);
  const exported = await browser.request({
    url: `/owner/api/export?format=json&q=${encodeURIComponent(address)}`,
  });
  expect(JSON.parse(exported.body)).toHaveLength(1);
  const [entry] = await store().ownerAccess.auditLog(1);
  expect(entry).toMatchObject({ action: 'exported', detail: 'JSON, all, searched' });
  // An older version kept the search in the activity list: forget erases that too.
  await store().ownerAccess.audit({
    at: clock.now(),
    action: 'exported',
    detail: `JSON, all, ${address.toUpperCase()}`,
  });
  expect(dataDirBytes().includes(address)).toBe(true);

  const forgotten = await post('/owner/api/forget', { email: address, confirm: true });
  expect(forgotten.json()).toEqual({ deleted: 1, reclaimed: true });
  const bytes = dataDirBytes().toString('latin1').toLowerCase();
  expect(bytes).not.toContain(address);
  expect(bytes).not.toContain('erasable');
  expect(bytes).toContain('someone else, kept');
});

test('the activity list keeps 90 days', async () => {
  const access = store().ownerAccess;
  await access.audit({ at: clock.now(), action: 'purged', detail: '1 message' });
  clock.advance(89 * 24 * 60 * 60_000);
  await access.audit({ at: clock.now(), action: 'purged', detail: '2 messages' });
  await access.forgetExpired(clock.now(), 0);
  expect((await access.auditLog(100)).map((each) => each.detail)).toContain('1 message');
  clock.advance(2 * 24 * 60 * 60_000);
  await access.forgetExpired(clock.now(), 0);
  const details = (await access.auditLog(100)).map((each) => each.detail);
  expect(details).toContain('2 messages');
  expect(details).not.toContain('1 message');
});

test('the export is the command’s, as a file to download', async () => {
  await storeMessage(store(), newFeedback(clock.now() - 1000, { message: 'First, "quoted"' }));
  await storeMessage(store(), newFeedback(clock.now(), { appName: 'Manzanos PopShop' }));
  for (const format of ['csv', 'json'] as const) {
    clock.advance(1);
    const download = await browser.request({ url: `/owner/api/export?format=${format}` });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="feedback-2025-03-01.${format}"`,
    );
    expect(download.body).toBe((await cli('export', '--format', format)).out);
  }
  clock.advance(1);
  const oneApp = await browser.request({
    url: '/owner/api/export?format=json&app=Manzanos%20PopShop',
  });
  expect(JSON.parse(oneApp.body)).toHaveLength(1);
  const [entry] = await store().ownerAccess.auditLog(1);
  expect(entry).toMatchObject({ action: 'exported', detail: 'JSON, Manzanos PopShop, all' });
});
