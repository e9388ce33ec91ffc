import { z } from 'zod';
import { LANGS } from '@mm/rules/pure';
import { DEVICE_TOKEN_HEADER } from './constants';
import { normalizeLinkCode } from './identity-code';
import { tokenSchema } from './ids';
import { displayNameSchema } from './display-name';

// A player made of devices (docs/architecture.md, Identity). Every call names its device with
// the same header as the rest of the API; nothing here ever names another player's devices.

/** Headers of every /api/me and /api/link call: the device asking. */
export const deviceHeadersSchema = z.object({ [DEVICE_TOKEN_HEADER]: tokenSchema });

/** A link code as typed: any case, dashes and spaces ignored (`abcd-efgh`). */
export const linkCodeSchema = z
  .string()
  .max(32)
  .transform((s, ctx) => {
    const code = normalizeLinkCode(s);
    if (code === null) {
      ctx.addIssue({ code: 'custom', message: 'a link code is 8 letters and digits' });
      return z.NEVER;
    }
    return code;
  });

/** POST /api/link/preview and POST /api/link */
export const linkBodySchema = z.strictObject({ code: linkCodeSchema });
export type LinkBody = z.input<typeof linkBodySchema>;

/** PUT /api/me/name */
export const renameBodySchema = z.strictObject({ name: displayNameSchema });
export type RenameBody = z.input<typeof renameBodySchema>;

/** PUT /api/me/lang: the language chosen on one device, applied on every device of the player at load. */
export const langBodySchema = z.strictObject({ lang: z.enum(LANGS) });
export type LangBody = z.input<typeof langBodySchema>;

/** The words a person types to confirm "Delete me" (any case): a click alone never deletes a player. */
export const DELETE_ME_CONFIRMATION = 'DELETE';

/** DELETE /api/me: everything of the player goes, on every device (docs/architecture.md, Identity). */
export const deleteMeBodySchema = z.strictObject({
  confirm: z
    .string()
    .max(32)
    .refine((s) => s.trim().toUpperCase() === DELETE_ME_CONFIRMATION, `type ${DELETE_ME_CONFIRMATION} to confirm`),
});
export type DeleteMeBody = z.input<typeof deleteMeBodySchema>;

/** DELETE /api/me/devices/:id, PUT /api/me/devices/:id/name, DELETE /api/me/link-codes/:id, DELETE /api/me/passkeys/:id */
export const deviceParamsSchema = z.strictObject({ id: z.string().regex(/^[A-Za-z0-9_-]{16,32}$/) });

/**
 * DELETE /api/me/devices/:id (the body may be left out): the passkeys that device made go with it
 * unless `keepPasskeys` (a synced passkey may still be the person's own on their other devices).
 */
export const removeDeviceBodySchema = z.strictObject({ keepPasskeys: z.boolean().default(false) });
export type RemoveDeviceBody = z.input<typeof removeDeviceBodySchema>;

/** PUT /api/me/devices/:id/name: what the player calls one of their devices; null gives back its browser's label. */
export const deviceNameBodySchema = z.strictObject({ name: displayNameSchema.nullable() });
export type DeviceNameBody = z.input<typeof deviceNameBodySchema>;

/** How long a device that joined a player may not remove the devices that joined before it. */
export const DEVICE_PROBATION_MS = 24 * 3600_000;

export const deviceInfoSchema = z.strictObject({
  id: z.string().describe('an id of this listing only (not the device token, nor its hash)'),
  label: z.string().describe('browser and system read from its User-Agent, e.g. "Firefox on Android"'),
  name: z.string().nullable().describe('what the player named it on /me (shown instead of the label); null if never'),
  lastSeenAt: z.string().describe('ISO 8601'),
  joinedAt: z.string().describe('ISO 8601: when it joined this player (made, linked or signed in with a passkey)'),
  current: z.boolean().describe('the device asking'),
  mayRemove: z
    .boolean()
    .describe('the device asking may remove it now: not when the asker joined less than a day ago and this one before it'),
});
export type DeviceInfo = z.output<typeof deviceInfoSchema>;

/** GET /api/me: the player of the device asking (made on first use). */
export const meReplySchema = z.strictObject({
  name: z.string().describe('the one name of the player across devices; empty until they sit down or choose one'),
  devices: z.array(deviceInfoSchema).describe('the devices of this player, the one asking first'),
  lang: z.enum(LANGS).nullable().describe('the language the player last chose, on any device; null until they choose one'),
  newUntil: z
    .string()
    .nullable()
    .describe('ISO 8601: until then the device asking (joined less than a day ago) may not remove older devices; null: it may'),
  removed: z
    .strictObject({
      at: z.string().describe('ISO 8601'),
      by: z.string().describe('the name or label of the device that removed it'),
    })
    .nullable()
    .describe('another device removed the one asking from its player (so it is a new player now); null once it joins one again'),
});
export type MeReply = z.output<typeof meReplySchema>;

/** POST /api/me/link-codes → 201 */
export const linkCodeReplySchema = z.strictObject({
  id: z.string().describe('its id in GET /api/me/link-codes (not the code, nor its hash)'),
  code: z.string().describe('8 characters of Crockford base32; shown as ABCD-EFGH, opened as /link#ABCDEFGH'),
  expiresAt: z.string().describe('ISO 8601: ten minutes on'),
});
export type LinkCodeReply = z.output<typeof linkCodeReplySchema>;

export const pendingLinkCodeSchema = z.strictObject({
  id: z.string().describe('an id of this listing only (not the code, nor its hash)'),
  device: z.string().describe('the `id` in `GET /api/me` of the device that made it'),
  createdAt: z.string().describe('ISO 8601'),
  expiresAt: z.string().describe('ISO 8601'),
});
export type PendingLinkCode = z.output<typeof pendingLinkCodeSchema>;

/** GET /api/me/link-codes: the player's codes not used yet and not expired, newest first (never the codes themselves). */
export const linkCodeListReplySchema = z.strictObject({ codes: z.array(pendingLinkCodeSchema) });
export type LinkCodeListReply = z.output<typeof linkCodeListReplySchema>;

/** POST /api/link/preview: who the code would join this device to (their name, nothing else). */
export const linkPreviewReplySchema = z.strictObject({ name: z.string() });
export type LinkPreviewReply = z.output<typeof linkPreviewReplySchema>;

/** POST /api/link: this device now belongs to the code's player (its own games merged in). */
export const linkReplySchema = z.strictObject({
  name: z.string(),
  merged: z.boolean().describe('this device had a player of its own, now merged in'),
});
export type LinkReply = z.output<typeof linkReplySchema>;

/** GET /api/me/stats: per family, the player's finished matches (docs/architecture.md, Identity). */
export const familyStatsSchema = z.strictObject({
  family: z.string(),
  played: z.number().int().min(0).describe('finished matches the player sat in'),
  won: z.number().int().min(0),
  longestWinRun: z.number().int().min(0).describe('most matches won in a row (oldest to newest)'),
  ranks: z
    .array(z.number().int().min(0))
    .describe('rotation and Master Mind 44: `ranks[r]` matches ended in rank r + 1 (ties share a rank); empty elsewhere'),
  bestRank: z.number().int().min(1).nullable(),
  breaks: z
    .array(
      z.strictObject({
        pegs: z.number().int().min(1).describe('the code size'),
        codes: z.number().int().min(1).describe('codes the player broke'),
        average: z.number().describe('guesses per broken code'),
        best: z.number().int().min(1).describe('fewest guesses'),
        histogram: z.array(z.number().int().min(0)).describe('`histogram[g - 1]`: codes broken in g guesses'),
      }),
    )
    .describe('duel and Parker: the codes the player broke, by code size; empty elsewhere'),
});
export type FamilyStats = z.output<typeof familyStatsSchema>;
export const statsReplySchema = z.strictObject({
  families: z.array(familyStatsSchema).describe('families the player finished a match of, most played first'),
  matches: z.number().int().min(0).describe('finished matches counted (at most 1000, the newest)'),
});
export type StatsReply = z.output<typeof statsReplySchema>;
