/**
 * How feedback reaches the owner by mail: the mail server, the addresses, and the pace of
 * sending and retrying.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { emptyToUndefined, positiveNumber, wholeNumber, type Env } from './values.ts';

const ADDRESS = /^[^\s@<>"]+@[^\s@<>"]+$/;
const mailbox = z
  .string()
  .trim()
  .refine(
    (value) => {
      const named = /^[^<>\r\n]*<\s*([^<>\s]+)\s*>$/.exec(value);
      return ADDRESS.test(named ? (named[1] ?? '') : value);
    },
    { error: 'must be an address like feedback@example.com or "Portfolio <feedback@example.com>"' },
  );

export const mailSettings = {
  /**
   * The mail server feedback is sent through, e.g. `smtps://user:password@mail.example.com`
   * (smtp:// upgrades with STARTTLS when offered). Unset: delivery is off and messages wait
   * in the store.
   */
  SMTP_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({
        protocol: /^smtps?$/,
        hostname: /^.+$/,
        error: 'must be an address like smtps://user:password@mail.example.com:465',
      })
      .optional(),
  ),
  /** Who receives feedback (the owner); needed with SMTP_URL. */
  MAIL_TO: z.preprocess(emptyToUndefined, mailbox.optional()),
  /** The site's own sender address, e.g. "Portfolio <feedback@example.com>"; needed with SMTP_URL. */
  MAIL_FROM: z.preprocess(emptyToUndefined, mailbox.optional()),
  /** Mails sent per hour at most, over all visitors; default 100; 0 turns the cap off. */
  MAIL_MAX_PER_HOUR: z.preprocess(emptyToUndefined, wholeNumber(0).default(100)),
  /** First retry delay of a failed delivery in ms, doubled each time up to an hour; default 30000. */
  MAIL_RETRY_BASE_MS: z.preprocess(emptyToUndefined, wholeNumber(1).default(30_000)),
  /** Hours of retrying before a message is given up as dead; default 120 (five days). */
  MAIL_GIVE_UP_AFTER_HOURS: z.preprocess(emptyToUndefined, positiveNumber('hours').default(120)),
  /**
   * How long a message being sent stays claimed without a sign of life, in ms; after a crash
   * it is sent again once this has passed. Default 120000.
   */
  MAIL_LEASE_MS: z.preprocess(emptyToUndefined, wholeNumber(1000).default(120_000)),
  /**
   * Longest time one mail may take, connection, greeting, transfer and reply together, in
   * ms; then it is retried later. Default 120000.
   */
  MAIL_SEND_TIMEOUT_MS: z.preprocess(emptyToUndefined, wholeNumber(1000).default(120_000)),
  /**
   * While delivery is paused (the mail server refuses the site's login, sender or relay),
   * the wait between two tries, in ms; default 600000 (ten minutes).
   */
  MAIL_PAUSE_RETRY_MS: z.preprocess(emptyToUndefined, wholeNumber(1000).default(600_000)),
  /**
   * A PEM file of the certificate authorities trusted for the mail server's TLS instead of
   * the system's: for tests with a self-signed certificate. Default: unset (the system's).
   */
  SMTP_TLS_CA_FILE: z.preprocess(emptyToUndefined, z.string().optional()),
};

/** The mail server's address may hold its password. */
export const MAIL_SECRETS = ['SMTP_URL'];

/**
 * What the schema cannot see, and the certificates SMTP_TLS_CA_FILE names: delivery needs
 * the mail server and both addresses, and the file must be one of certificates. `shown`
 * describes a variable's value as every message does.
 */
export function mailChecks(
  env: Env,
  shown: (key: string) => string,
): { problems: string[]; SMTP_TLS_CA: string | undefined } {
  const problems: string[] = [];
  // Checked on the raw values, so every problem shows at once.
  if (emptyToUndefined(env.SMTP_URL) !== undefined) {
    for (const key of ['MAIL_TO', 'MAIL_FROM'] as const) {
      if (emptyToUndefined(env[key]) === undefined) {
        problems.push(`${key}: must be set when SMTP_URL is set (it is not set)`);
      }
    }
  }
  const caFile = emptyToUndefined(env.SMTP_TLS_CA_FILE);
  let certificates: string | undefined;
  if (typeof caFile === 'string') {
    try {
      certificates = readFileSync(caFile, 'utf8');
      if (!certificates.includes('-----BEGIN CERTIFICATE-----')) throw new Error('not PEM');
    } catch {
      problems.push(
        `SMTP_TLS_CA_FILE: must be a readable PEM file of certificates (${shown('SMTP_TLS_CA_FILE')})`,
      );
    }
  }
  return { problems, SMTP_TLS_CA: certificates };
}
