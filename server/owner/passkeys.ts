/**
 * The passkey ceremonies of the owner's pages, with @simplewebauthn/server: signing in with
 * a passkey (a discoverable credential, so the page names nobody), adding the first one
 * through an enrolment link, and adding more while signed in. Each challenge is a one-time
 * ticket in the store: taken once, within two minutes, by any instance. User verification
 * (the device's PIN, face or fingerprint) is required every time.
 */
import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Credential } from '../../common/owner-api.ts';
import type { OwnerAccess, OwnerTicket, Passkey } from './types.ts';
import type { OwnerSettings } from './settings.ts';

/** How long a ceremony may take, from its options to its answer. */
export const CEREMONY_MS = 2 * 60_000;

/** The passkeys' user: the site's one owner, the same for every passkey. */
const OWNER_USER_ID = new Uint8Array(createHash('sha256').update('portfolio-owner').digest());

/** A ceremony that did not succeed, with what to tell the owner. */
export class CeremonyError extends Error {
  override name = 'CeremonyError';
}

/** The challenge a browser's answer signed, read from its client data. */
function challengeOf(response: { response: { clientDataJSON: string } }): string {
  try {
    const data = JSON.parse(
      Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8'),
    ) as { challenge?: unknown };
    if (typeof data.challenge === 'string') return data.challenge;
  } catch {
    // Falls through.
  }
  throw new CeremonyError('The passkey’s answer could not be read; try again.');
}

/**
 * The owner's words for what the library refused, where it has a case of its own: a
 * passkey whose signature counter did not move on is a replayed answer or a copied key.
 */
const REFUSALS: readonly [RegExp, string][] = [
  [
    /counter value \d+ was lower than expected/i,
    'This passkey’s answer was given before (replayed), or the passkey was copied to another device. Sign in again; if it keeps happening, remove this passkey under Passkeys and add a new one.',
  ],
];

/** Runs a check of the library; any failure it reports becomes the owner's message. */
async function verified<T>(check: () => Promise<T>, message: string): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const known = REFUSALS.find(([pattern]) => pattern.test(reason));
    throw new CeremonyError(known ? known[1] : `${message} (${reason})`);
  }
}

export class PasskeyCeremonies {
  readonly #access: OwnerAccess;
  readonly #settings: OwnerSettings;
  readonly #siteName: string;

  constructor(access: OwnerAccess, settings: OwnerSettings, siteName: string) {
    this.#access = access;
    this.#settings = settings;
    this.#siteName = siteName;
  }

  /**
   * A sign-in's options: any passkey of this site, the challenge kept for two minutes; with
   * `session`, a signed-in owner's fresh check before a change, good for that session alone.
   */
  async signInOptions(
    now: number,
    session: string | null = null,
  ): Promise<PublicKeyCredentialRequestOptionsJSON> {
    const options = await generateAuthenticationOptions({
      rpID: this.#settings.rpId,
      userVerification: 'required',
      timeout: CEREMONY_MS,
    });
    await this.#access.issueTicket({
      id: options.challenge,
      kind: 'sign-in',
      subject: session,
      expiresAt: now + CEREMONY_MS,
    });
    return options;
  }

  /**
   * Checks a sign-in's answer (with `session`: a fresh check's, to options asked for by that
   * session); resolves with the passkey and its new counter.
   */
  async verifySignIn(
    credential: Credential,
    now: number,
    session: string | null = null,
  ): Promise<{ passkey: Passkey; counter: number }> {
    // Its shape was checked (CredentialSchema); the library checks the rest.
    const response = credential as unknown as AuthenticationResponseJSON;
    const challenge = challengeOf(response);
    const ticket = await this.#access.takeTicket(challenge, 'sign-in', now);
    if (!ticket || ticket.subject !== session) {
      throw new CeremonyError('The sign-in took too long or was used already; try again.');
    }
    const passkey = await this.#access.passkey(response.id);
    if (!passkey) throw new CeremonyError('This passkey is not one of this site’s.');
    const result = await verified(
      () =>
        verifyAuthenticationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: this.#settings.origin,
          expectedRPID: this.#settings.rpId,
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
            counter: passkey.counter,
            transports: passkey.transports,
          },
          requireUserVerification: true,
        }),
      'The passkey’s signature was refused',
    );
    if (!result.verified) throw new CeremonyError('The passkey’s signature was refused.');
    return { passkey, counter: result.authenticationInfo.newCounter };
  }

  /**
   * The options to make a passkey: the first through an enrolment link (`enrol`, subject
   * the link's id), or another while signed in (`add-passkey`, subject the session's id).
   * The passkeys the owner has are excluded, so one authenticator does not hold two.
   */
  async registrationOptions(
    kind: Extract<OwnerTicket['kind'], 'enrol' | 'add-passkey'>,
    subject: string,
    now: number,
  ): Promise<PublicKeyCredentialCreationOptionsJSON> {
    const existing = await this.#access.passkeys();
    const options = await generateRegistrationOptions({
      rpName: this.#siteName,
      rpID: this.#settings.rpId,
      userID: OWNER_USER_ID,
      userName: 'owner',
      userDisplayName: `Owner of ${this.#siteName}`,
      timeout: CEREMONY_MS,
      attestationType: 'none',
      excludeCredentials: existing.map((key) => ({ id: key.id, transports: key.transports })),
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    await this.#access.issueTicket({
      id: options.challenge,
      kind,
      subject,
      expiresAt: now + CEREMONY_MS,
    });
    return options;
  }

  /** Checks a new passkey's answer to options of `kind` for `subject`; resolves with it. */
  async verifyRegistration(
    kind: Extract<OwnerTicket['kind'], 'enrol' | 'add-passkey'>,
    subject: string,
    answer: Credential,
    name: string,
    now: number,
  ): Promise<Passkey> {
    // Its shape was checked (CredentialSchema); the library checks the rest.
    const response = answer as unknown as RegistrationResponseJSON;
    const challenge = challengeOf(response);
    const ticket = await this.#access.takeTicket(challenge, kind, now);
    if (!ticket || ticket.subject !== subject) {
      throw new CeremonyError('Making the passkey took too long or was used already; try again.');
    }
    const result = await verified(
      () =>
        verifyRegistrationResponse({
          response,
          expectedChallenge: challenge,
          expectedOrigin: this.#settings.origin,
          expectedRPID: this.#settings.rpId,
          requireUserVerification: true,
        }),
      'The new passkey was refused',
    );
    if (!result.verified) throw new CeremonyError('The new passkey was refused.');
    const { credential } = result.registrationInfo;
    return {
      id: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name,
      createdAt: now,
      lastUsedAt: now,
    };
  }
}
