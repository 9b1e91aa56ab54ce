/**
 * What the owner's pages take from the server's settings: the one origin they live on
 * (OWNER_URL's, or else PUBLIC_URL's, which passkeys are bound to), their session cookie, and the sessions'
 * idle and absolute expiry.
 */
import { OWNER_PAGES } from '../../common/owner-api.ts';
import type { Config } from '../config.ts';

export interface OwnerSettings {
  /** The origin of the site, e.g. https://example.com: passkeys are made for it alone. */
  origin: string;
  /** The passkeys' relying party: the site's host name. */
  rpId: string;
  /** The address of the owner's pages, e.g. https://example.com/owner. */
  pagesUrl: string;
  cookie: {
    /** `__Secure-owner-session` on https, `owner-session` on http (a browser on this machine). */
    name: string;
    /** The owner's pages and their API alone: the visitors' pages never get the cookie. */
    path: string;
    secure: boolean;
  };
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after it began, however used. */
  maxMs: number;
}

/** The address of the owner's pages on the site at `publicUrl`. */
export function ownerPagesUrl(publicUrl: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${OWNER_PAGES}`;
}

export function ownerSettings(config: Config): OwnerSettings {
  const site = config.OWNER_URL ?? config.PUBLIC_URL;
  const url = new URL(site);
  const secure = url.protocol === 'https:';
  const pagesUrl = ownerPagesUrl(site);
  return {
    origin: url.origin,
    rpId: url.hostname,
    pagesUrl,
    cookie: {
      name: secure ? '__Secure-owner-session' : 'owner-session',
      path: new URL(pagesUrl).pathname,
      secure,
    },
    idleMs: config.OWNER_SESSION_IDLE_MINUTES * 60_000,
    maxMs: config.OWNER_SESSION_MAX_HOURS * 3_600_000,
  };
}
