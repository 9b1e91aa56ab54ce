/**
 * When a failed delivery is tried again, and when it is given up. Temporary failures
 * (no connection, time-outs, 4xx replies) are retried with capped exponential backoff and
 * jitter for about five days, as RFC 5321 §4.5.4.1 advises. A refusal of the site itself
 * (its login, its sender address, the relay, the owner's address) or a failure of TLS with
 * the mail server (its certificate, STARTTLS) pauses all delivery; only
 * a refusal of one message's content (after its body was sent: a spam or virus filter) is
 * final for that message, and the others go on.
 */

/**
 * `temporary`: this message is tried again later. `permanent`: this message is refused for
 * good (dead). `pause`: the mail server refuses the site, not the message; every message
 * waits until the settings are fixed.
 */
export type FailureKind = 'temporary' | 'permanent' | 'pause';

export interface ClassifiedFailure {
  kind: FailureKind;
  /** SMTP reply code, when the server answered. */
  responseCode?: number;
  /** nodemailer's error code (ECONNECTION, ETIMEDOUT, EENVELOPE, EAUTH, …). */
  code?: string;
  /** The SMTP stage that failed (CONN, AUTH PLAIN, MAIL FROM, RCPT TO, DATA, …). */
  command?: string;
  /**
   * A security or policy refusal (5.7.x) of this message's content, once its body was sent:
   * the server had accepted the site's login, sender and recipient.
   */
  contentRefused?: true;
  /** One line for the store and the logs. */
  detail: string;
}

function property(error: unknown, key: string): unknown {
  return typeof error === 'object' && error !== null
    ? (error as Record<string, unknown>)[key]
    : undefined;
}

// Addresses in a server's reply may be the visitor's: the logs and the store keep only the domain.
const ADDRESS_IN_TEXT = /[^\s<>@"']+@([^\s<>@"']+)/g;

/** Removes the local part of any email address in a text. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS_IN_TEXT, '…@$1');
}

/** Stages of the SMTP session that concern the site, not one message's content. */
const SITE_STAGES = /^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH\b.*|MAIL FROM|RCPT TO)$/;

/** A reply with an enhanced status code 5.7.x (security or policy); the detail in group 1. */
const POLICY_REFUSAL = /^5\d\d[ -]5\.7\.(\d{1,3})\b/;

/**
 * 5.7.20 to 5.7.27: the sender's domain failed the DKIM, SPF, reverse DNS or DMARC checks, or
 * has a null MX (RFC 7372, RFC 7505). Though given after the body, they judge the site's
 * sending domain, the same for every message, not what one message says.
 */
const SENDER_AUTHENTICATION_DETAILS = new Set([20, 21, 22, 23, 24, 25, 26, 27]);

/**
 * Node's codes for a mail server's certificate that TLS refuses, with OpenSSL's words for
 * each (X509_verify_cert_error_string; OpenSSL 1.1 wrote "self signed"). nodemailer puts
 * its own code (ESOCKET, ETLS) in the place of Node's, and ETLS's message has "Error
 * initiating TLS - " before the words, so the words may be all that is left to tell them.
 */
const CERTIFICATE_REFUSALS: ReadonlyMap<string, string> = new Map([
  ['CERT_HAS_EXPIRED', 'certificate has expired'],
  ['CERT_NOT_YET_VALID', 'certificate is not yet valid'],
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
  ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'],
  ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'unable to get local issuer certificate'],
  ['UNABLE_TO_GET_ISSUER_CERT', 'unable to get issuer certificate'],
  ['CERT_REVOKED', 'certificate revoked'],
  ['CERT_SIGNATURE_FAILURE', 'certificate signature failure'],
  ['CERT_UNTRUSTED', 'certificate not trusted'],
  ['CERT_REJECTED', 'certificate rejected'],
  ['INVALID_CA', 'invalid ca certificate'],
  ['HOSTNAME_MISMATCH', 'hostname mismatch'],
]);

/** Node's words for a certificate that is not the mail server's name, before the names. */
const ALTNAME_INVALID = "hostname/ip does not match certificate's altnames";

/**
 * The TLS failure an error is, if it is one: a certificate refused (by Node's code, or by
 * OpenSSL's words when nodemailer replaced the code), or a handshake that OpenSSL's TLS
 * itself ended ("SSL routines": a wrong port for smtps://, no protocol in common). Both are
 * the mail server's settings or the site's, the same for every message.
 */
function tlsFailure(error: unknown, message: string): { code: string; what: string } | undefined {
  const code = property(error, 'code');
  const words = message
    .toLowerCase()
    .replace(/^error initiating tls - /, '')
    .replace(/self signed/g, 'self-signed')
    .trim();
  const byCode = typeof code === 'string' ? CERTIFICATE_REFUSALS.get(code) : undefined;
  if (byCode !== undefined) return { code: code as string, what: byCode };
  for (const [name, text] of CERTIFICATE_REFUSALS) {
    if (words === text) return { code: name, what: text };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID' || words.startsWith(ALTNAME_INVALID)) {
    return { code: 'ERR_TLS_CERT_ALTNAME_INVALID', what: words };
  }
  const library = property(error, 'library');
  const reason = property(error, 'reason');
  if (library === 'SSL routines' || (typeof code === 'string' && code.startsWith('ERR_SSL_'))) {
    return {
      code: typeof code === 'string' && code.startsWith('ERR_SSL_') ? code : 'ERR_SSL',
      what: typeof reason === 'string' ? reason : words,
    };
  }
  return undefined;
}

/**
 * Sorts a send error:
 * - `pause`: a refused login or a login required (530, 535, any EAUTH), a 5xx reply at
 *   connection, greeting, STARTTLS, MAIL FROM (the site's sender) or RCPT TO (the owner's own
 *   address), a security or policy refusal (5.7.x) anywhere but after the body, or one
 *   after the body that judges the sender's domain (SPF, DKIM, DMARC), and a TLS failure (a
 *   certificate refused, expired or not the server's, a STARTTLS upgrade refused or failed,
 *   a handshake that failed): all settings of the site, the same for every message;
 * - `permanent`: any other 5xx reply, that is to the message itself (DATA), a spam or virus
 *   filter's 5.7.x refusal of its content included (`contentRefused`);
 * - `temporary`: everything else (4xx, no connection, time-outs).
 *
 * The stage decides, not the code alone: filters such as rspamd, SpamAssassin or Gmail answer
 * a message they take for spam or a virus with 550 5.7.1 or 552 5.7.0 once its body has been
 * sent, and that says nothing about the site's settings.
 */
export function classifySendError(error: unknown): ClassifiedFailure {
  const responseCode = property(error, 'responseCode');
  const code = property(error, 'code');
  const reply = property(error, 'response');
  const message =
    typeof reply === 'string'
      ? reply
      : error instanceof Error
        ? error.message
        : 'the mail could not be sent';
  const detail = withoutAddresses(message.replace(/\s+/g, ' ').trim()).slice(0, 500);
  const command = property(error, 'command');
  const result: ClassifiedFailure = { kind: 'temporary', detail };
  if (typeof code === 'string') result.code = code;
  if (typeof command === 'string') result.command = command;
  if (typeof responseCode === 'number') result.responseCode = responseCode;
  const tls = tlsFailure(error, message);
  if (tls) {
    return {
      ...result,
      kind: 'pause',
      code: tls.code,
      // Whether the upgrade of smtp:// or the TLS of smtps://, nodemailer says CONN.
      command: command === 'STARTTLS' ? command : 'TLS',
      detail: withoutAddresses(
        CERTIFICATE_REFUSALS.has(tls.code) || tls.code === 'ERR_TLS_CERT_ALTNAME_INVALID'
          ? `the mail server's certificate is refused: ${tls.what} (${tls.code})`
          : `the TLS handshake with the mail server failed: ${tls.what} (${tls.code})`,
      ).slice(0, 500),
    };
  }
  // nodemailer names a reply to the end of the body EMESSAGE; a refused DATA command itself
  // (before any body) is EENVELOPE.
  const afterBody = command === 'DATA' && code === 'EMESSAGE';
  const refused = typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
  const policy = refused ? POLICY_REFUSAL.exec(typeof reply === 'string' ? reply : '') : null;
  const contentRefused =
    policy !== null && afterBody && !SENDER_AUTHENTICATION_DETAILS.has(Number(policy[1]));
  if (
    code === 'EAUTH' ||
    code === 'ETLS' ||
    responseCode === 530 ||
    responseCode === 535 ||
    (policy !== null && !contentRefused) ||
    (refused && typeof command === 'string' && SITE_STAGES.test(command))
  ) {
    result.kind = 'pause';
  } else if (refused) {
    result.kind = 'permanent';
    if (contentRefused) result.contentRefused = true;
  }
  return result;
}
