/**
 * The owner's pages at /owner and their API at /owner/api (common/owner-api.ts): sign-in with passkeys, the
 * inbox, the visits, the passkeys and sessions, the audit list.
 *
 * Without a session nothing here answers but 401 (the pages: with the sign-in page, which
 * holds no data; the API: with its reason) or, on another spelling of the site's host, a
 * redirect to the site's own (passkeys are bound to it). Only the sign-in itself answers
 * without one: the ceremonies' options and answers, and adding the first passkey through
 * an enrolment link. Every request that changes anything must come from a page of the site
 * (its Origin) and, once signed in, carry the session's change token; sign-in attempts are
 * capped per client address and over everyone, in the store.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import {
  EnrolBodySchema,
  EnrolOptionsBodySchema,
  OWNER_PAGES,
  SignInBodySchema,
} from '../../common/owner-api.ts';
import type { RoutableApp } from '../../common/paths.ts';
import type { Clock } from '../clock.ts';
import { secondsUntil } from '../intake/policy.ts';
import type { OwnerAccess, OwnerSession } from './types.ts';
import { accountRoutes } from './account-routes.ts';
import { AUDITED_FAILURES, failureCaps, OptionsAllowance } from './attempts.ts';
import { errorAnswer } from './errors.ts';
import { inboxRoutes } from './inbox-routes.ts';
import { CeremonyError, PasskeyCeremonies } from './passkeys.ts';
import {
  checkSession,
  digest,
  endsAt,
  fromTheSite,
  hasChangeToken,
  newSession,
  sessionCookie,
  type SignedIn,
} from './sessions.ts';
import type { OwnerSettings } from './settings.ts';
import { visitsRoutes } from './visits-routes.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The owner's session of a request to the owner's API that passed its checks. */
    ownerSession: SignedIn | null;
  }
  interface FastifyContextConfig {
    /** An API route of the sign-in, answered without a session. */
    signIn?: boolean;
  }
}

/** How often expired tickets and sessions are forgotten. */
const SWEEP_MS = 10 * 60_000;

/** The Content-Security-Policy of the owner's pages: the site's own files, nothing else. */
export const OWNER_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export interface OwnerPagesOptions {
  settings: OwnerSettings;
  /** The owner's page (the build's owner/index.html); undefined when this build has none. */
  page: string | undefined;
  /** The site's apps by name, for the inbox's filter. */
  appNames: readonly string[];
  /** The site's apps with their slugs, for the names in Visits. */
  apps: readonly RoutableApp[];
  clock: Clock;
}

export const ownerPages = fp<OwnerPagesOptions>(
  async function ownerPages(instance: FastifyInstance, options) {
    const { settings, clock } = options;
    const access: OwnerAccess = instance.ownerAccess;
    const ceremonies = new PasskeyCeremonies(access, settings, new URL(settings.origin).host);
    const salt = instance.capsKey;
    const clearCookie = sessionCookie(settings, '', 0);
    const allowance = new OptionsAllowance();
    const siteHost = new URL(settings.origin).host;

    instance.decorateRequest('ownerSession', null);

    async function register(app: FastifyInstance) {
      // The pages: the same file signed in or not; its status says which.
      const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
        // Passkeys work on the site's own host alone (127.0.0.1 is not localhost to them).
        if (request.host !== siteHost) {
          // The path and query alone: a request target in absolute form names another site.
          const { pathname, search } = new URL(request.url, settings.origin);
          return reply.redirect(`${settings.origin}${pathname}${search}`, 303);
        }
        const check = await checkSession(request, access, settings, clock.now());
        if (check.kind === 'ended') reply.header('Set-Cookie', clearCookie);
        reply
          .code(check.kind === 'open' ? 200 : 401)
          .header('Cache-Control', 'no-store')
          .header('X-Robots-Tag', 'noindex, nofollow')
          .header('Referrer-Policy', 'no-referrer');
        if (options.page === undefined) {
          return reply
            .header('Content-Type', 'text/plain; charset=utf-8')
            .send(
              'The owner’s pages are not in this build: run `npm run build`, then start the server again.',
            );
        }
        return reply
          .header('Content-Security-Policy', OWNER_PAGE_CSP)
          .header('Content-Type', 'text/html; charset=utf-8')
          .send(options.page);
      };
      app.get('/', sendPage);
      app.get('/*', sendPage);

      await app.register(
        async (api) => {
          const typed = api.withTypeProvider<ZodTypeProvider>();
          typed.setValidatorCompiler(validatorCompiler);
          typed.setSerializerCompiler(serializerCompiler);

          api.setErrorHandler((error: FastifyError, request, reply) => {
            if (error.validation) {
              const first = error.validation[0];
              return reply
                .code(400)
                .send(errorAnswer('invalid_body', first?.message ?? 'The request is not valid.'));
            }
            if (error instanceof CeremonyError) {
              return reply.code(401).send(errorAnswer('refused', error.message));
            }
            if (typeof error.statusCode === 'number' && error.statusCode < 500) {
              return reply.code(error.statusCode).send(errorAnswer('bad_request', error.message));
            }
            request.log.error({ err: error }, 'the owner’s API failed');
            return reply
              .code(503)
              .send(errorAnswer('unavailable', 'The store cannot be read right now; try again.'));
          });

          // Every answer of the API is private and never cached.
          api.addHook('onSend', (_request, reply, payload, done) => {
            reply.header('Cache-Control', 'no-store');
            done(null, payload);
          });

          // A session for every route but the sign-in's, then the locks on every change:
          // before the body is even read, so nothing but 401 answers without a session.
          api.addHook('onRequest', async (request, reply) => {
            const change = request.method !== 'GET' && request.method !== 'HEAD';
            if (!request.routeOptions.config.signIn) {
              const check = await checkSession(request, access, settings, clock.now());
              if (check.kind !== 'open') {
                if (check.kind === 'ended') reply.header('Set-Cookie', clearCookie);
                return reply
                  .code(401)
                  .send(
                    errorAnswer(
                      'signed_out',
                      check.kind === 'ended'
                        ? 'Your session has ended; sign in again.'
                        : 'Sign in first.',
                    ),
                  );
              }
              request.ownerSession = check.signedIn;
              if (change && !hasChangeToken(request, check.signedIn)) {
                request.log.warn('owner change refused: no change token');
                return reply
                  .code(403)
                  .send(errorAnswer('cross_site', 'Changes come from the owner’s pages alone.'));
              }
            }
            if (change && !fromTheSite(request, settings)) {
              request.log.warn(
                { origin: request.headers.origin ?? null },
                'owner change refused: another site',
              );
              return reply
                .code(403)
                .send(errorAnswer('cross_site', 'Changes come from the owner’s pages alone.'));
            }
            return undefined;
          });

          const refuse = (reply: FastifyReply, retryAt: number, now: number) =>
            reply
              .code(429)
              .header('Retry-After', String(secondsUntil(retryAt, now)))
              .send(errorAnswer('rate_limited', 'Too many sign-in attempts; try again later.'));

          /** Counts a request for options against its client's allowance; false when over. */
          const optionsAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
            const now = clock.now();
            const over = allowance.take(request.ip, now);
            if (!over) return true;
            request.log.warn('sign-in options asked for over their cap');
            await refuse(reply, over.retryAt, now);
            return false;
          };

          /** Whether the client and its network may try (false: answered 429). */
          const verificationAllowed = async (request: FastifyRequest, reply: FastifyReply) => {
            const now = clock.now();
            const full = await access.capsFull(failureCaps(request.ip, salt), now);
            if (!full) return true;
            request.log.warn('sign-in failures over their cap');
            await refuse(reply, full.retryAt, now);
            return false;
          };

          /** Counts a failed sign-in or enrolment; a sign-in's goes to the activity list. */
          const failed = async (request: FastifyRequest, signIn: string | null) => {
            const now = clock.now();
            await access.countAttempt(failureCaps(request.ip, salt), now);
            if (signIn === null) return;
            const audited = await access.countAttempt([AUDITED_FAILURES], now);
            if (!audited.ok) {
              request.log.warn({ reason: signIn }, 'sign-in refused (activity list at its cap)');
              return;
            }
            await access.audit({
              at: now,
              action: 'sign-in-refused',
              detail: signIn,
              address: request.ip,
            });
          };

          /** The answer of a sign-in: the session's cookie. */
          const signedIn = (reply: FastifyReply, secret: string, session: OwnerSession) =>
            reply
              .header('Set-Cookie', sessionCookie(settings, secret, settings.maxMs))
              .send({ ok: true, endsAt: endsAt(session, settings) });

          const signInRoute = { config: { signIn: true } };

          typed.post('/sign-in/options', signInRoute, async (request, reply) => {
            if (!(await optionsAllowed(request, reply))) return reply;
            return { options: await ceremonies.signInOptions(clock.now()) };
          });

          typed.post(
            '/sign-in',
            { ...signInRoute, schema: { body: SignInBodySchema } },
            async (request, reply) => {
              if (!(await verificationAllowed(request, reply))) return reply;
              const now = clock.now();
              let verified;
              try {
                verified = await ceremonies.verifySignIn(request.body.credential, now);
              } catch (error) {
                if (error instanceof CeremonyError) await failed(request, error.message);
                throw error;
              }
              const { session, secret } = newSession(request, verified.passkey.id, now);
              await access.signIn(verified.passkey.id, verified.counter, session, {
                at: now,
                action: 'signed-in',
                detail: verified.passkey.name,
                address: request.ip,
              });
              return signedIn(reply, secret, session);
            },
          );

          typed.post(
            '/enrol/options',
            { ...signInRoute, schema: { body: EnrolOptionsBodySchema } },
            async (request, reply) => {
              if (!(await optionsAllowed(request, reply))) return reply;
              if (!(await verificationAllowed(request, reply))) return reply;
              const now = clock.now();
              const link = await access.ticket(digest(request.body.link), 'enrol-link', now);
              if (!link) {
                await failed(request, null);
                return reply.code(401).send(LINK_GONE);
              }
              return { options: await ceremonies.registrationOptions('enrol', link.id, now) };
            },
          );

          typed.post(
            '/enrol',
            { ...signInRoute, schema: { body: EnrolBodySchema } },
            async (request, reply) => {
              if (!(await verificationAllowed(request, reply))) return reply;
              const now = clock.now();
              const linkId = digest(request.body.link);
              let passkey;
              try {
                passkey = await ceremonies.verifyRegistration(
                  'enrol',
                  linkId,
                  request.body.credential,
                  request.body.name,
                  now,
                );
              } catch (error) {
                if (error instanceof CeremonyError) await failed(request, null);
                throw error;
              }
              const { session, secret } = newSession(request, passkey.id, now);
              const enrolled = await access.enrol(linkId, passkey, session, {
                at: now,
                action: 'enrolled',
                detail: passkey.name,
                address: request.ip,
              });
              if (!enrolled) {
                await failed(request, null);
                return reply.code(401).send(LINK_GONE);
              }
              return signedIn(reply, secret, session);
            },
          );

          await api.register(inboxRoutes, { clock });
          await api.register(visitsRoutes, { clock, apps: options.apps });
          await api.register(accountRoutes, {
            settings,
            ceremonies,
            clock,
            clearCookie,
            appNames: options.appNames,
          });

          // Any other address of the API: 401 without a session (the hook), else 404.
          api.all('/*', async (request, reply) =>
            reply
              .code(404)
              .send(errorAnswer('not_found', `No API at ${request.url.split('?')[0] ?? ''}`)),
          );
        },
        { prefix: '/api' },
      );
    }

    await instance.register(register, { prefix: OWNER_PAGES });

    // Tickets past their time, and sessions past any expiry, are forgotten.
    const sweep = clock.setInterval(() => {
      const now = clock.now();
      access.forgetExpired(now, now - settings.maxMs).catch((error: unknown) => {
        instance.log.warn({ err: error }, 'could not forget expired tickets and sessions');
      });
    }, SWEEP_MS);
    sweep.unref();
    instance.addHook('onClose', async () => {
      clock.clearInterval(sweep);
    });
  },
  {
    name: 'owner-pages',
    dependencies: ['owner-repository', 'visit-repository', 'security-headers'],
  },
);

const LINK_GONE = errorAnswer(
  'link_gone',
  'This link has run out or was used already. Print a new one with `npm run feedback -- owner-link`.',
);
