import { describe, expect, test } from 'vitest';
import { classifySendError, withoutAddresses } from './retry-policy.ts';
import { HOUR_MS, retryDelayMs, retryPolicy } from '../jobs/backoff.ts';

const policy = retryPolicy({ baseMs: 30_000, giveUpAfterHours: 120 });

describe('retryDelayMs', () => {
  test('doubles from the base, between half and all of the step, capped at an hour', () => {
    const low = (attempt: number) => retryDelayMs(attempt, policy, () => 0);
    const high = (attempt: number) => retryDelayMs(attempt, policy, () => 1);
    expect([low(1), high(1)]).toEqual([15_000, 30_000]);
    expect([low(2), high(2)]).toEqual([30_000, 60_000]);
    expect([low(5), high(5)]).toEqual([240_000, 480_000]);
    expect([low(8), high(8)]).toEqual([HOUR_MS / 2, HOUR_MS]);
    expect(high(500)).toBe(HOUR_MS);
  });

  test('five days of retrying is about 125 attempts', () => {
    let elapsed = 0;
    let attempts = 0;
    while (elapsed < policy.giveUpAfterMs) {
      attempts += 1;
      elapsed += retryDelayMs(attempts, policy, () => 1);
    }
    expect(policy.giveUpAfterMs).toBe(5 * 24 * HOUR_MS);
    expect(attempts).toBeGreaterThan(115);
    expect(attempts).toBeLessThan(130);
  });
});

describe('classifySendError', () => {
  const smtpError = (
    responseCode: number,
    code = 'EENVELOPE',
    response = `${responseCode} x`,
    command = 'DATA',
  ) => Object.assign(new Error('failed'), { responseCode, code, response, command });

  test.each([421, 450, 451, 452])('a %i reply is temporary', (code) => {
    expect(classifySendError(smtpError(code)).kind).toBe('temporary');
  });

  test.each([550, 552, 553, 554])('a %i reply to the message (DATA) is permanent', (code) => {
    expect(classifySendError(smtpError(code)).kind).toBe('permanent');
  });

  test.each([
    ['a refused login', smtpError(535, 'EAUTH', '535 5.7.8 Bad credentials', 'AUTH PLAIN')],
    [
      'a login required',
      smtpError(530, 'EENVELOPE', '530 5.7.0 Authentication required', 'MAIL FROM'),
    ],
    [
      'a refused sender (MAIL_FROM)',
      smtpError(553, 'EENVELOPE', '553 sender not allowed', 'MAIL FROM'),
    ],
    [
      'a refused owner address (MAIL_TO)',
      smtpError(550, 'EENVELOPE', '550 no such user', 'RCPT TO'),
    ],
    ['a relay refusal', smtpError(554, 'EENVELOPE', '554 5.7.1 Relay access denied', 'RCPT TO')],
    [
      'a policy refusal of the DATA command, before any body',
      smtpError(554, 'EENVELOPE', '554 5.7.1 No valid recipients', 'DATA'),
    ],
    [
      "a DMARC refusal of the sender's domain after the body",
      smtpError(550, 'EMESSAGE', '550-5.7.26 Unauthenticated email is not accepted', 'DATA'),
    ],
    [
      "an SPF refusal of the sender's domain after the body",
      smtpError(550, 'EMESSAGE', '550 5.7.23 SPF validation failed', 'DATA'),
    ],
    ['a refusing greeting', smtpError(554, 'EPROTOCOL', '554 No service', 'CONN')],
    ['a TLS failure', Object.assign(new Error('self-signed certificate'), { code: 'ETLS' })],
  ])('%s pauses delivery: it is the settings, not the message', (_name, error) => {
    expect(classifySendError(error)).toMatchObject({ kind: 'pause' });
  });

  test.each([
    ['rspamd or SpamAssassin', '550 5.7.1 Spam message rejected'],
    ['Gmail', '552-5.7.0 This message was blocked because its content presents a risk'],
    ['a policy filter', '550 5.7.1 Not authorised'],
  ])(
    "%s refusing a message's content after its body: that message alone, not a pause",
    (_name, response) => {
      const error = smtpError(Number(response.slice(0, 3)), 'EMESSAGE', response, 'DATA');
      expect(classifySendError(error)).toMatchObject({
        kind: 'permanent',
        contentRefused: true,
        command: 'DATA',
      });
    },
  );

  test('a refusal at a stage of the site is never taken for a content refusal', () => {
    for (const command of ['AUTH PLAIN', 'MAIL FROM', 'RCPT TO']) {
      const failure = classifySendError(
        smtpError(550, 'EENVELOPE', '550 5.7.1 Not authorised', command),
      );
      expect(failure.kind).toBe('pause');
      expect(failure.contentRefused).toBeUndefined();
    }
  });

  describe('a certificate the site refuses pauses delivery, named', () => {
    const refusals = [
      ['CERT_HAS_EXPIRED', 'certificate has expired'],
      ['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate'],
      ['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain'],
      ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate'],
      ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'unable to get local issuer certificate'],
      ['CERT_NOT_YET_VALID', 'certificate is not yet valid'],
    ] as const;

    test.each(refusals)('%s, as nodemailer hands it on (ESOCKET)', (code, words) => {
      // nodemailer puts its own code in the place of Node's; OpenSSL's words are left.
      const error = Object.assign(new Error(words), { code: 'ESOCKET', command: 'CONN' });
      expect(classifySendError(error)).toMatchObject({
        kind: 'pause',
        code,
        command: 'TLS',
        detail: `the mail server's certificate is refused: ${words} (${code})`,
      });
    });

    test.each(refusals)('%s, as Node gives it', (code, words) => {
      expect(classifySendError(Object.assign(new Error(words), { code }))).toMatchObject({
        kind: 'pause',
        code,
      });
    });

    test('in the older words of OpenSSL 1.1, and within a failed STARTTLS upgrade (ETLS)', () => {
      const older = Object.assign(new Error('self signed certificate'), { code: 'ESOCKET' });
      expect(classifySendError(older)).toMatchObject({
        kind: 'pause',
        code: 'DEPTH_ZERO_SELF_SIGNED_CERT',
      });
      const upgrade = Object.assign(new Error('Error initiating TLS - certificate has expired'), {
        code: 'ETLS',
        command: 'STARTTLS',
      });
      expect(classifySendError(upgrade)).toMatchObject({
        kind: 'pause',
        code: 'CERT_HAS_EXPIRED',
        command: 'STARTTLS',
      });
    });

    test('a certificate for another name (ERR_TLS_CERT_ALTNAME_INVALID)', () => {
      const words =
        "Hostname/IP does not match certificate's altnames: Host: mail.example.com. is not in the cert's altnames: DNS:other.example.net";
      for (const code of ['ERR_TLS_CERT_ALTNAME_INVALID', 'ESOCKET']) {
        expect(classifySendError(Object.assign(new Error(words), { code }))).toMatchObject({
          kind: 'pause',
          code: 'ERR_TLS_CERT_ALTNAME_INVALID',
          detail: expect.stringContaining("the mail server's certificate is refused") as string,
        });
      }
    });
  });

  test('a refused or failed STARTTLS upgrade and a failed TLS handshake pause delivery', () => {
    const refused = Object.assign(new Error('Error upgrading connection with STARTTLS: 454'), {
      code: 'ETLS',
      command: 'STARTTLS',
      response: '454 4.7.0 TLS not available',
      responseCode: 454,
    });
    expect(classifySendError(refused)).toMatchObject({ kind: 'pause', command: 'STARTTLS' });
    // smtps:// to a port that speaks plain SMTP first: OpenSSL ends the handshake.
    const handshake = Object.assign(
      new Error('C0A7:error:0A00010B:SSL routines:ssl3_get_record:wrong version number'),
      { code: 'ESOCKET', library: 'SSL routines', reason: 'wrong version number' },
    );
    expect(classifySendError(handshake)).toMatchObject({
      kind: 'pause',
      command: 'TLS',
      detail: 'the TLS handshake with the mail server failed: wrong version number (ERR_SSL)',
    });
  });

  test('no answer at all (refused, timed out, reset) is temporary', () => {
    for (const code of ['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS']) {
      const error = Object.assign(new Error(`${code} happened`), { code });
      expect(classifySendError(error)).toMatchObject({ kind: 'temporary', code });
    }
  });

  test('keeps no address from the reply', () => {
    const failure = classifySendError(smtpError(550, 'EENVELOPE', '550 <ada@example.com> unknown'));
    expect(failure.detail).toBe('550 <…@example.com> unknown');
    expect(withoutAddresses('to a.b+c@d.e and x@y.z')).toBe('to …@d.e and …@y.z');
  });
});
