// The protocol's plain values, apart from its schemas: a client reads them before first paint without loading zod.

/** Bumped on any incompatible change of the messages (socket.ts). */
export const PROTOCOL_VERSION = 2;

/** The largest payload any legal message can need, as JSON. Larger ones are refused unread. */
export const MAX_PAYLOAD_BYTES = 4096;

/**
 * The header that names this device (its `mm.device` token) over HTTP: it makes the
 * caller's player the creator of a room it creates, and selects "my matches". Only its hash is stored.
 */
export const DEVICE_TOKEN_HEADER = 'x-device-token';

/**
 * The query parameter of a Socket.IO connection that names the room it is opened for
 * (`/socket.io/?room=<id>&…`): a proxy routes every connection of one room to one server process
 * by it (apps/server/deploy/nginx.conf hashes it). Routing only: `room:join` still says which room
 * the socket joins, and the server trusts nothing of it.
 */
export const ROOM_QUERY_PARAM = 'room';

/** The bounds of a room's turn timer (`turnSeconds`): 10 seconds to 7 days. */
export const TURN_SECONDS = { min: 10, max: 7 * 24 * 3600 } as const;
/** The bounds of `takeOverAfterSec`: how long a person is gone before a bot may play for them. */
export const TAKEOVER_SECONDS = { min: 10, max: 3600 } as const;

// Reactions: a closed set of presets, never free text, so nothing a person types reaches the others.
/** The presets a seated player or a watcher may send (`room:react`); each client shows them in its own language. */
export const REACTION_PRESETS = ['clap', 'wow', 'thinking', 'phew', 'nice', 'good-game', 'hurry-up', 'rematch'] as const;
export type ReactionPreset = (typeof REACTION_PRESETS)[number];

/** Who reacted: a seat's number, or 'watcher' for any watcher (the others learn nothing more of who). */
export type ReactionSender = number | 'watcher';
