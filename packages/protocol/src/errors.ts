import { RULE_ERROR_CODES, type RuleErrorCode } from '@mm/rules/pure';

/** Errors of the transport itself; rule errors (from @mm/rules) travel with the same shape. */
export const TRANSPORT_ERRORS = {
  BAD_REQUEST: 'The payload does not fit the message schema.',
  PAYLOAD_TOO_LARGE: 'The payload is larger than any legal message.',
  UNKNOWN_EVENT: 'There is no message of that name.',
  PROTOCOL_MISMATCH: 'Client and server speak different protocol versions: reload the client.',
  ROOM_NOT_FOUND: 'No room has this id.',
  NOT_IN_ROOM: 'The socket has not joined a room yet.',
  SEAT_TAKEN: 'Someone already sits in that seat.',
  NO_SUCH_SEAT: 'The table has no seat with that number.',
  ALREADY_SEATED: 'This socket already holds a seat.',
  NOT_SEATED: 'The message needs a seat and this socket has none.',
  MATCH_STARTED:
    'A seat cannot be given up once the match has begun, nor said ready (`room:ready`) once it is open or when it does not wait.',
  NOT_STARTED:
    'A simultaneous start (race, Parker) waits for every seat to be taken, every person to be ready (`room:ready`) and its countdown: nothing is played before, nothing changed.',
  BAD_TOKEN: 'The seat token is not valid for this room.',
  DUPLICATE_ACTION: 'This actionId was already accepted (a resend): nothing changed; `seq` says where it was accepted.',
  STALE_SEQ: 'The client acted on an old state (`expectSeq` is behind): catch up and try again; `seq` is the current one.',
  HINTS_OFF: 'This room was created without hints.',
  NOT_AWAY: 'That seat is not held by someone away long enough to hand it to a bot.',
  RATE_LIMITED: 'Too many messages (or reactions, `room:react`): slow down.',
  SPECTATORS_FULL: 'The room has as many spectators as it takes: try again later (seated players are never refused).',
  TOO_MANY_BOT_ROOMS:
    'This address has as many rooms of bots only still being played as it may (`BOT_ROOMS_PER_IP`): HTTP 429 to `POST /api/rooms`. Finish or watch one, or seat a person.',
  TOO_MANY_CONNECTIONS: 'This address holds as many connections as it may (a `connect_error` whose `data` is this reply).',
  NOT_CREATOR: "Only the room's creator (a device of the player who made it) may change its settings.",
  SPECTATING_OFF: "The room's creator has turned spectating off: only seated players see the match until it ends.",
  MATCH_NOT_FOUND: 'No match has this id.',
  NOT_A_PERSON:
    'No person holds that seat of the match (a bot, a seat never taken, or a player who deleted themselves): HTTP 404 to `GET /api/matches/:id/seats/:seat/card`.',
  MATCH_NOT_FINISHED: 'A rematch can be voted for (or another game picked) only once the match is over.',
  SEATS_CHANGED: 'The seats kept changing while the next match was set up (another game): nothing changed, try again.',
  SERVER_ONLY_ACTION: 'Only the server appends this action (a turn timeout); a client cannot send it.',
  ROOM_SEALED:
    'This room plays one match with its seats fixed (the Code of the day): no rematch, no seat given up, no reaction sent, and nobody watches it (`match:rematch`, `seat:leave`, `room:react`, `room:join` without its seat).',
  DAILY_CLOSED:
    'This Code of the day has been revealed: its room takes no move any more (an attempt still open then counts as unfinished).',
  MATCH_CHANGED: 'A new match began in this room and the seats moved: join the room again (room:rejoin).',
  LINK_CODE_INVALID: 'No live link code is this one (mistyped, used already, or from another server): HTTP 404.',
  LINK_CODE_EXPIRED: 'This link code is older than ten minutes: make a new one on the other device. HTTP 410.',
  NO_SUCH_DEVICE: 'This player has no device with that id: HTTP 404.',
  DEVICE_TOO_NEW:
    'This device joined its player less than a day ago: it may not remove a device that joined before it (an older one may remove it). HTTP 403.',
  NO_SUCH_LINK_CODE: 'This player has no pending link code with that id (used, expired or cancelled already): HTTP 404.',
  PASSKEYS_UNAVAILABLE:
    'Passkeys cannot work with this server’s address (PUBLIC_URL is an IP address, or plain http other than localhost): link with a code instead. HTTP 409.',
  PASSKEY_CHALLENGE_INVALID:
    'The answer names no live challenge of this kind (made by another server, used already, or older than five minutes): start again. HTTP 400.',
  PASSKEY_REFUSED:
    'The passkey’s answer did not verify (another origin, no user verification, a bad signature, or a signature counter that did not go up): nothing changed. HTTP 400.',
  PASSKEY_UNKNOWN: 'No passkey here has this credential (it was removed, or made for another site): HTTP 404.',
  NO_SUCH_PASSKEY: 'This player has no passkey with that id: HTTP 404.',
  NOT_PLAYED_WITH:
    'Nobody of that id has finished a match with this player, nor asked to be their friend: a friend request needs a match played together, or an invitation link. HTTP 404.',
  NOT_A_FRIEND: 'This player has no friend, request or asker of that id: HTTP 404.',
  NO_SUCH_FRIEND_INVITE: 'This player has no live friend invitation with that id (used, expired or revoked already): HTTP 404.',
  FRIEND_INVITE_INVALID: 'No friend invitation is this one (mistyped, used already, or revoked): HTTP 404.',
  FRIEND_INVITE_EXPIRED: 'This friend invitation is older than a week: ask for a new one. HTTP 410.',
  OWN_FRIEND_INVITE: 'This friend invitation is your own: send it to someone else. HTTP 409.',
  SEAT_RESERVED: 'That seat is kept for the friend this room was made to challenge, until they answer or ten minutes pass.',
  NOT_YOUR_FRIEND: 'Only a friend can be challenged: `POST /api/challenges` names nobody among your friends. HTTP 404.',
  TOO_MANY_CHALLENGES: 'You have as many challenges waiting for an answer as you may (3): HTTP 429.',
  NO_SUCH_CHALLENGE: 'No challenge of yours (made or received) has that id: HTTP 404.',
  CHALLENGE_OVER: 'That challenge was answered, cancelled or has expired already: HTTP 409.',
  NOT_A_CHALLENGE_PRESET: 'A challenge is made from a preset of the rules with no bot seat: HTTP 400.',
  DEVICE_REMOVED:
    'This device was removed from its player: it is a new anonymous player now, and no seat of the old one answers to it (sent as `server:error`, then the socket is closed).',
  PLAYER_DELETED:
    'This player deleted themselves (on this device or another): the socket is closed; the browser starts again as a new anonymous player (sent as `server:error`).',
  INTERNAL: 'The server failed; nothing was changed.',
  UNAVAILABLE: 'The database is unreachable or too slow just now; nothing was changed: try again shortly.',
  OUTCOME_UNKNOWN:
    'The database went away while the action was being stored: it may or may not have been. Send it again with the same `actionId` (applied at most once: `DUPLICATE_ACTION` then says it was). The room reads its log again before it accepts anything else.',
} as const;

export const RULE_ERRORS: Record<RuleErrorCode, string> = {
  INVALID_ACTION: 'The action does not exist in this game or does not fit its schema.',
  INVALID_CODE: 'Wrong length, a colour out of range, a forbidden repeat or blank.',
  INVALID_SCORE: 'A hand-entered score that cannot exist.',
  NOT_A_PLAYER: 'The seat does not play in this match.',
  NOT_YOUR_TURN: 'The seat may not act now.',
  WRONG_PHASE: 'The action does not belong in the current phase.',
  ELIMINATED: 'The seat is out of the game.',
  MATCH_FINISHED: 'Nothing can be played after the end.',
  INCONSISTENT_GUESS: 'Hard mode: the guess could not be the code, given the key pegs of an earlier row.',
};

export type TransportErrorCode = keyof typeof TRANSPORT_ERRORS;
export const TRANSPORT_ERROR_CODES = Object.keys(TRANSPORT_ERRORS) as TransportErrorCode[];
export const ERROR_CODES = [...TRANSPORT_ERROR_CODES, ...RULE_ERROR_CODES];
export type ErrorCode = TransportErrorCode | RuleErrorCode;

export interface ErrorReply {
  ok: false;
  code: ErrorCode;
  message: string;
  /** for DUPLICATE_ACTION and STALE_SEQ: the seq that matters */
  seq?: number;
}

/**
 * Codes of HTTP error bodies (`{ error: { code, message } }`) that no socket reply uses: the
 * transport's own refusals. Routes also answer with codes of TRANSPORT_ERRORS (BAD_REQUEST,
 * ROOM_NOT_FOUND, MATCH_NOT_FOUND, SPECTATING_OFF, RATE_LIMITED, PAYLOAD_TOO_LARGE, INTERNAL).
 */
export const HTTP_ERRORS = {
  UNAUTHORIZED: '401: `/metrics` without its bearer token.',
  NOT_FOUND: '404: nothing answers this path.',
  METHOD_NOT_ALLOWED: '405: the path takes other methods (listed in the `Allow` header).',
  REQUEST_TIMEOUT: '408: the request took too long to arrive.',
  UNSUPPORTED_MEDIA_TYPE: '415: a body that is not `application/json`.',
  HEADERS_TOO_LARGE: '431: request headers over the server’s limit.',
  UNAVAILABLE: '503: the server cannot serve now (a dependency is down); try again.',
  SHUTTING_DOWN: '503: this server is stopping; another one answers a retry.',
  NOT_PLAYABLE: '409: that puzzle number is not today’s date anywhere on Earth now (the Code of the day).',
  DAILY_NOT_FINISHED: '403: the day’s results are shown only once your own attempt at that puzzle has ended.',
  NO_SUCH_GROUP: '404: the asker is in no group of that id (whether or not one exists).',
  NOT_A_MEMBER: '404: nobody of that id is a member of the group.',
  NOT_GROUP_MAKER: '403: only the group’s maker may remove another member or make a new invitation link.',
  GROUP_INVITE_INVALID: '404: no group has this invitation (mistyped, or its maker made a newer link).',
  GROUP_FULL: '409: the group has as many members as a group may have (50).',
  TOO_MANY_GROUPS: '409: the player is in as many groups as a player may be (30): leave one first.',
  NOT_AT_TABLE: '403: only someone who finished a match at that table may make a group of it.',
} as const;
export type HttpErrorCode = keyof typeof HTTP_ERRORS;
