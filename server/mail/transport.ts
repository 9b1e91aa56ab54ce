/**
 * The SMTP connection, through nodemailer, with the time-outs an outbox needs: 10 s to
 * connect and to be greeted, 60 s of silence on the socket, and an overall deadline per
 * mail (connection, greeting, transfer and reply together), so a server that trickles a
 * byte a minute cannot hold a send forever. File and URL access in mail content is off, so
 * nothing in a message can make the server read a file or fetch a URL.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { isLoopbackAddress } from '../intake/addresses.ts';

/** What the outbox needs from a mail transport. */
export interface MailTransport {
  /** Sends one mail; resolves with the server's final reply. */
  send(mail: Mail.Options): Promise<{ response: string }>;
  close(): void;
}

export const SMTP_TIMEOUTS = {
  /** To open the connection, in ms. */
  connectionTimeout: 10_000,
  /** For the server's greeting, in ms. */
  greetingTimeout: 10_000,
  /** Of silence on the socket, in ms. */
  socketTimeout: 60_000,
} as const;

export interface SmtpTransportOptions {
  /** Connections at once; default 2. */
  maxConnections?: number;
  /** Longest time one mail may take, all stages together, in ms; default 120000. */
  sendTimeoutMs?: number;
  /** Certificate authorities (PEM) trusted for the mail server instead of the system's. */
  ca?: string;
}

/** True for `localhost` and loopback addresses (127.0.0.0/8, ::1). */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  return bare === 'localhost' || isLoopbackAddress(bare);
}

/**
 * nodemailer options from an smtp:// or smtps:// address (user and password URL-encoded).
 * Connections are pooled: a backlog (after an outage) goes out over a few connections
 * instead of one per mail. smtp:// to any host but loopback must upgrade with STARTTLS
 * (`requireTLS`): the password and visitors' details never cross the network in clear.
 */
export function smtpOptions(
  smtpUrl: string,
  { maxConnections = 2, ca }: Pick<SmtpTransportOptions, 'maxConnections' | 'ca'> = {},
): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections,
    maxMessages: 100,
    host,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...SMTP_TIMEOUTS,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  };
  if (!secure && !isLoopbackHost(host)) options.requireTLS = true;
  if (ca !== undefined) options.tls = { ca };
  if (url.username) {
    options.auth = {
      user: decodeURIComponent(url.username),
      pass: decodeURIComponent(url.password),
    };
  }
  return options;
}

/** A send that did not finish within the deadline; retried like a time-out. */
class SendDeadlineError extends Error {
  override name = 'SendDeadlineError';
  readonly code = 'ETIMEDOUT';
  constructor(ms: number) {
    super(`The mail server did not finish within ${ms} ms`);
  }
}

export function createSmtpTransport(
  smtpUrl: string,
  { sendTimeoutMs = 120_000, ...options }: SmtpTransportOptions = {},
): MailTransport {
  const open = () => nodemailer.createTransport(smtpOptions(smtpUrl, options));
  let transporter: ReturnType<typeof open> | undefined;
  return {
    async send(mail) {
      const current = (transporter ??= open());
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          // The pool's connections are dropped (a send on another one is retried later);
          // the next send opens new ones.
          if (transporter === current) transporter = undefined;
          current.close();
          reject(new SendDeadlineError(sendTimeoutMs));
        }, sendTimeoutMs);
      });
      try {
        const info = await Promise.race([current.sendMail(mail), deadline]);
        return { response: info.response };
      } finally {
        clearTimeout(timer);
      }
    },
    close() {
      transporter?.close();
      transporter = undefined;
    },
  };
}
