/**
 * The owner's sessions: a random secret in a cookie (HttpOnly, SameSite=Strict, Secure on
 * https, scoped to the owner's pages), only its digest in the store, so a copy of the
 * store opens no session. A session ends when signed out or revoked, after it has gone
 * unused for the idle time, or at its absolute expiry, whichever comes first; each check
 * reads the store, so an ended session is refused at once on every instance.
 *
 * Every change also carries a token derived from the secret, which only a page of the
 * site can read (GET /owner/api/session), and an Origin of the site: with the SameSite
 * cookie, three locks against a request sent from another site.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { CHANGE_TOKEN_HEADER } from '../../common/owner-api.ts';
import type { OwnerAccess, OwnerSession } from './types.ts';
import type { OwnerSettings } from './settings.ts';

/** A new secret: 32 random bytes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the store keeps of a secret. */
export function digest(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

/** The token of a session's changes, derived from its secret. */
export function changeToken(secret: string): string {
  return createHash('sha256').update(`change:${secret}`).digest('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The values of a cookie in a Cookie header, each one sent: a page of a sibling host can set
 * one of the same name for the whole domain, which the browser sends beside ours.
 */
export function readCookies(header: string | undefined, name: string): string[] {
  const values: string[] = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at !== -1 && part.slice(0, at).trim() === name) values.push(part.slice(at + 1).trim());
  }
  return values;
}

/** Sessions tried from one request's cookies at most (a Cookie header is a few KB). */
const COOKIES_TRIED = 4;

/** The Set-Cookie of a session's secret; an empty secret and no lifetime clear it. */
export function sessionCookie(settings: OwnerSettings, secret: string, maxAgeMs: number): string {
  const { name, path, secure } = settings.cookie;
  return [
    `${name}=${secret}`,
    `Path=${path}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeMs / 1000))}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** A signed-in request's session, with its secret's change token. */
export interface SignedIn {
  session: OwnerSession;
  token: string;
}

export type SessionCheck =
  | { kind: 'open'; signedIn: SignedIn }
  /** No cookie, or one of no session. */
  | { kind: 'none' }
  /** A session that ended (signed out, revoked, idle or past its expiry). */
  | { kind: 'ended' };

/** When a session ends: signed out or revoked, idle, or at its absolute expiry. */
export function endsAt(session: OwnerSession, settings: OwnerSettings): number {
  if (session.endedAt !== null) return session.endedAt;
  return Math.min(session.seenAt + settings.idleMs, session.createdAt + settings.maxMs);
}

/** How often a session's last use is written: a minute, or less for a short idle time. */
function touchEveryMs(settings: OwnerSettings): number {
  return Math.min(60_000, settings.idleMs / 4);
}

/** Reads a request's session from its cookie, and keeps its last use. */
export async function checkSession(
  request: FastifyRequest,
  access: OwnerAccess,
  settings: OwnerSettings,
  now: number,
): Promise<SessionCheck> {
  // The cookie of a session, whichever of the same-named ones carries it: another one sent
  // beside it (a sibling host's) neither hides it nor signs the owner out.
  let found: { session: OwnerSession; secret: string } | undefined;
  let ended = false;
  for (const secret of readCookies(request.headers.cookie, settings.cookie.name).slice(
    0,
    COOKIES_TRIED,
  )) {
    if (!secret) continue;
    const session = await access.session(digest(secret));
    if (!session) continue;
    if (endsAt(session, settings) <= now) {
      ended = true;
      continue;
    }
    found = { session, secret };
    break;
  }
  if (!found) return { kind: ended ? 'ended' : 'none' };
  const { session, secret } = found;
  if (now - session.seenAt >= touchEveryMs(settings)) {
    await access.touchSession(session.id, now);
  }
  return { kind: 'open', signedIn: { session, token: changeToken(secret) } };
}

/** Whether a change's request carries its session's token. */
export function hasChangeToken(request: FastifyRequest, signedIn: SignedIn): boolean {
  const given = request.headers[CHANGE_TOKEN_HEADER];
  return typeof given === 'string' && sameText(given, signedIn.token);
}

/**
 * Whether a request comes from a page of the site itself: its Origin is the site's, or,
 * without one, the browser says it is same-origin.
 */
export function fromTheSite(request: FastifyRequest, settings: OwnerSettings): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === settings.origin;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

/** A new session for a sign-in from `request`, with the secret of its cookie. */
export function newSession(
  request: FastifyRequest,
  passkeyId: string,
  now: number,
): { session: OwnerSession; secret: string } {
  const secret = newSecret();
  const agent = request.headers['user-agent'];
  return {
    secret,
    session: {
      id: digest(secret),
      passkeyId,
      createdAt: now,
      seenAt: now,
      endedAt: null,
      address: request.ip,
      userAgent: (typeof agent === 'string' ? agent : '').slice(0, 300),
    },
  };
}
