// Passkeys ("keep my games", docs/architecture.md, Identity): a player adds discoverable WebAuthn
// credentials; a device that signs in with one joins the credential's player through the link's
// merge. Ceremonies are @simplewebauthn/server's; their challenges live in the database (single
// use, five minutes), so the process that checks an answer need not be the one that asked.
import { createHash } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { passkeyBlocker, type PasskeyBlocker } from '@mm/protocol';
import type { Database } from '../db/database';
import type { PlayersStore } from '../db/store';
import type { PlayerPrincipal, Principal } from '../security/principal';
import { lockPlayerOf, publicDeviceId, type IdentityStore, type Moved } from './store';
import { deviceLabel } from './user-agent';

/** How long a ceremony's challenge may be answered (and the browser's timeout for it). */
export const PASSKEY_CEREMONY_MS = 5 * 60_000;
const RP_NAME = 'Mastermind Table';

/** Who the credentials are for: PUBLIC_URL's host (rpID) and PUBLIC_URL itself (the expected origin). */
export interface RelyingParty {
  id: string;
  origin: string;
}

export function relyingParty(publicOrigin: string): { ok: true; rp: RelyingParty } | { ok: false; reason: PasskeyBlocker } {
  const reason = passkeyBlocker(publicOrigin);
  if (reason !== null) return { ok: false, reason };
  const url = new URL(publicOrigin);
  return { ok: true, rp: { id: url.hostname, origin: url.origin } };
}

export interface StoredPasskey {
  /** an id of the listing only: a hash of the credential id */
  publicId: string;
  label: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  /** the public id of the device that made it, while that device is the player's */
  device: string | null;
}

export type PasskeyFailure = 'challenge' | 'refused' | 'unknown';
type Failed = { ok: false; reason: PasskeyFailure };
type CeremonyOptions = Record<string, unknown>;

export interface PasskeyStore {
  /** The passkeys of the player, newest first (none for a device never seen). */
  list(playerId: string | null): Promise<StoredPasskey[]>;
  registrationOptions(playerId: string, rp: RelyingParty): Promise<CeremonyOptions>;
  /** Verifies the authenticator's answer and keeps the credential for the principal's player, made by its device. */
  register(
    principal: PlayerPrincipal,
    response: RegistrationResponseJSON,
    rp: RelyingParty,
    userAgent?: string,
  ): Promise<{ ok: true; passkey: StoredPasskey } | Failed>;
  signInOptions(rp: RelyingParty): Promise<CeremonyOptions>;
  /** Verifies an assertion; the principal's device then joins the credential's player, its own merged in. */
  signIn(
    principal: Principal,
    response: AuthenticationResponseJSON,
    rp: RelyingParty,
  ): Promise<{ ok: true; name: string; merged: boolean; moved: Moved } | Failed>;
  /** Removes the passkey of the asker's player listed as `publicId`; false when the player has none such. */
  remove(playerId: string | null, publicId: string): Promise<boolean>;
}

export const publicPasskeyId = (credentialId: string): string =>
  createHash('sha256').update(`passkey-listing:${credentialId}`).digest('base64url').slice(0, 22);

type Kind = 'register' | 'sign-in';

/** The challenge a ceremony's answer signed, read from its clientDataJSON (the library checks it again). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data: unknown = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8'));
    const challenge = (data as { challenge?: unknown } | null)?.challenge;
    return typeof challenge === 'string' && challenge.length > 0 && challenge.length <= 128 ? challenge : null;
  } catch {
    return null;
  }
}

export function createPasskeyStore(
  db: Database,
  players: Pick<PlayersStore, 'ensurePlayer'>,
  identity: IdentityStore,
  opts: { now?: () => Date } = {},
): PasskeyStore {
  const { prisma } = db;
  const now = opts.now ?? (() => new Date());

  const keepChallenge = async (
    challenge: string,
    kind: Kind,
    playerId: string | null,
    userHandle: string | null = null,
  ): Promise<void> => {
    const at = now();
    // Challenges nobody answered go when new ones are made: the table holds five minutes' worth.
    await prisma.passkeyChallenge.deleteMany({ where: { expiresAt: { lte: at } } });
    await prisma.passkeyChallenge.create({
      data: { challenge, kind, playerId, userHandle, expiresAt: new Date(at.getTime() + PASSKEY_CEREMONY_MS) },
    });
  };

  /**
   * Spends the challenge an answer names, before anything else is checked: a challenge is answered
   * once, well or badly, and two processes racing with one answer cannot both find it.
   */
  const takeChallenge = async (
    clientDataJSON: string,
    kind: Kind,
    playerId: string | null,
  ): Promise<{ challenge: string; userHandle: string | null } | null> => {
    const challenge = challengeOf(clientDataJSON);
    if (challenge === null) return null;
    const where = { challenge, kind, playerId, expiresAt: { gt: now() } };
    const row = await prisma.passkeyChallenge.findFirst({ where, select: { userHandle: true } });
    if (!row) return null;
    const { count } = await prisma.passkeyChallenge.deleteMany({ where });
    return count === 1 ? { challenge, userHandle: row.userHandle } : null;
  };

  const stored = (p: {
    id: string;
    label: string;
    createdAt: Date;
    lastUsedAt: Date | null;
    deviceId: string | null;
  }): StoredPasskey => ({
    publicId: publicPasskeyId(p.id),
    label: p.label,
    createdAt: p.createdAt,
    lastUsedAt: p.lastUsedAt,
    device: p.deviceId === null ? null : publicDeviceId(p.deviceId),
  });

  return {
    async list(playerId) {
      if (playerId === null) return [];
      const rows = await prisma.passkey.findMany({ where: { playerId }, orderBy: { createdAt: 'desc' } });
      return rows.map(stored);
    },

    async registrationOptions(playerId, rp) {
      const player = await prisma.player.findUniqueOrThrow({
        where: { id: playerId },
        include: { passkeys: { select: { id: true, transports: true } } },
      });
      const options = await generateRegistrationOptions({
        rpName: RP_NAME,
        rpID: rp.id,
        // What the person's passkey manager shows; the user handle is random, so it names nothing of ours.
        userName: player.name || RP_NAME,
        userDisplayName: player.name,
        timeout: PASSKEY_CEREMONY_MS,
        attestationType: 'none',
        // An authenticator that already holds one of the player's passkeys is not asked for another.
        excludeCredentials: player.passkeys.map((p) => ({ id: p.id, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      // The user handle is kept with the passkey: every sign-in with it must name the same (WebAuthn §7.2 step 6).
      await keepChallenge(options.challenge, 'register', playerId, options.user.id);
      return options as unknown as CeremonyOptions;
    },

    async register({ deviceId, playerId }, response, rp, userAgent) {
      const taken = await takeChallenge(response.response.clientDataJSON, 'register', playerId);
      if (taken === null) return { ok: false, reason: 'challenge' };
      let verified;
      try {
        verified = await verifyRegistrationResponse({
          response,
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          requireUserVerification: true,
        });
      } catch {
        return { ok: false, reason: 'refused' };
      }
      if (!verified.verified) return { ok: false, reason: 'refused' };
      const info = verified.registrationInfo;
      const row = {
        id: info.credential.id,
        playerId,
        publicKey: Buffer.from(info.credential.publicKey),
        counter: BigInt(info.credential.counter),
        transports: info.credential.transports ?? [],
        deviceType: info.credentialDeviceType,
        backedUp: info.credentialBackedUp,
        label: deviceLabel(userAgent ?? null),
        createdAt: now(),
        userHandle: taken.userHandle,
        deviceId,
      };
      const count = await prisma.$transaction(async (tx) => {
        // A device removed since the ceremony began makes nothing for the player it left.
        if ((await lockPlayerOf(tx, deviceId)) !== playerId) return 0;
        // A credential already kept (for this player or another) is not taken over.
        return (await tx.passkey.createMany({ data: [row], skipDuplicates: true })).count;
      });
      if (count !== 1) return { ok: false, reason: 'refused' };
      return { ok: true, passkey: stored({ ...row, lastUsedAt: null }) };
    },

    async signInOptions(rp) {
      // No allowCredentials: the authenticator offers its discoverable credentials for this rpID.
      const options = await generateAuthenticationOptions({
        rpID: rp.id,
        userVerification: 'required',
        timeout: PASSKEY_CEREMONY_MS,
      });
      await keepChallenge(options.challenge, 'sign-in', null);
      return options as unknown as CeremonyOptions;
    },

    async signIn(principal, response, rp) {
      const taken = await takeChallenge(response.response.clientDataJSON, 'sign-in', null);
      if (taken === null) return { ok: false, reason: 'challenge' };
      const passkey = await prisma.passkey.findUnique({ where: { id: response.id } });
      if (!passkey) return { ok: false, reason: 'unknown' };
      // WebAuthn §7.2 step 6: the user handle a discoverable credential answers with must be the one it
      // was made for. A passkey made before handles were kept takes the first one it signs in with.
      const userHandle = response.response.userHandle;
      if (userHandle === undefined || userHandle === '' || (passkey.userHandle !== null && passkey.userHandle !== userHandle))
        return { ok: false, reason: 'refused' };
      let verified;
      try {
        verified = await verifyAuthenticationResponse({
          response,
          expectedChallenge: taken.challenge,
          expectedOrigin: rp.origin,
          expectedRPID: rp.id,
          credential: {
            id: passkey.id,
            publicKey: new Uint8Array(passkey.publicKey),
            counter: Number(passkey.counter),
            transports: passkey.transports,
          },
          requireUserVerification: true,
        });
      } catch {
        // a bad signature, no user verification, another origin, or a counter that did not go up
        return { ok: false, reason: 'refused' };
      }
      if (!verified.verified) return { ok: false, reason: 'refused' };
      const { newCounter, credentialBackedUp } = verified.authenticationInfo;
      // Compare-and-set: of two answers verified against one counter value, only one raises it.
      const { count } = await prisma.passkey.updateMany({
        where: { id: passkey.id, counter: passkey.counter, userHandle: passkey.userHandle },
        data: { counter: BigInt(newCounter), backedUp: credentialBackedUp, lastUsedAt: now(), userHandle },
      });
      if (count !== 1) return { ok: false, reason: 'refused' };
      // A device never seen gets its player now, to merge it like any other.
      const from = principal.playerId ?? (await players.ensurePlayer(principal.deviceId));
      const moved = await identity.mergePlayers(from, passkey.playerId);
      const player = await prisma.player.findUnique({ where: { id: passkey.playerId } });
      // The player deleted between the lookup and the merge: the passkey went with them.
      if (!player) return { ok: false, reason: 'unknown' };
      return { ok: true, name: player.name, merged: from !== passkey.playerId, moved };
    },

    async remove(playerId, publicId) {
      if (playerId === null) return false;
      const rows = await prisma.passkey.findMany({ where: { playerId }, select: { id: true } });
      const target = rows.find((p) => publicPasskeyId(p.id) === publicId);
      if (!target) return false;
      const { count } = await prisma.passkey.deleteMany({ where: { id: target.id, playerId } });
      return count === 1;
    },
  };
}
