import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A WebAuthn authenticator in software, for the tests: it answers the hub's options as a browser
 * and a platform authenticator would (attestation 'none', ES256 keys from node:crypto, discoverable
 * credentials with their user handle), and can be told to lie (another origin or RP ID, a counter
 * going back, no user verification) so the tests can watch the hub refuse it.
 */

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

interface StoredCredential {
  id: Buffer;
  privateKey: KeyObject;
  rpId: string;
  userHandle: string;
  counter: number;
}

/** What a test may make the authenticator (or the browser around it) get wrong. */
export interface Tampering {
  origin?: string;
  rpId?: string;
  /** The signature counter to report (instead of one more than the last). */
  counter?: number;
  userVerified?: boolean;
  /** Answer with this credential (base64url id) rather than the first that fits. */
  credentialId?: string;
  userHandle?: string;
}

const flags = (input: { attested?: boolean; userVerified: boolean }) =>
  0x01 | (input.userVerified ? 0x04 : 0) | (input.attested ? 0x40 : 0);

const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

export class SoftwareAuthenticator {
  readonly credentials: StoredCredential[] = [];

  constructor(private readonly origin: string) {}

  /** Answers navigator.credentials.create(options) with a new ES256 credential. */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    tampering: Tampering = {},
  ): RegistrationResponseJSON {
    const rpId = tampering.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    );
    const id = randomBytes(32);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags({ attested: true, userVerified: tampering.userVerified ?? true })]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      credentialIdLength,
      id,
      Buffer.from(cose),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: tampering.origin ?? this.origin,
      crossOrigin: false,
    });
    this.credentials.push({ id, privateKey, rpId, userHandle: options.user.id, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }

  /**
   * Answers navigator.credentials.get(options): with a credential the options allow, or with a
   * discoverable one when they list none; one more on its counter unless told otherwise.
   */
  assert(
    options: PublicKeyCredentialRequestOptionsJSON,
    tampering: Tampering = {},
  ): AuthenticationResponseJSON {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential = this.credentials.find((c) =>
      tampering.credentialId
        ? b64url(c.id) === tampering.credentialId
        : allowed.length === 0 || allowed.includes(b64url(c.id)),
    );
    if (!credential) throw new Error('the software authenticator holds no credential these options allow');
    const rpId = tampering.rpId ?? options.rpId ?? credential.rpId;
    credential.counter = tampering.counter ?? credential.counter + 1;
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags({ userVerified: tampering.userVerified ?? true })]),
      counterBytes(credential.counter),
    ]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: 'webauthn.get',
        challenge: options.challenge,
        origin: tampering.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: tampering.userHandle ?? credential.userHandle,
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
