/**
 * The inbox's API: messages newest first, per app, searched, with their delivery state and
 * attempts; marking read, spam or not spam, sending again (or now, a waiting message),
 * forgetting a sender and the export, each the same store operation as the owner's
 * command, written to the audit list. Every route here needs a session (plugin.ts checks
 * it first).
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formFieldsOf, neutraliseInvisible } from '../../common/feedback.ts';
import {
  ExportQuerySchema,
  ForgetBodySchema,
  MessagesQuerySchema,
  ReadBodySchema,
  type InboxFilter,
  type InboxMessage,
  type MessageAnswer,
  type MessagesAnswer,
} from '../../common/owner-api.ts';
import { SPAM_REASONS } from '../cli/output.ts';
import type { Clock } from '../clock.ts';
import type { StoredMessage } from '../intake/types.ts';
import type { ChangeResult, ListOptions, RetryResult } from './types.ts';
import {
  exportMessages,
  exportSummary,
  forgetSender,
  markRead,
  markSpam,
  releaseSpam,
  sendAgain,
  type Actor,
} from './actions.ts';
import { errorAnswer } from './errors.ts';

/** Messages per page of the inbox. */
export const INBOX_PAGE = 50;

/** A message as the inbox shows it; invisible formatting in what a visitor wrote shows. */
export function inboxMessage(message: StoredMessage): InboxMessage {
  return {
    id: message.id,
    receivedAt: message.receivedAt,
    appName: message.appName,
    ...formFieldsOf((field) => neutraliseInvisible(message[field])),
    status: message.status,
    spamReason: message.spamReason && SPAM_REASONS[message.spamReason],
    attempts: message.attempts,
    nextAttemptAt: message.nextAttemptAt,
    lastError: message.lastError,
    sentAt: message.sentAt,
    readAt: message.readAt,
    language: message.language,
  };
}

function listOptions(query: {
  app?: string | undefined;
  filter: InboxFilter;
  q?: string | undefined;
}): ListOptions {
  const { filter } = query;
  return {
    appName: query.app || undefined,
    search: query.q,
    unread: filter === 'unread' || undefined,
    status: filter === 'all' || filter === 'unread' ? undefined : filter,
  };
}

const IdParams = z.strictObject({ id: z.string().min(4).max(64) });

export interface InboxRoutesOptions {
  clock: Clock;
}

export async function inboxRoutes(instance: FastifyInstance, { clock }: InboxRoutesOptions) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const store = instance.inbox;
  const owner = { owner: store, access: instance.ownerAccess };
  const actor = (request: FastifyRequest): Actor => ({ at: clock.now(), address: request.ip });

  const notFound = (reply: FastifyReply) =>
    reply.code(404).send(errorAnswer('not_found', 'No such message.'));

  /** Answers a change's outcome: the message as it now is, or why it is left as it is. */
  const answerChange = (
    reply: FastifyReply,
    result: RetryResult | ChangeResult,
    refused: string,
  ) => {
    if (result.kind === 'queued' || result.kind === 'changed') {
      return { message: inboxMessage(result.message) };
    }
    if (result.kind === 'already') {
      return reply
        .code(409)
        .send(errorAnswer('not_now', `This message is ${result.message.status}: ${refused}`));
    }
    return notFound(reply);
  };

  app.get('/messages', { schema: { querystring: MessagesQuerySchema } }, async (request) => {
    const [at, id] = request.query.after?.split('.') ?? [];
    const page = await store.list({
      ...listOptions(request.query),
      ...(at && id ? { after: { receivedAt: Number(at), id } } : {}),
      limit: INBOX_PAGE + 1,
    });
    const shown = page.slice(0, INBOX_PAGE);
    const last = shown.at(-1);
    return {
      messages: shown.map(inboxMessage),
      next: page.length > INBOX_PAGE && last ? `${last.receivedAt}.${last.id}` : null,
    } satisfies MessagesAnswer;
  });

  app.get('/messages/:id', { schema: { params: IdParams } }, async (request, reply) => {
    const found = await store.find(request.params.id);
    if (!found || 'ambiguous' in found) return notFound(reply);
    const attempts = await store.attemptsOf(found.id);
    return {
      message: inboxMessage(found),
      attempts: attempts.map(({ attempt, finishedAt, outcome, detail }) => ({
        attempt,
        finishedAt,
        outcome,
        detail,
      })),
    } satisfies MessageAnswer;
  });

  app.post(
    '/messages/:id/read',
    { schema: { params: IdParams, body: ReadBodySchema } },
    async (request, reply) => {
      const message = await markRead(owner, actor(request), request.params.id, request.body.read);
      if (!message) return notFound(reply);
      return { message: inboxMessage(message) };
    },
  );

  app.post('/messages/:id/spam', { schema: { params: IdParams } }, async (request, reply) =>
    answerChange(
      reply,
      await markSpam(owner, actor(request), request.params.id),
      'it is spam already, or being sent right now.',
    ),
  );

  /** A message queued, or due now: the outbox looks at once rather than at its next check. */
  const queued = <T extends RetryResult>(result: T): T => {
    if (result.kind === 'queued') instance.feedbackOutbox.notify();
    return result;
  };

  app.post('/messages/:id/not-spam', { schema: { params: IdParams } }, async (request, reply) =>
    answerChange(
      reply,
      queued(await releaseSpam(owner, actor(request), request.params.id)),
      'only messages taken for spam can be released.',
    ),
  );

  app.post('/messages/:id/retry', { schema: { params: IdParams } }, async (request, reply) =>
    answerChange(
      reply,
      queued(await sendAgain(owner, actor(request), request.params.id)),
      'only a message that waits, was not delivered or was taken for spam can be sent; one being sent right now cannot.',
    ),
  );

  app.post('/forget', { schema: { body: ForgetBodySchema } }, async (request) => {
    const { email, confirm } = request.body;
    if (!confirm) return { count: await store.countBySender(email) };
    return forgetSender(owner, actor(request), email);
  });

  app.get('/export', { schema: { querystring: ExportQuerySchema } }, async (request, reply) => {
    const { format } = request.query;
    const options = listOptions(request.query);
    const what = exportSummary(format, [options.appName, request.query.filter], options.search);
    const body = new PassThrough();
    exportMessages(
      owner,
      actor(request),
      options,
      format,
      (line) => body.write(`${line}\n`),
      what,
    ).then(
      () => body.end(),
      (error: unknown) => {
        request.log.error({ err: error }, 'the export stopped');
        body.destroy(error instanceof Error ? error : new Error(String(error)));
      },
    );
    const day = new Date(clock.now()).toISOString().slice(0, 10);
    return reply
      .header(
        'Content-Type',
        format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
      )
      .header('Content-Disposition', `attachment; filename="feedback-${day}.${format}"`)
      .send(body);
  });
}
