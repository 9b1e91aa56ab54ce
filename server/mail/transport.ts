/**
 * The SMTP connection, through nodemailer, with the time-outs an outbox needs: 10 s to
 * connect and to be greeted, 60 s of silence on the socket. File and URL access in mail
 * content is off, so nothing in a message can make the server read a file or fetch a URL.
 */
import nodemailer from 'nodemailer';
import type Mail from 'nodemailer/lib/mailer/index.js';
import type SMTPPool from 'nodemailer/lib/smtp-pool/index.js';

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

/**
 * nodemailer options from an smtp:// or smtps:// address (user and password URL-encoded).
 * Connections are pooled: a backlog (after an outage) goes out over a few connections
 * instead of one per mail.
 */
export function smtpOptions(smtpUrl: string, maxConnections = 2): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const secure = url.protocol === 'smtps:';
  const options: SMTPPool.Options = {
    pool: true,
    maxConnections,
    maxMessages: 100,
    host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    ...SMTP_TIMEOUTS,
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  };
  if (url.username) {
    options.auth = {
      user: decodeURIComponent(url.username),
      pass: decodeURIComponent(url.password),
    };
  }
  return options;
}

export function createSmtpTransport(smtpUrl: string, maxConnections?: number): MailTransport {
  const transporter = nodemailer.createTransport(smtpOptions(smtpUrl, maxConnections));
  return {
    async send(mail) {
      const info = await transporter.sendMail(mail);
      return { response: info.response };
    },
    close() {
      transporter.close();
    },
  };
}
