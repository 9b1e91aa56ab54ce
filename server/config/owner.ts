/** The owner's pages (/owner): the site their passkeys are bound to, and their sessions. */
import { z } from 'zod';
import { absoluteHttpUrl, emptyToUndefined, positiveNumber } from './values.ts';

export const ownerSettings = {
  /**
   * The site the owner's pages (/owner) are opened on, whose host name passkeys are bound
   * to; default PUBLIC_URL. When the pages live on a static host and the API apart, the
   * API's own address, e.g. https://api.example.com.
   */
  OWNER_URL: z.preprocess(emptyToUndefined, absoluteHttpUrl.optional()),
  /**
   * How long a session of the owner's pages lasts without being used, in minutes; then the
   * owner signs in again. Default 30.
   */
  OWNER_SESSION_IDLE_MINUTES: z.preprocess(emptyToUndefined, positiveNumber('minutes').default(30)),
  /** How long a session of the owner's pages lasts at most, however used, in hours; default 12. */
  OWNER_SESSION_MAX_HOURS: z.preprocess(emptyToUndefined, positiveNumber('hours').default(12)),
};
