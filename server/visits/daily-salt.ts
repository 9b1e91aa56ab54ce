/**
 * The day's salt: the random secret a visitor's digests are keyed with, so that a visitor
 * counts once a day without an address or a user agent ever being stored. It must be the
 * same on every instance (a visitor whose requests go to two instances is one visitor), and
 * it must never be written down where it could be read: whoever held it with the day's
 * digests could test addresses against them.
 *
 * So it is shared the way a secret is sent to a known recipient. Each instance makes an
 * X25519 key pair when it starts and keeps the private key in its memory alone; the store
 * holds the public keys of the running instances (`visit_instances`). The first instance
 * that needs the day's salt makes it at random and stores it sealed to each running
 * instance's public key (ECIES: an ephemeral X25519 key, HKDF-SHA-256, AES-256-GCM bound to
 * the day and the recipient); every instance that holds it seals it for those that start
 * later. What the disk sees is only those sealed shares, which no key on any disk opens:
 * once the instances that hold the private keys stop, no one can open them, and they are
 * deleted the next day. An instance forgets the salt when its day ends.
 *
 * When every instance that held the day's salt has stopped (a restart of all of them), the
 * next one makes a new salt for the rest of the day: a visitor seen before that counts once
 * more that day.
 */
import {
  createCipheriv,
  createDecipheriv,
  createPublicKey,
  diffieHellman,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  type KeyObject,
} from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { VisitDay, VisitInstance, VisitRecorder, VisitSaltShare } from './types.ts';

/** An instance that has not said it runs for this long is taken for stopped. */
export const INSTANCE_SILENCE_MS = 2 * 60 * 1000;

const SALT_BYTES = 32;

function publicKeyText(key: KeyObject): string {
  return key.export({ type: 'spki', format: 'der' }).toString('base64url');
}

function sealingKey(secret: Buffer, day: VisitDay, instance: string): Buffer {
  return Buffer.from(
    hkdfSync('sha256', secret, Buffer.alloc(0), `visit salt ${day} ${instance}`, 32),
  );
}

/** This instance's key pair: the private key never leaves this process's memory. */
export class InstanceKeys {
  readonly instance: string;
  readonly publicKey: string;
  readonly #privateKey: KeyObject;

  constructor() {
    const pair = generateKeyPairSync('x25519');
    this.instance = randomBytes(12).toString('base64url');
    this.publicKey = publicKeyText(pair.publicKey);
    this.#privateKey = pair.privateKey;
  }

  get identity(): VisitInstance {
    return { instance: this.instance, publicKey: this.publicKey };
  }

  /** Opens a share sealed to this instance; throws when it is not one. */
  open(sealed: string, day: VisitDay): Buffer {
    const [ephemeral = '', iv = '', body = '', tag = ''] = sealed.split('.');
    const secret = diffieHellman({
      privateKey: this.#privateKey,
      publicKey: createPublicKey({
        key: Buffer.from(ephemeral, 'base64url'),
        format: 'der',
        type: 'spki',
      }),
    });
    const decipher = createDecipheriv(
      'aes-256-gcm',
      sealingKey(secret, day, this.instance),
      Buffer.from(iv, 'base64url'),
    );
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
  }
}

/** Seals a salt to another instance's public key: only its private key opens it. */
export function sealSalt(salt: Buffer, day: VisitDay, to: VisitInstance): VisitSaltShare {
  const ephemeral = generateKeyPairSync('x25519');
  const secret = diffieHellman({
    privateKey: ephemeral.privateKey,
    publicKey: createPublicKey({
      key: Buffer.from(to.publicKey, 'base64url'),
      format: 'der',
      type: 'spki',
    }),
  });
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(secret, day, to.instance), iv);
  const body = Buffer.concat([cipher.update(salt), cipher.final()]);
  const sealed = [publicKeyText(ephemeral.publicKey), iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
  return { instance: to.instance, sealed };
}

/** The salt of one day, as this instance holds it. */
interface HeldSalt {
  day: VisitDay;
  salt: Buffer;
  /** The share it was opened from (or made as): another share means another salt. */
  sealed: string;
}

export interface DailySaltOptions {
  store: VisitRecorder;
  log: FastifyBaseLogger;
  /** This instance's keys; default a fresh pair. */
  keys?: InstanceKeys;
}

/** The day's salt of this instance: taken from the store, made, or passed on. */
export class DailySalt {
  readonly #store: VisitRecorder;
  readonly #log: FastifyBaseLogger;
  readonly #keys: InstanceKeys;
  #held: HeldSalt | undefined;

  constructor({ store, log, keys = new InstanceKeys() }: DailySaltOptions) {
    this.#store = store;
    this.#log = log;
    this.#keys = keys;
  }

  /** The salt of `day`, when this instance holds it. */
  of(day: VisitDay): Buffer | undefined {
    return this.#held?.day === day ? this.#held.salt : undefined;
  }

  /**
   * Says this instance runs, and settles the salt of `day`: opens its share, makes the
   * salt when no running instance holds one, and seals it for the instances without one.
   */
  async beat(day: VisitDay, now: number): Promise<void> {
    if (this.#held && this.#held.day !== day) this.#held = undefined;
    const me = this.#keys.identity;
    const state = await this.#store.heartbeat(me, day, now, now - INSTANCE_SILENCE_MS);
    if (state.own !== undefined && state.own !== this.#held?.sealed) {
      try {
        this.#held = { day, salt: this.#keys.open(state.own, day), sealed: state.own };
      } catch (error) {
        this.#held = undefined;
        this.#log.warn({ err: error }, 'could not open this instance’s share of the day’s salt');
      }
    } else if (state.own === undefined) {
      // No share of its own: the salt it held was replaced, or it never had one.
      this.#held = undefined;
      if (!state.shared) {
        const salt = randomBytes(SALT_BYTES);
        const shares = state.without.map((instance) => sealSalt(salt, day, instance));
        const own = shares.find((share) => share.instance === me.instance);
        if (own && (await this.#store.offerSalt(day, shares))) {
          this.#held = { day, salt, sealed: own.sealed };
        }
        return;
      }
    }
    const held = this.#held;
    const others = state.without.filter((instance) => instance.instance !== me.instance);
    if (held && others.length > 0) {
      await this.#store.shareSalt(
        day,
        others.map((instance) => sealSalt(held.salt, day, instance)),
      );
    }
  }
}
