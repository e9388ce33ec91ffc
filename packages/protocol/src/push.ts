import { z } from 'zod';
import { LANGS } from '@mm/rules';
import { DEVICE_TOKEN_HEADER } from './constants';
import { tokenSchema } from './ids';

/** `GET /api/push/key`: the VAPID public key (uncompressed P-256 point, base64url) to subscribe with. */
export interface PushKeyReply {
  publicKey: string;
}

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'not base64url');

/**
 * `POST /api/push/subscriptions`: the browser's `PushSubscription.toJSON()` and the device's
 * language. Whether the endpoint may be contacted at all (https, a known push service) is
 * decided by the server, which refuses anything else (no request forgery).
 */
export const pushSubscribeBodySchema = z
  .object({
    endpoint: z.string().url().max(2048),
    expirationTime: z.number().nullable().optional(),
    keys: z
      .object({
        /** the browser's P-256 public key: 65 bytes, 87 characters of base64url */
        p256dh: base64url(80, 100),
        /** the 16-byte authentication secret */
        auth: base64url(16, 32),
      })
      .strict(),
    lang: z.enum(LANGS).default('en'),
  })
  .strict();
export type PushSubscribeBody = z.input<typeof pushSubscribeBodySchema>;

/** `DELETE /api/push/subscriptions`: forget one of this device's subscriptions. */
export const pushUnsubscribeBodySchema = z.object({ endpoint: z.string().url().max(2048) }).strict();

export const pushHeadersSchema = z.object({ [DEVICE_TOKEN_HEADER]: tokenSchema });

/** What the service worker receives (decrypted) in a push and shows as a notification. */
export const pushPayloadSchema = z
  .object({
    /** why: a seat must act, a match it played ended, a rematch waits for its vote, the day's code waits (the daily reminder), a friend challenges the player */
    kind: z.enum(['turn', 'finished', 'rematch', 'deadline', 'daily', 'challenge']),
    title: z.string().max(200),
    body: z.string().max(500),
    /** the room's path on this site (`/r/<id>`), `/daily`, or `/` (the home page, where a challenge is answered): a tap opens or focuses it */
    url: z.string().regex(/^\/(?:r\/[A-Za-z0-9_-]+|daily)?$/),
    /** one notification per room: a newer one replaces the older */
    tag: z.string().max(100),
  })
  .strict();
export type PushPayload = z.output<typeof pushPayloadSchema>;
