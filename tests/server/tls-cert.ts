/**
 * A self-signed certificate for 127.0.0.1 and localhost, made with openssl in a temporary
 * folder, for a test mail server that offers STARTTLS. The server under test trusts it
 * through SMTP_TLS_CA_FILE. One that has expired is valid in the year 2000 alone.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestCertificate {
  key: string;
  cert: string;
  /** The certificate's file, for SMTP_TLS_CA_FILE. */
  certFile: string;
}

export interface TestCertificateOptions {
  /** Valid from 2000-01-01 to 2001-01-01 only; default false. */
  expired?: boolean;
}

/** The names the test certificates are for: the loopback address and localhost. */
const NAMES = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'];

export function makeTestCertificate(
  dir: string,
  { expired = false }: TestCertificateOptions = {},
): TestCertificate {
  const keyFile = path.join(dir, 'smtp-key.pem');
  const certFile = path.join(dir, 'smtp-cert.pem');
  if (expired) {
    makeExpiredCertificate(dir, keyFile, certFile);
    return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
  }
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
      ...NAMES,
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ],
    { stdio: 'ignore' },
  );
  return { key: readFileSync(keyFile, 'utf8'), cert: readFileSync(certFile, 'utf8'), certFile };
}

/**
 * `openssl req` sets no dates in the past (OpenSSL 3.0 has no -not_before), `openssl ca`
 * does: a request for the same names, signed by its own key with the year 2000's dates.
 */
function makeExpiredCertificate(dir: string, keyFile: string, certFile: string): void {
  const requestFile = path.join(dir, 'smtp-request.pem');
  const configFile = path.join(dir, 'smtp-ca.cnf');
  writeFileSync(path.join(dir, 'index.txt'), '');
  writeFileSync(path.join(dir, 'serial'), '01\n');
  writeFileSync(
    configFile,
    [
      '[ca]',
      'default_ca = test',
      '[test]',
      `database = ${path.join(dir, 'index.txt')}`,
      `new_certs_dir = ${dir}`,
      `serial = ${path.join(dir, 'serial')}`,
      'default_md = sha256',
      'policy = any',
      'copy_extensions = copy',
      'unique_subject = no',
      '[any]',
      'commonName = supplied',
      '',
    ].join('\n'),
  );
  execFileSync(
    'openssl',
    [
      'req',
      '-new',
      '-newkey',
      'rsa:2048',
      '-nodes',
      ...NAMES,
      '-keyout',
      keyFile,
      '-out',
      requestFile,
    ],
    { stdio: 'ignore' },
  );
  execFileSync(
    'openssl',
    [
      'ca',
      '-batch',
      '-selfsign',
      '-config',
      configFile,
      '-keyfile',
      keyFile,
      '-in',
      requestFile,
      '-out',
      certFile,
      '-startdate',
      '20000101000000Z',
      '-enddate',
      '20010101000000Z',
      '-notext',
    ],
    { stdio: 'ignore' },
  );
}
