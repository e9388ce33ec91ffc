import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software WebAuthn authenticator for tests: a real ES256 key, "none" attestation and real
 * assertion signatures, byte for byte as WebAuthn §6.1 lays them out, so the server's library
 * verifies them as it would a phone's. It holds discoverable credentials, one per `register`.
 */

/** The little of CBOR (RFC 8949) a credential needs: integers, byte and text strings, maps. */
function cbor(value: number | string | Uint8Array | Map<number | string, unknown>): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 255]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  const parts = [head(5, value.size)];
  for (const [k, v] of value) parts.push(cbor(k), cbor(v as Parameters<typeof cbor>[0]));
  return Buffer.concat(parts);
}

const b64url = (b: Uint8Array): string => Buffer.from(b).toString('base64url');
const sha256 = (data: string | Uint8Array): Buffer => createHash('sha256').update(data).digest();
const u32 = (n: number): Buffer => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** Authenticator data flags (WebAuthn §6.1): user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftCredential {
  id: Buffer;
  privateKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface CeremonyOptions {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly origin: string) {}

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** navigator.credentials.create() for these options: a new key, answered as RegistrationResponseJSON. */
  register(options: CeremonyOptions, tweak: { origin?: string; userVerified?: boolean } = {}) {
    const rpId = options.rp?.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key (RFC 9053): kty EC2, alg ES256, crv P-256, x, y.
    const coseKey = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const credentialData = Buffer.concat([Buffer.alloc(16), Buffer.from([0, id.length]), id, coseKey]);
    const flags = UP | AT | (tweak.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([flags]), u32(0), credentialData]);
    const attestationObject = cbor(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, privateKey, userHandle: options.user?.id ?? '', rpId, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, tweak.origin ?? this.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /**
   * navigator.credentials.get() with a discoverable credential: signs the challenge with the
   * credential's counter raised by one, or set to `counter` (to replay an old one).
   */
  assert(
    options: CeremonyOptions,
    tweak: {
      credential?: SoftCredential;
      counter?: number;
      origin?: string;
      userVerified?: boolean;
      /** the user handle answered (another account's, or none), not the credential's own */
      userHandle?: string | undefined;
    } = {},
  ) {
    const credential = tweak.credential ?? this.credentials.at(-1);
    if (!credential) throw new Error('this authenticator holds no credential');
    credential.counter = tweak.counter ?? credential.counter + 1;
    const flags = UP | (tweak.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(options.rpId ?? credential.rpId), Buffer.from([flags]), u32(credential.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, tweak.origin ?? this.origin);
    // ES256: ECDSA over authenticatorData ‖ SHA-256(clientDataJSON), DER-encoded.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...('userHandle' in tweak
          ? tweak.userHandle === undefined
            ? {}
            : { userHandle: tweak.userHandle }
          : { userHandle: credential.userHandle }),
      },
    };
  }
}
