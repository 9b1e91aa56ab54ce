/**
 * A passkey authenticator in software, for the server's tests of the owner's sign-in: it
 * answers the options of a ceremony as a browser with a platform authenticator would
 * (`none` attestation, ES256 keys, user verified), so the server's checks run for real.
 * The browser tests use Chromium's own virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  const bytes = Buffer.alloc(3);
  bytes[0] = (major << 5) | 25;
  bytes.writeUInt16BE(length, 1);
  return bytes;
}

/** The CBOR of the few kinds a credential needs: integers, strings, bytes and maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const text = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, text.length), text]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)]),
  ]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64 = (data: Buffer) => data.toString('base64url');

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
}

/** The options of a ceremony, as the server sends them (the fields this answers). */
interface CeremonyOptions {
  challenge: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly #credentials: Credential[] = [];
  readonly origin: string;

  /** @param origin the page's origin; the relying party is its host name. */
  constructor(origin: string) {
    this.origin = origin;
  }

  get rpId(): string {
    return new URL(this.origin).hostname;
  }

  #clientData(type: string, challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** A new passkey for the options of a registration: the answer the browser would send. */
  create(options: CeremonyOptions, origin = this.origin) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const id = randomBytes(16);
    this.#credentials.push({ id, privateKey, counter: 0, userHandle: options.user?.id ?? '' });
    const coseKey = new Map<Cbor, Cbor>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(this.rpId),
      // User present, user verified, attested credential data.
      Buffer.from([0x45]),
      Buffer.alloc(4),
      Buffer.alloc(16),
      length,
      id,
      cbor(coseKey),
    ]);
    return {
      id: b64(id),
      rawId: b64(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(this.#clientData('webauthn.create', options.challenge, origin)),
        attestationObject: b64(cbor({ fmt: 'none', attStmt: {}, authData })),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** Sets the newest passkey's counter back one use: a copy made before its last use. */
  rewind(): void {
    const credential = this.#credentials.at(-1);
    if (credential) credential.counter -= 1;
  }

  /** The answer to a sign-in's options, with the newest passkey (or the one named). */
  get(
    options: CeremonyOptions,
    { id, origin = this.origin }: { id?: string; origin?: string } = {},
  ) {
    const credential = id
      ? this.#credentials.find((each) => b64(each.id) === id)
      : this.#credentials.at(-1);
    if (!credential) throw new Error('This authenticator holds no such passkey');
    credential.counter += 1;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([sha256(this.rpId), Buffer.from([0x05]), counter]);
    const clientData = this.#clientData('webauthn.get', options.challenge, origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      credential.privateKey,
    );
    return {
      id: b64(credential.id),
      rawId: b64(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64(clientData),
        authenticatorData: b64(authData),
        signature: b64(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
