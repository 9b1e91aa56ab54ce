import { expect, test } from 'vitest';
import { smtpOptions } from './transport.ts';

test('SMTP: 10 s to connect and be greeted, 60 s of silence, no file or URL access, pooled', () => {
  expect(smtpOptions('smtp://mail.example.com')).toMatchObject({
    host: 'mail.example.com',
    port: 587,
    secure: false,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 60_000,
    disableFileAccess: true,
    disableUrlAccess: true,
    pool: true,
  });
});

test('smtps:// is TLS from the start on 465; the login is URL-decoded', () => {
  const options = smtpOptions('smtps://feedback%40example.com:p%3Ass%2Fw0rd@mail.example.com');
  expect(options).toMatchObject({ port: 465, secure: true });
  expect(options.auth).toEqual({ user: 'feedback@example.com', pass: 'p:ss/w0rd' });
  expect(smtpOptions('smtp://[::1]:2525')).toMatchObject({ host: '::1', port: 2525 });
});
