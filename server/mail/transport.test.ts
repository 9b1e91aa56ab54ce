import { expect, test } from 'vitest';
import { isLoopbackHost, smtpOptions } from './transport.ts';

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

test('smtp:// to any host but loopback must upgrade with STARTTLS; smtps:// is TLS from the start', () => {
  expect(smtpOptions('smtp://mail.example.com').requireTLS).toBe(true);
  expect(smtpOptions('smtp://192.0.2.10:25').requireTLS).toBe(true);
  expect(smtpOptions('smtp://[2001:db8::1]:25').requireTLS).toBe(true);
  expect(smtpOptions('smtp://127.0.0.1:2525').requireTLS).toBeUndefined();
  expect(smtpOptions('smtp://localhost:2525').requireTLS).toBeUndefined();
  expect(smtpOptions('smtp://[::1]:2525').requireTLS).toBeUndefined();
  expect(smtpOptions('smtps://mail.example.com')).toMatchObject({ secure: true });
  expect(smtpOptions('smtps://mail.example.com').requireTLS).toBeUndefined();
  expect(['127.0.0.2', '::1', 'localhost', '[::1]'].every(isLoopbackHost)).toBe(true);
  expect(['0.0.0.0', '10.0.0.1', 'mail.example.com'].some(isLoopbackHost)).toBe(false);
});
