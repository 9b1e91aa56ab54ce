/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temporary
 * folder, for a test mail server that offers STARTTLS. The server under test trusts it
 * through SMTP_TLS_CA_FILE.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate's file, for SMTP_TLS_CA_FILE. */
  certFile: string;
}

export function makeTestCertificate(dir: string): TestCertificate {
  const keyFile = path.join(dir, 'smtp-key.pem');
  const certFile = path.join(dir, 'smtp-cert.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=IP:127.0.0.1,DNS:localhost',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}
