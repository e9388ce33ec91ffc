// The protocol's plain values, apart from its schemas: a client reads them before first paint without loading zod.

/** Bumped on any incompatible change of the messages (socket.ts). */
export const PROTOCOL_VERSION = 1;

/** The largest payload any legal message can need, as JSON. Larger ones are refused unread. */
export const MAX_PAYLOAD_BYTES = 4096;

/**
 * The header that names this device (its `mm.device` token) over HTTP: it makes the
 * caller's player the creator of a room it creates, and selects "my matches". Only its hash is stored.
 */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/** The bounds of a room's turn timer (`turnSeconds`): 10 seconds to 7 days. */
export const TURN_SECONDS = { min: 10, max: 7 * 24 * 3600 } as const;
/** The bounds of `takeOverAfterSec`: how long a person is gone before a bot may play for them. */
export const TAKEOVER_SECONDS = { min: 10, max: 3600 } as const;
