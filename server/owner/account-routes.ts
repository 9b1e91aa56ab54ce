/**
 * The signed-in owner's own API: the session (its change token and what the pages show
 * first), signing out, the passkeys (add, remove), the open sessions (revoke) and the
 * audit list. Every route here needs a session (plugin.ts checks it first).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddPasskeyBodySchema,
  ConfirmBodySchema,
  type Credential,
  AUDIT_PAGE,
  type AuditAnswerEntry,
  type PasskeyAnswer,
  type SessionAnswer,
  type SessionListEntry,
} from '../../common/owner-api.ts';
import type { Clock } from '../clock.ts';
import type { AuditAction, Passkey } from './types.ts';
import { errorAnswer } from './errors.ts';
import type { PasskeyCeremonies } from './passkeys.ts';
import { endsAt, type SignedIn } from './sessions.ts';
import type { OwnerSettings } from './settings.ts';

/** Each audit action in words. */
export const AUDIT_LABELS: Record<AuditAction, string> = {
  'link-created': 'Enrolment link made',
  enrolled: 'First passkey added through a link',
  'signed-in': 'Signed in',
  'sign-in-refused': 'Sign-in refused',
  'signed-out': 'Signed out',
  'session-revoked': 'Session signed out from another',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'marked-read': 'Marked as read',
  'marked-unread': 'Marked as unread',
  'marked-spam': 'Marked as spam',
  'released-spam': 'Released from spam',
  retried: 'Queued to send again',
  'sent-now': 'Sent now, without waiting for its next try',
  'sender-forgotten': 'Sender forgotten',
  purged: 'Old messages deleted',
  exported: 'Messages exported',
};

function passkeyAnswer(key: Passkey): PasskeyAnswer {
  return { id: key.id, name: key.name, createdAt: key.createdAt, lastUsedAt: key.lastUsedAt };
}

export interface AccountRoutesOptions {
  settings: OwnerSettings;
  ceremonies: PasskeyCeremonies;
  clock: Clock;
  /** The Set-Cookie that clears the session's cookie. */
  clearCookie: string;
  /** The site's apps by name. */
  appNames: readonly string[];
}

/** The session of a request that passed the plugin's checks. */
function signedInOf(request: FastifyRequest): SignedIn {
  if (!request.ownerSession) throw new Error('A route of the owner’s API ran without a session');
  return request.ownerSession;
}

export async function accountRoutes(instance: FastifyInstance, options: AccountRoutesOptions) {
  const { settings, ceremonies, clock, clearCookie } = options;
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const access = instance.ownerAccess;
  const entry = (request: FastifyRequest, action: AuditAction, detail?: string) => ({
    at: clock.now(),
    action,
    detail,
    address: request.ip,
  });

  app.get('/session', async (request) => {
    const { session, token } = signedInOf(request);
    const pause = await instance.inbox.deliveryPause();
    return {
      token,
      endsAt: endsAt(session, settings),
      apps: [...options.appNames],
      deliveryPaused: pause ? { reason: pause.reason, since: pause.since } : null,
      deliveryOn: instance.feedbackOutbox.enabled,
    } satisfies SessionAnswer;
  });

  app.post('/sign-out', async (request, reply) => {
    const { session } = signedInOf(request);
    await access.endSession(session.id, clock.now(), entry(request, 'signed-out'));
    return reply.header('Set-Cookie', clearCookie).code(204).send();
  });

  app.get('/passkeys', async () => ({
    passkeys: (await access.passkeys()).map(passkeyAnswer),
  }));

  /**
   * A passkey is added or removed only after a fresh check with one of the owner's passkeys
   * (a session alone, taken from a lost or shared device, is not enough): its options here,
   * for this session alone; its answer comes with the change. Resolves once it is valid.
   */
  const confirm = async (request: FastifyRequest, confirmation: Credential) => {
    const now = clock.now();
    const { session } = signedInOf(request);
    const { passkey, counter } = await ceremonies.verifySignIn(confirmation, now, session.id);
    await access.usePasskey(passkey.id, counter, now);
  };

  app.post('/passkeys/confirm/options', async (request) => ({
    options: await ceremonies.signInOptions(clock.now(), signedInOf(request).session.id),
  }));

  app.post('/passkeys/options', { schema: { body: ConfirmBodySchema } }, async (request) => {
    await confirm(request, request.body.confirmation);
    return {
      options: await ceremonies.registrationOptions(
        'add-passkey',
        signedInOf(request).session.id,
        clock.now(),
      ),
    };
  });

  app.post('/passkeys', { schema: { body: AddPasskeyBodySchema } }, async (request, reply) => {
    const now = clock.now();
    const passkey = await ceremonies.verifyRegistration(
      'add-passkey',
      signedInOf(request).session.id,
      request.body.credential,
      request.body.name,
      now,
    );
    await access.addPasskey(passkey, entry(request, 'passkey-added', passkey.name));
    return reply.code(201).send({ passkey: passkeyAnswer(passkey) });
  });

  app.delete(
    '/passkeys/:id',
    {
      schema: {
        params: z.strictObject({ id: z.string().min(1).max(1024) }),
        body: ConfirmBodySchema,
      },
    },
    async (request, reply) => {
      const { session } = signedInOf(request);
      await confirm(request, request.body.confirmation);
      const key = await access.passkey(request.params.id);
      const removed = await access.removePasskey(
        request.params.id,
        entry(request, 'passkey-removed', key?.name),
      );
      if (removed === 'last') {
        return reply
          .code(409)
          .send(
            errorAnswer(
              'last_passkey',
              'This is your only passkey: add another before removing it.',
            ),
          );
      }
      if (removed === 'not-found') {
        return reply.code(404).send(errorAnswer('not_found', 'No such passkey.'));
      }
      // Its sessions have ended, this one too when it was signed in with it.
      if (session.passkeyId === request.params.id) reply.header('Set-Cookie', clearCookie);
      return reply.code(204).send();
    },
  );

  app.get('/sessions', async (request) => {
    const current = signedInOf(request).session.id;
    const now = clock.now();
    const open = (await access.openSessions()).filter((session) => endsAt(session, settings) > now);
    return {
      sessions: open.map((session): SessionListEntry => ({
        id: session.id,
        createdAt: session.createdAt,
        seenAt: session.seenAt,
        address: session.address,
        userAgent: session.userAgent,
        current: session.id === current,
      })),
    };
  });

  app.delete(
    '/sessions/:id',
    { schema: { params: z.strictObject({ id: z.string().min(1).max(100) }) } },
    async (request, reply) => {
      const current = signedInOf(request).session.id;
      const { id } = request.params;
      const ended = await access.endSession(
        id,
        clock.now(),
        entry(request, id === current ? 'signed-out' : 'session-revoked'),
      );
      if (!ended) return reply.code(404).send(errorAnswer('not_found', 'No such session.'));
      if (id === current) reply.header('Set-Cookie', clearCookie);
      return reply.code(204).send();
    },
  );

  app.get(
    '/audit',
    { schema: { querystring: z.strictObject({ before: z.string().max(64).optional() }) } },
    async (request) => ({
      entries: (await access.auditLog(AUDIT_PAGE, request.query.before)).map(
        (item): AuditAnswerEntry => ({ ...item, label: AUDIT_LABELS[item.action] }),
      ),
    }),
  );
}
