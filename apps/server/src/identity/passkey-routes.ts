import {
  deviceParamsSchema,
  passkeyRegisterBodySchema,
  passkeySignInBodySchema,
  type LinkReply,
  type PasskeyBlocker,
  type PasskeyCapability,
  type PasskeyInfo,
  type PasskeyListReply,
  type PasskeyOptionsReply,
} from '@mm/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { describeIssues, httpError } from '../errors';
import { PUBLIC } from '../http/private-answer';
import { relyingParty, type PasskeyFailure, type PasskeyStore, type RelyingParty, type StoredPasskey } from './passkeys';
import { asPrincipal, devicePrincipal, playerPrincipal } from '../http/principal';
import type { Moved } from './store';

const FAILURES: Record<PasskeyFailure, [number, string, string]> = {
  challenge: [400, 'PASSKEY_CHALLENGE_INVALID', 'This passkey request has expired or was used already: try again.'],
  refused: [400, 'PASSKEY_REFUSED', 'The passkey could not be verified: nothing changed.'],
  unknown: [404, 'PASSKEY_UNKNOWN', 'This passkey is not known here: it was removed, or belongs to another site.'],
};

const UNAVAILABLE: Record<PasskeyBlocker, string> = {
  'ip-address': 'Passkeys need a domain name, and this server is reached by an IP address: link with a code instead.',
  insecure: 'Passkeys need https (or localhost), and this server is plain http: link with a code instead.',
};

const info = (p: StoredPasskey): PasskeyInfo => ({
  id: p.publicId,
  label: p.label,
  createdAt: p.createdAt.toISOString(),
  lastUsedAt: p.lastUsedAt?.toISOString() ?? null,
  device: p.device,
});

/** /api/passkeys… and /api/me/passkeys… (docs/protocol.md): passkeys that join a device to its player. */
export function registerPasskeyRoutes(
  app: FastifyInstance,
  deps: {
    passkeys: PasskeyStore;
    /** PUBLIC_URL, or this server on localhost: the rpID and the origin answers must come from */
    publicOrigin: () => string;
    /** ceremonies one address may begin or answer per minute, as for link codes */
    triesPerMinute: number;
    /** devices joined another player (a sign-in's merge): their sockets act as it from now on */
    onPlayerMerged: (moved: Moved) => Promise<void>;
  },
): void {
  const { passkeys } = deps;
  // Every answer but the capability is the asker's own (a player's passkeys, a challenge): private, as routes are unless declared public.
  const rateLimit = { max: deps.triesPerMinute, timeWindow: 60_000, groupId: 'passkey' };
  const perAddress = { config: { rateLimit } };
  // Ceremonies that act for the player, made on first use.
  const perAddressAsPlayer = { config: { rateLimit, principal: 'player' } } as const;

  /** Where passkeys cannot work, every call but the capability answers why, and does nothing. */
  const party = (reply: FastifyReply): RelyingParty | null => {
    const found = relyingParty(deps.publicOrigin());
    if (found.ok) return found.rp;
    void httpError(reply, 409, 'PASSKEYS_UNAVAILABLE', UNAVAILABLE[found.reason]);
    return null;
  };

  app.get('/api/passkeys', PUBLIC, async () => {
    const found = relyingParty(deps.publicOrigin());
    return (
      found.ok ? { available: true, reason: null, rpId: found.rp.id } : { available: false, reason: found.reason, rpId: null }
    ) satisfies PasskeyCapability;
  });

  app.post('/api/passkeys/sign-in/options', perAddress, async (_req, reply) => {
    const rp = party(reply);
    if (rp === null) return reply;
    return { options: await passkeys.signInOptions(rp) } satisfies PasskeyOptionsReply;
  });

  // Read, not made: a device's player is made only once a sign-in succeeds.
  app.post('/api/passkeys/sign-in', { config: { rateLimit, principal: 'device' } }, async (req, reply) => {
    const rp = party(reply);
    if (rp === null) return reply;
    const body = passkeySignInBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const signedIn = await passkeys.signIn(devicePrincipal(req), body.data.response, rp);
    if (!signedIn.ok) return httpError(reply, ...FAILURES[signedIn.reason]);
    await deps.onPlayerMerged(signedIn.moved);
    return { name: signedIn.name, merged: signedIn.merged } satisfies LinkReply;
  });

  app.get('/api/me/passkeys', asPrincipal('device'), async (req) => {
    return { passkeys: (await passkeys.list(devicePrincipal(req).playerId)).map(info) } satisfies PasskeyListReply;
  });

  app.post('/api/me/passkeys/options', perAddressAsPlayer, async (req, reply) => {
    const rp = party(reply);
    if (rp === null) return reply;
    return { options: await passkeys.registrationOptions(playerPrincipal(req).playerId, rp) } satisfies PasskeyOptionsReply;
  });

  app.post('/api/me/passkeys', perAddressAsPlayer, async (req, reply) => {
    const rp = party(reply);
    if (rp === null) return reply;
    const body = passkeyRegisterBodySchema.safeParse(req.body ?? {});
    if (!body.success) return httpError(reply, 400, 'BAD_REQUEST', describeIssues(body.error));
    const added = await passkeys.register(playerPrincipal(req), body.data.response, rp, req.headers['user-agent']);
    if (!added.ok) return httpError(reply, ...FAILURES[added.reason]);
    return reply.code(201).send(info(added.passkey));
  });

  app.delete('/api/me/passkeys/:id', asPrincipal('device'), async (req, reply) => {
    const params = deviceParamsSchema.safeParse(req.params);
    // An id of another player's passkey gets the same answer as one that does not exist.
    const removed = params.success && (await passkeys.remove(devicePrincipal(req).playerId, params.data.id));
    if (!removed) return httpError(reply, 404, 'NO_SUCH_PASSKEY', 'You have no passkey with this id.');
    return reply.code(204).send();
  });
}
