/**
 * A real SMTP server on loopback (the smtp-server package) that a test controls: it keeps
 * every mail it accepts, and answers the next DATA commands with the replies a test asks
 * for (421, 450, 550, …) before accepting again. It can offer STARTTLS with a given
 * certificate, require a login, and refuse at a stage (login, MAIL FROM, RCPT TO).
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The whole message as it arrived. */
  raw: string;
  /** Headers by lower-case name, unfolded, in order. */
  headers: Map<string, string[]>;
  /** The text body, with its transfer encoding undone. */
  text: string;
  envelope: { from: string; to: string[] };
}

export interface SinkReply {
  code: number;
  message: string;
}

/** A free TCP port on loopback (for a server that starts later). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let index = 0; index < joined.length; index++) {
    const char = joined[index] ?? '';
    const hex = joined.slice(index + 1, index + 3);
    if (char === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= and =?UTF-8?B?…?=). */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g,
      (_match, _charset, encoding: string, data: string) =>
        encoding.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

export function parseMail(raw: string, envelope: ReceivedMail['envelope']): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = split >= 0 ? raw.slice(0, split) : raw;
  const body = split >= 0 ? raw.slice(split + 4) : '';
  const headers = new Map<string, string[]>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body)
      : encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
        : body;
  return { raw, headers, text: text.replace(/\r\n/g, '\n'), envelope };
}

/** A stage of the SMTP session the sink can refuse at. */
export type SinkStage = 'auth' | 'mailFrom' | 'rcptTo';

export interface SinkOptions {
  /** Port to listen on; default a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /** Offer STARTTLS with this key and certificate (PEM); default no TLS. */
  tls?: { key: string; cert: string };
  /** Require this login (over TLS); default none. */
  auth?: { user: string; pass: string };
}

function smtpError(reply: SinkReply): Error {
  return Object.assign(new Error(reply.message), { responseCode: reply.code });
}

export class SmtpSink {
  readonly received: ReceivedMail[] = [];
  /** When each mail of `received` arrived, in ms, at the same index. */
  readonly receivedAt: number[] = [];
  /** DATA commands seen, accepted or not. */
  dataCommands = 0;
  /** Connections that ended in an error (a reset when a client dies). */
  readonly connectionErrors: Error[] = [];
  readonly #replies: SinkReply[] = [];
  /** Standing refusals by stage, until cleared. */
  readonly refusals = new Map<SinkStage, SinkReply>();
  /** Logins that succeeded. */
  logins = 0;
  /** Sessions that upgraded to TLS before sending mail. */
  secureMails = 0;
  readonly #waiters = new Set<() => void>();
  readonly #server: SMTPServer;
  #port = 0;

  private constructor(options: SinkOptions = {}) {
    const { tls, auth } = options;
    this.#server = new SMTPServer({
      authOptional: auth === undefined,
      disabledCommands: [...(tls ? [] : ['STARTTLS' as const]), ...(auth ? [] : ['AUTH' as const])],
      ...(tls ? { key: tls.key, cert: tls.cert } : {}),
      authMethods: ['PLAIN', 'LOGIN'],
      logger: false,
      onAuth: (login, _session, callback) => {
        const refusal = this.refusals.get('auth');
        if (refusal) {
          callback(smtpError(refusal));
          return;
        }
        if (!auth || login.username !== auth.user || login.password !== auth.pass) {
          callback(
            Object.assign(new Error('5.7.8 Authentication credentials invalid'), {
              responseCode: 535,
            }),
          );
          return;
        }
        this.logins += 1;
        callback(null, { user: login.username });
      },
      onMailFrom: (_address, _session, callback) => {
        const refusal = this.refusals.get('mailFrom');
        callback(refusal ? smtpError(refusal) : undefined);
      },
      onRcptTo: (_address, _session, callback) => {
        const refusal = this.refusals.get('rcptTo');
        callback(refusal ? smtpError(refusal) : undefined);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (data: Buffer) => chunks.push(data));
        stream.on('end', () => {
          this.dataCommands += 1;
          const reply = this.#replies.shift();
          if (reply) {
            callback(Object.assign(new Error(reply.message), { responseCode: reply.code }));
          } else {
            if (session.secure) this.secureMails += 1;
            const mailFrom = session.envelope.mailFrom;
            this.receivedAt.push(Date.now());
            this.received.push(
              parseMail(Buffer.concat(chunks).toString('utf8'), {
                from: mailFrom ? mailFrom.address : '',
                to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              }),
            );
            callback(null);
          }
          for (const wake of this.#waiters) wake();
        });
      },
    });
  }

  /** Starts the sink on loopback (or `host`), on `port` or a free one. */
  static async start(port = 0, options: Omit<SinkOptions, 'port'> = {}): Promise<SmtpSink> {
    const sink = new SmtpSink(options);
    const host = options.host ?? '127.0.0.1';
    // A client that dies mid-session (a killed server) resets its connection: expected here.
    sink.#server.on('error', (error: Error) => sink.connectionErrors.push(error));
    sink.#port = await new Promise<number>((resolve, reject) => {
      sink.#server.once('error', reject);
      sink.#server.listen(port, host, () => {
        const address = sink.#server.server.address();
        resolve(typeof address === 'object' && address ? address.port : port);
      });
    });
    return sink;
  }

  get port(): number {
    return this.#port;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next DATA commands get these replies, in order; then mail is accepted again. */
  replyNext(...replies: SinkReply[]): void {
    this.#replies.push(...replies);
  }

  /** Waits until the condition holds; it is checked after every DATA command. */
  async waitFor(
    condition: (sink: SmtpSink) => boolean,
    { timeoutMs = 10_000, what = 'the mail' }: { timeoutMs?: number; what?: string } = {},
  ): Promise<void> {
    if (condition(this)) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`Timed out waiting for ${what} (${this.received.length} received)`));
      }, timeoutMs);
      const check = () => {
        if (!condition(this)) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      this.#waiters.add(check);
    });
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
