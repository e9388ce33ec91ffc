import { z } from 'zod';
import type { PasskeyBlocker } from './passkey-host';

// Passkeys ("keep my games", docs/architecture.md, Identity): a player adds one under /api/me/passkeys;
// a device signs in with one at /api/passkeys/sign-in and joins its player, as with a link code.
// The ceremonies' JSON is WebAuthn's own (what @simplewebauthn/browser sends and reads).

/** Bytes as WebAuthn's JSON writes them: base64url without padding. */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, 'base64url');
/** A credential id is at most 1023 bytes (WebAuthn §5.8.3): 1364 characters of base64url. */
const credentialId = base64url(1364).min(16);

const credentialCommon = {
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()),
};

/** What navigator.credentials.create() answered, as JSON (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(32_768),
    transports: z.array(z.string().max(32)).max(8).optional(),
  }),
});

/** What navigator.credentials.get() answered, as JSON (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(4096),
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
});

/** POST /api/me/passkeys: the answer to the options of POST /api/me/passkeys/options. */
export const passkeyRegisterBodySchema = z.strictObject({ response: registrationResponseSchema });
export type PasskeyRegisterBody = z.input<typeof passkeyRegisterBodySchema>;

/** POST /api/passkeys/sign-in: the answer to the options of POST /api/passkeys/sign-in/options. */
export const passkeySignInBodySchema = z.strictObject({ response: authenticationResponseSchema });
export type PasskeySignInBody = z.input<typeof passkeySignInBodySchema>;

/** GET /api/passkeys: whether passkeys can work with this server's address (PUBLIC_URL). */
export const passkeyCapabilitySchema = z.strictObject({
  available: z.boolean(),
  reason: z
    .enum(['ip-address', 'insecure'] satisfies PasskeyBlocker[])
    .nullable()
    .describe('why not: PUBLIC_URL is an IP address, or plain http other than localhost'),
  rpId: z
    .string()
    .nullable()
    .describe('the relying-party id (PUBLIC_URL’s host) when available: a page on another host cannot use them'),
});
export type PasskeyCapability = z.output<typeof passkeyCapabilitySchema>;

/** POST /api/me/passkeys/options and POST /api/passkeys/sign-in/options */
export const passkeyOptionsReplySchema = z.strictObject({
  options: z
    .record(z.string(), z.unknown())
    .describe(
      'WebAuthn’s PublicKeyCredentialCreationOptionsJSON (to add one) or PublicKeyCredentialRequestOptionsJSON (to sign in); its challenge is good once, for five minutes',
    ),
});
export type PasskeyOptionsReply = z.output<typeof passkeyOptionsReplySchema>;

export const passkeyInfoSchema = z.strictObject({
  id: z.string().describe('an id of this listing only (not the credential id)'),
  label: z.string().describe('browser and system of the device that made it, e.g. "Chrome on Android"'),
  createdAt: z.string().describe('ISO 8601'),
  lastUsedAt: z.string().nullable().describe('ISO 8601: the last sign-in with it; null if never'),
  device: z
    .string()
    .nullable()
    .describe('the `id` in `GET /api/me` of the device that made it, while that device is the player’s; else null'),
});
export type PasskeyInfo = z.output<typeof passkeyInfoSchema>;

/** GET /api/me/passkeys: the passkeys of the player asking, newest first. */
export const passkeyListReplySchema = z.strictObject({ passkeys: z.array(passkeyInfoSchema) });
export type PasskeyListReply = z.output<typeof passkeyListReplySchema>;
