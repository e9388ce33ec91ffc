import { z } from 'zod';
import { families, matchViewSchema } from '@mm/rules';
import { HTTP_ERRORS, RULE_ERRORS, TRANSPORT_ERRORS } from './errors';
import { DEVICE_TOKEN_HEADER, MAX_PAYLOAD_BYTES, PROTOCOL_VERSION, ROOM_QUERY_PARAM } from './constants';
import { createRoomBodySchema, matchListQuerySchema } from './http';
import {
  clientReplySchemas,
  commitmentSchema,
  errorBodySchema,
  errorReplySchema,
  httpReplySchemas,
  roomSummarySchema,
  serverEventSchemas,
  snapshotSchema,
} from './payloads';
import { pushPayloadSchema, pushSubscribeBodySchema } from './push';
import { myRatingsReplySchema, playerCardReplySchema, tableScoreReplySchema } from './ratings';
import { deviceNameBodySchema, linkBodySchema, removeDeviceBodySchema, statsReplySchema } from './identity';
import { passkeyRegisterBodySchema, passkeySignInBodySchema } from './passkeys';
import { dailyAttemptBodySchema, dailyReminderSchema } from './daily';
import { friendInviteBodySchema, friendsReplySchema } from './friends';
import { createGroupBodySchema, groupInviteBodySchema } from './groups';
import { challengeBodySchema, challengesReplySchema } from './challenges';
import { clientMessages, serverMessages } from './socket';

/**
 * Schemas that many payloads share are written out once, in their own section, and referred
 * to by name everywhere else.
 */
const shared = new Map<unknown, string>([
  [matchViewSchema, '#views'],
  [snapshotSchema, '#snapshot'],
  [roomSummarySchema, '#room-summary'],
  [commitmentSchema, '#commitment'],
]);

const render = (schema: z.ZodType, io: 'input' | 'output', own?: unknown): string => {
  const body = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => {
      const ref = ctx.zodSchema === own ? undefined : shared.get(ctx.zodSchema);
      if (!ref) return;
      const target = ctx.jsonSchema as Record<string, unknown>;
      for (const key of Object.keys(target)) delete target[key];
      target.$ref = ref;
    },
  });
  delete (body as Record<string, unknown>).$schema;
  return ['```json', JSON.stringify(body, null, 2), '```'].join('\n');
};
/** what a client sends */
const json = (schema: z.ZodType): string => render(schema, 'input');
/** what the server sends */
const sent = (schema: z.ZodType): string => render(schema, 'output', schema);

/**
 * docs/protocol.md, rendered from the very schemas the server and client use,
 * so the document cannot drift from the code (a test compares the two).
 */
export function renderProtocolDoc(): string {
  const out: string[] = [
    '# Protocol',
    '',
    '<!-- Generated from packages/protocol by `pnpm --filter @mm/protocol docs`; a test fails when it is stale. -->',
    '',
    `Protocol version **${PROTOCOL_VERSION}**. The client sends it in \`room:join\`; a mismatch is refused with \`PROTOCOL_MISMATCH\`.`,
    '',
    '## How it works',
    '',
    '- HTTP creates rooms and reads public summaries; everything live goes over Socket.IO on the same origin.',
    `- A client opens one Socket.IO connection per room and names the room in its query (\`?${ROOM_QUERY_PARAM}=<id>\`), so that a`,
    '  proxy in front of several server processes sends every connection of a room to the same one. It is routing only:',
    '  `room:join` says which room the socket joins.',
    '- Every client message is sent with an acknowledgement callback. The reply is `{ ok: true, … }` or',
    '  `{ ok: false, code, message }` with a code from the tables below. A refused message changes nothing.',
    '  A message sent without a callback that is refused gets its error as a `server:error` event.',
    `- A payload larger than ${MAX_PAYLOAD_BYTES} bytes of JSON is refused unread (\`PAYLOAD_TOO_LARGE\`); a single`,
    '  packet over 64 KiB closes the connection. Each socket may send 30 messages at once, refilled at 10 per second.',
    '- After every change the server sends each socket its room summary (public) and its own snapshot: the match',
    '  **as its seat may see it** (`view`), its `status` and `seq`, the number of accepted actions. Whole (`room:update`)',
    '  when the socket has nothing to build on (it just joined, a new match); else `room:delta`: only what changed since',
    '  the previous update, from `fromSeq` to `toSeq`. A client keeps the snapshot with the highest `seq`; a delta that',
    '  does not follow the one held (another `fromSeq`, or another `hash` once applied) means one was missed: `room:sync`',
    '  fetches the whole snapshot.',
    '- A seat is claimed once (`seat:claim`) and the reply carries its token (256 random bits; only a hash is stored).',
    '  Sending that token in `room:join` later (reload, sleep, new network) takes the seat back.',
    '- Actions carry a client-chosen `actionId`: a resend of an accepted action is answered `DUPLICATE_ACTION`',
    '  with the `seq` it got, never applied twice. `expectSeq` guards against acting on an old state.',
    '- An action is acknowledged only after it is committed to the database.',
    '- A player is made of devices; each device is an anonymous token kept in the browser (`mm.device`), sent as `deviceToken` in',
    `  \`room:join\` / \`seat:claim\` and as the \`${DEVICE_TOKEN_HEADER}\` header over HTTP. Only its SHA-256 is stored.`,
    '  A seat belongs to the player who claimed it: `room:join` with the `deviceToken` of any device of that player',
    '  and no `seatToken` gets the seat; a `seatToken` of a seat that a player holds acts only with the `deviceToken` of',
    "  one of their devices (another player's, or none, is `BAD_TOKEN`), so seat tokens never cross players.",
    '- Spectators: a socket without a seat watches (public view). The device that created the room may turn',
    '  that off (`room:settings`); watchers then get the room summary with `snapshot: null`.',
    '- Rematch: once a match is over each seated player may accept (`match:rematch`); the votes are in the',
    '  summary (`rematch`). When all have accepted, a new match begins in the same room with everyone one seat',
    '  on (seat i → i + 1 mod N, tokens follow their people) and every socket gets `room:rejoin`.',
    '- Another game: once a match is over any seated player may start another game from a preset of any family',
    '  (`match:another`); it begins at once in the same room, the summary carries its `family` and `options`.',
    '  The people keep their order in its seats; whoever has none watches (their `seatToken` gets `BAD_TOKEN`:',
    '  join without it), free seats may be claimed, and every socket gets `room:rejoin`.',
    '- Provably fair: every snapshot carries `commitments` (SHA-256 of `salt:secret` for each secret set, and',
    '  of `salt:seed` for a family dealt from the seed); `GET /api/matches/:id` publishes salts and seed once the',
    '  match is finished (see docs/architecture.md, "Provably fair secrets").',
    '- Bots: a room may seat bots from the start (`bots` in `POST /api/rooms`), its creator may seat one in a',
    '  free seat (`seat:bot`), and with `takeOverAfterSec` set any seated player may hand the seat of a person',
    '  gone that long to a bot (`seat:takeover`; `NOT_AWAY` otherwise) until that person joins again with its',
    '  token. The summary marks such seats (`bot`, `takenOver`; a bot counts as connected). A bot decides from',
    "  its own seat's view only and plays through `match:act` like anyone, with the actionId",
    '  `bot-<matchId>-<seq>-<seat>`; actionIds starting with `bot-` are refused from clients (`BAD_REQUEST`).',
    '  In a room with `hints`, `match:hint` returns a strong code that can still be the secret (`kind: "guess"`;',
    '  Master Mind 44: the `row` to place or the code to `call`), or `code: null` when the seat has nothing to',
    '  guess now, and how many codes (Master Mind 44: deals of the parts) its own view still allows.',
    '- Turn timer: every family has a `timeout` action that only the server appends (for a seat that owed a',
    '  move past its deadline; docs/rules.md says what it does). A client sending one gets `SERVER_ONLY_ACTION`.',
    '- Push: a page reports whether it is visible (`presence`, on `visibilitychange`); a seat that must act',
    '  while none of its pages is visible gets a Web Push on the devices that subscribed (`/api/push/…`).',
    '',
    '## HTTP',
    '',
    '| method and path | body | reply |',
    '|---|---|---|',
    '| `GET /api/health/live` | | 200 `{ ok: true }` while the process answers (liveness) |',
    '| `GET /api/health/ready` | | 200 `{ ok: true, db: "embedded" \\| "postgres" }` when the database (and Redis, when configured) answer within a second and the server is not draining; else 503 `UNAVAILABLE` naming what is down, or `SHUTTING_DOWN` (readiness) |',
    '| `GET /api/health` | | the same as `/api/health/ready` |',
    "| `POST /api/rooms` | see below | 201 `{ id, url, seated }`: `seated` holds the creator's seat token when the body has `sit`; 400 `{ error: { code, message } }` |",
    '| `GET /api/rooms/:id` | | the public room summary; 404 for an unknown id |',
    '| `GET /api/rooms/:id/score` | | the running score of the table: per person (and per bot, by name) matches won and played in the room, per family with its own points, from the stored finished matches; 404 `ROOM_NOT_FOUND` (also for a Code of the day); schema below |',
    `| \`GET /api/matches?player=me\` | header \`${DEVICE_TOKEN_HEADER}\` | this device's matches, newest first: \`{ matches, nextCursor }\`; 400 without a valid token |`,
    '| `GET /api/matches/:id` | | finished: the full log, salts, seed and final view (`review`); playing: the public snapshot only, 403 `SPECTATING_OFF` when spectating is off; 404 `MATCH_NOT_FOUND` |',
    '| `GET /api/push/key` | | `{ publicKey }`: the VAPID public key (base64url) to subscribe with |',
    `| \`POST /api/push/subscriptions\` | header \`${DEVICE_TOKEN_HEADER}\`, the PushSubscription JSON (below) | 201 \`{ ok: true }\`; 400 for a bad body or an endpoint that is not https on a known push service |`,
    `| \`DELETE /api/push/subscriptions\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ endpoint }\` | 204 |`,
    `| \`GET /api/me\` | header \`${DEVICE_TOKEN_HEADER}\` | this device's player: \`{ name, devices, lang, newUntil, removed }\` (a device never seen becomes a player of one device) |`,
    `| \`PUT /api/me/name\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ name }\` | the player's one name, on every device: the \`GET /api/me\` reply |`,
    `| \`PUT /api/me/lang\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ lang }\` (\`en\`, \`fr\`, \`de\`) | the language chosen on one device; every device of the player applies \`lang\` of \`GET /api/me\` at load: the \`GET /api/me\` reply |`,
    `| \`GET /api/me/stats\` | header \`${DEVICE_TOKEN_HEADER}\` | per family: matches played and won, longest winning run, ranks (rotation, Master Mind 44), guesses to break a code by code size (duel, Parker); schema below |`,
    `| \`GET /api/me/ratings\` | header \`${DEVICE_TOKEN_HEADER}\` | the player's rating per family (openskill, docs/rules.md §7) with the games it counts and its course after each rated match; schema below |`,
    `| \`GET /api/matches/:id/seats/:seat/card\` | header \`${DEVICE_TOKEN_HEADER}\` | the person who sat in that seat of that match: their name, public ratings and head-to-head with the asker, and \`friend\` (their id in \`GET /api/friends\`) when the two are friends, nothing else; 404 \`MATCH_NOT_FOUND\`, \`NO_SUCH_SEAT\`, \`NOT_A_PERSON\` (a bot); 400 for a bad id, seat or token; schema below |`,
    `| \`DELETE /api/me\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ confirm: "DELETE" }\` | 204: "Delete me" on every device at once: the devices, push subscriptions, passkeys, link codes, friendships and friend invitations go, and the player leaves every group (one they made goes to its longest-standing member); running seats are handed to a bot where the room allows takeovers, else freed; the player's name in others' histories becomes \`""\` (shown as "Deleted player"); its devices' sockets get \`PLAYER_DELETED\`. 400 without the confirmation |`,
    `| \`DELETE /api/me/devices/:id\` | header \`${DEVICE_TOKEN_HEADER}\`, optional \`{ keepPasskeys }\` | 204: that device leaves the player and starts as a new anonymous one (its \`GET /api/me\` says it was \`removed\`); the link codes it made die, the passkeys it made go unless \`keepPasskeys\`; its sockets get \`DEVICE_REMOVED\`; 403 \`DEVICE_TOO_NEW\` when the asker joined less than a day ago and that device before it; 404 \`NO_SUCH_DEVICE\` for an id not of this player |`,
    `| \`PUT /api/me/devices/:id/name\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ name }\` | what the player calls that device (null: its browser's label again): the \`GET /api/me\` reply; 404 \`NO_SUCH_DEVICE\` |`,
    `| \`GET /api/me/export\` | header \`${DEVICE_TOKEN_HEADER}\` | "Download my data": the player, their devices and their matches (at most 1000, newest first) as the public replay shows them |`,
    `| \`POST /api/me/link-codes\` | header \`${DEVICE_TOKEN_HEADER}\` | 201 \`{ id, code, expiresAt }\`: a code that joins another device to this player, 10 minutes, single use |`,
    `| \`GET /api/me/link-codes\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ codes }\`: the player's pending codes (not used, not expired), newest first, each with the device that made it; never the codes themselves |`,
    `| \`DELETE /api/me/link-codes/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | 204: that code no longer works; 404 \`NO_SUCH_LINK_CODE\` |`,
    '| `POST /api/link/preview` | `{ code }` | `{ name }` of the player the code joins to, nothing else; 404 `LINK_CODE_INVALID`, 410 `LINK_CODE_EXPIRED`, 429 |',
    `| \`POST /api/link\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ code }\` | \`{ name, merged }\`: this device now belongs to the code's player, its own matches and seats merged in; errors as for the preview |`,
    "| `GET /api/passkeys` | | `{ available, reason, rpId }`: whether passkeys can work with this server's address |",
    '| `POST /api/passkeys/sign-in/options` | | `{ options }` for `navigator.credentials.get()` (discoverable credentials, user verification required); 409 `PASSKEYS_UNAVAILABLE`, 429 |',
    `| \`POST /api/passkeys/sign-in\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ response }\` | \`{ name, merged }\`: this device now belongs to the passkey's player, as with a link code; 400 \`PASSKEY_CHALLENGE_INVALID\` / \`PASSKEY_REFUSED\`, 404 \`PASSKEY_UNKNOWN\`, 409, 429 |`,
    `| \`GET /api/me/passkeys\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ passkeys }\` of this device's player, newest first |`,
    `| \`POST /api/me/passkeys/options\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ options }\` for \`navigator.credentials.create()\` (a resident key and user verification required); 409 |`,
    `| \`POST /api/me/passkeys\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ response }\` | 201, the new passkey of this player; 400 \`PASSKEY_CHALLENGE_INVALID\` / \`PASSKEY_REFUSED\`, 409, 429 |`,
    `| \`DELETE /api/me/passkeys/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | 204; 404 \`NO_SUCH_PASSKEY\` for an id not of this player |`,
    `| \`GET /api/daily/commitments\` | | the Code of the day's commitments (today's and 30 days ahead) and the reveals of the days that have ended everywhere |`,
    `| \`POST /api/daily/attempt\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ n, hard }\` | this player's attempt at puzzle n: made once (a private one-seat race room, the player seated), then the same one on every device of the player, unchanged; 409 \`NOT_PLAYABLE\` when n is not today's date anywhere |`,
    `| \`GET /api/daily/attempt?n=N\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ attempt }\`, null when the player has not started n |`,
    `| \`GET /api/daily/me\` | header \`${DEVICE_TOKEN_HEADER}\` | the player's attempts, newest first, and their statistics |`,
    `| \`GET /api/daily/:n/summary\` | header \`${DEVICE_TOKEN_HEADER}\` | the day's counts (attempts ended, rows used) and the results of the player's friends; 403 \`DAILY_NOT_FINISHED\` until the player's own attempt at n has ended |`,
    `| \`PUT /api/daily/reminder\`, \`GET /api/daily/reminder\` | header \`${DEVICE_TOKEN_HEADER}\`; PUT: \`{ hour, utcOffsetMinutes }\` | the player's daily reminder (a push at most once a day at that local hour, none once the day's attempt is done; hour null: off) |`,
    `| \`GET /api/friends\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ friends, asking, asked, playedWith, invites }\`: of each person an id of these listings and their name only (schema below) |`,
    `| \`PUT /api/friends/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ relation }\`: asks a person who finished a match with this player to be friends, or agrees when they asked (then \`friend\`); 404 \`NOT_PLAYED_WITH\` for anyone else |`,
    `| \`DELETE /api/friends/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | 204: no longer friends (on both sides), or the request declined or withdrawn; 404 \`NOT_A_FRIEND\` |`,
    `| \`POST /api/friends/invites\` | header \`${DEVICE_TOKEN_HEADER}\` | 201 \`{ id, token, expiresAt }\`: a link \`/f/<token>\` that makes whoever opens and accepts it this player's friend; a week, single use, 5 live at most (the oldest goes); counted with rooms per address (429) |`,
    `| \`DELETE /api/friends/invites/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | 204: that link no longer works; 404 \`NO_SUCH_FRIEND_INVITE\` |`,
    '| `POST /api/friends/invites/preview` | `{ token }` | `{ name }` of who made it, nothing else; 404 `FRIEND_INVITE_INVALID`, 410 `FRIEND_INVITE_EXPIRED`, 429 |',
    `| \`POST /api/friends/invites/accept\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ token }\` | \`{ friend }\`: friends at once, and the link is used; 409 \`OWN_FRIEND_INVITE\`, else as for the preview |`,
    `| \`GET /api/groups\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ groups }\`: the player's groups by name, each with its member count and whether the asker made it |`,
    `| \`POST /api/groups\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ name, timeZone }\` | 201 \`{ id, token }\`: a group of one member, its maker; \`/g/<token>\` lets anyone join until the maker makes a new link; 409 \`TOO_MANY_GROUPS\`; counted with rooms per address (429) |`,
    `| \`POST /api/rooms/:id/group\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ name, timeZone }\` | 201 \`{ id, token }\`: the same, made from a table's running score by someone who finished a match there, its link to share with the table (nobody is put in a group unasked); 403 \`NOT_AT_TABLE\`, 404 \`ROOM_NOT_FOUND\` (also for a Code of the day) |`,
    `| \`GET /api/groups/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | the group page, for members only: the league table (ratings per family, points this week), this week's matches among members, the Code of the day of members (ended attempts only) (schema below); 404 \`NO_SUCH_GROUP\` for anyone else |`,
    `| \`DELETE /api/groups/:id/members/:person\` | header \`${DEVICE_TOKEN_HEADER}\` | 204: the member leaves (their own id) or is removed (the maker only: 403 \`NOT_GROUP_MAKER\`); a maker leaving hands the group to the longest-standing member, the last one leaving ends it; 404 \`NO_SUCH_GROUP\`, \`NOT_A_MEMBER\` |`,
    `| \`POST /api/groups/:id/invite\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ id, token }\`: a new invitation link, the old one stops working; the maker only (403 \`NOT_GROUP_MAKER\`) |`,
    '| `POST /api/groups/preview` | `{ token }`, optional device header | `{ name, members, member }` of the group, nothing else; 404 `GROUP_INVITE_INVALID`, 429 |',
    `| \`POST /api/groups/join\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ token }\` | \`{ id, name }\`: a member now (already one: unchanged); 409 \`GROUP_FULL\`, \`TOO_MANY_GROUPS\`, else as for the preview |`,
    `| \`POST /api/challenges\` | header \`${DEVICE_TOKEN_HEADER}\`, \`{ friendId, preset, name? }\` | 201 \`{ id, roomId, expiresAt }\`: a room of the preset with the challenger seated and a seat kept for the friend for ten minutes (\`SEAT_RESERVED\` to anyone else; the room's summary shows \`challenge\` with the friend's name only); the friend's devices get a push. 404 \`NOT_YOUR_FRIEND\`, 400 \`NOT_A_CHALLENGE_PRESET\`, 429 \`TOO_MANY_CHALLENGES\` (3 waiting) or with rooms per address |`,
    `| \`GET /api/challenges\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ incoming, outgoing }\`: challenges waiting for this player's answer, and the player's own of the last day |`,
    `| \`POST /api/challenges/:id/accept\` | header \`${DEVICE_TOKEN_HEADER}\` | \`{ roomId, seat }\`: the challenged player sits in the kept seat (any device of theirs then joins it without a token); 404 \`NO_SUCH_CHALLENGE\`, 409 \`CHALLENGE_OVER\` |`,
    `| \`POST /api/challenges/:id/decline\` | header \`${DEVICE_TOKEN_HEADER}\` | 204: the seat is free; the challenger's room shows the challenge \`declined\` (as \`expired\` after ten minutes unanswered); 404, 409 as above |`,
    `| \`DELETE /api/challenges/:id\` | header \`${DEVICE_TOKEN_HEADER}\` | 204: the challenger cancels; the seat is free; 404, 409 as above |`,
    '',
    "The Code of the day is played in an ordinary room: join `roomId` with `seatToken` and send the race's `guess`",
    "actions. Only the player's devices may join it; its view holds the code once the attempt has ended, and its replay",
    'is private to the player until the day has ended everywhere (docs/rules.md §6.2).',
    '',
    '`POST /api/daily/attempt` body:',
    '',
    json(dailyAttemptBodySchema),
    '',
    '`PUT /api/daily/reminder` body:',
    '',
    json(dailyReminderSchema),
    '',
    'Link codes: 8 characters of Crockford base32 (40 bits), typed in any case, dashes and spaces ignored.',
    'Only their SHA-256 is stored. Both link calls are limited per address: tries per minute, and wrong codes per hour',
    "(HTTP 429 `RATE_LIMITED`); nobody else's wrong tries ever kill or block a code.",
    'The QR code opens `/link#CODE`: in the fragment, so the code never reaches a server log or a Referer.',
    '',
    'Passkeys: the relying-party id is the host of `PUBLIC_URL` and the expected origin `PUBLIC_URL` itself; with an IP',
    'address or plain http other than localhost there, every passkey call but `GET /api/passkeys` answers 409',
    '`PASSKEYS_UNAVAILABLE`. A challenge is good once, for five minutes, on any server process. An assertion must raise',
    "the passkey's signature counter (or both stay 0, as synced passkeys do), and name the user handle the passkey was",
    'made with (WebAuthn §7.2 step 6). Both verify calls are limited per address.',
    '',
    '`POST /api/me/passkeys` body (`response`: what `navigator.credentials.create()` answered, as JSON; other fields are dropped):',
    '',
    json(passkeyRegisterBodySchema),
    '',
    '`POST /api/passkeys/sign-in` body (`response`: what `navigator.credentials.get()` answered, as JSON):',
    '',
    json(passkeySignInBodySchema),
    '',
    '`POST /api/link` and `POST /api/link/preview` body:',
    '',
    json(linkBodySchema),
    '',
    '`DELETE /api/me/devices/:id` body (may be left out: the passkeys that device made go with it):',
    '',
    json(removeDeviceBodySchema),
    '',
    '`PUT /api/me/devices/:id/name` body:',
    '',
    json(deviceNameBodySchema),
    '',
    '`POST /api/friends/invites/preview` and `POST /api/friends/invites/accept` body:',
    '',
    json(friendInviteBodySchema),
    '',
    '`POST /api/challenges` body:',
    '',
    json(challengeBodySchema),
    '',
    '`GET /api/challenges` reply:',
    '',
    sent(challengesReplySchema),
    '',
    '`GET /api/friends` reply:',
    '',
    sent(friendsReplySchema),
    '',
    '`POST /api/groups` and `POST /api/rooms/:id/group` body (`timeZone`: the IANA zone the week starts in, Monday 00:00):',
    '',
    json(createGroupBodySchema),
    '',
    '`POST /api/groups/preview` and `POST /api/groups/join` body:',
    '',
    json(groupInviteBodySchema),
    '',
    '`GET /api/me/stats` reply:',
    '',
    json(statsReplySchema),
    '',
    '`GET /api/me/ratings` reply:',
    '',
    json(myRatingsReplySchema),
    '',
    '`GET /api/matches/:id/seats/:seat/card` reply:',
    '',
    json(playerCardReplySchema),
    '',
    '`GET /api/rooms/:id/score` reply:',
    '',
    json(tableScoreReplySchema),
    '',
    '`POST /api/push/subscriptions` body (a device keeps its 5 newest subscriptions):',
    '',
    json(pushSubscribeBodySchema),
    '',
    'A push (decrypted by the service worker) is JSON:',
    '',
    json(pushPayloadSchema),
    '',
    `\`POST /api/rooms\` may carry the \`${DEVICE_TOKEN_HEADER}\` header: that device's player (made if it has none) becomes the room's creator.`,
    'With `sit` the creator plays: the same request seats them in the first seat no bot plays (under `sit.name`,',
    'or "Player A" by that seat\'s letter) and the reply\'s `seated` carries its token, to send in `room:join`.',
    '`sit` on a table where bots play every seat is a `BAD_REQUEST`. Without `sit` the creator only hosts.',
    '',
    '`GET /api/matches` query:',
    '',
    json(matchListQuerySchema),
    '',
    '`POST /api/rooms` body (every option may be left out and gets its default):',
    '',
    json(createRoomBodySchema()),
    '',
    '### HTTP replies',
    '',
    'Every 4xx and 5xx reply, including a body that is not JSON or is too large, a rate-limited request, and',
    'the ones Node answers before any route (headers too large, a malformed request line), has this body:',
    '',
    sent(errorBodySchema),
    '',
    'Its `code` is one of the error codes below (`BAD_REQUEST` for any malformed request: bad JSON, an empty',
    'or binary body where JSON is expected, a bad URL or Host; `PAYLOAD_TOO_LARGE` (413), `RATE_LIMITED` (429),',
    '`INTERNAL` for every 500, whose message never says more) or one of these, of HTTP only:',
    '',
    '| code | meaning |',
    '|---|---|',
    ...Object.entries(HTTP_ERRORS).map(([code, meaning]) => `| \`${code}\` | ${meaning} |`),
    '',
    ...Object.entries(httpReplySchemas).flatMap(([route, { status, schema }]) =>
      schema ? [`\`${route}\` → ${status}:`, '', sent(schema), ''] : [`\`${route}\` → ${status}, no body.`, ''],
    ),
    '## Shared payloads',
    '',
    '### Room summary',
    '',
    'Public: never hidden information. In `GET /api/rooms/:id`, `room:join` and every `room:update`.',
    '',
    sent(roomSummarySchema),
    '',
    '### Snapshot',
    '',
    'What a seat (or spectator) sees of the current match. `view` is one of the [family views](#views).',
    '',
    sent(snapshotSchema),
    '',
    '### Commitment',
    '',
    sent(commitmentSchema),
    '',
    '## Client → server messages',
    '',
  ];
  for (const [name, m] of Object.entries(clientMessages)) {
    const reply = clientReplySchemas[name as keyof typeof clientReplySchemas];
    out.push(`### \`${name}\``, '', m.summary, '', json(m.schema), '', 'Reply when accepted:', '', sent(reply), '');
  }
  out.push('A refused message is answered (or, without a callback, sent as `server:error`):', '', sent(errorReplySchema), '');
  out.push('## Server → client messages', '');
  for (const [name, meaning] of Object.entries(serverMessages)) {
    out.push(`### \`${name}\``, '', meaning, '', sent(serverEventSchemas[name as keyof typeof serverEventSchemas]), '');
  }
  out.push('## Actions of each family (`match:act` → `action`)', '');
  for (const family of Object.values(families())) {
    if (family) out.push(`### ${family.id}`, '', json(family.actionSchema), '');
  }
  out.push(
    '## Views',
    '',
    "A snapshot's `view`: what one seat (or a spectator) may know of the match, one shape per family.",
    '',
  );
  for (const family of Object.values(families())) {
    if (family) out.push(`### ${family.id} view`, '', sent(family.viewSchema), '');
  }
  out.push(...FAIRNESS);
  out.push('## Error codes', '', '| code | meaning |', '|---|---|');
  for (const [code, meaning] of Object.entries(TRANSPORT_ERRORS)) out.push(`| \`${code}\` | ${meaning} |`);
  for (const [code, meaning] of Object.entries(RULE_ERRORS)) out.push(`| \`${code}\` | ${meaning} (rule) |`);
  out.push('');
  return out.join('\n');
}

/** What a verifier must compute, exactly (docs/architecture.md, "Provably fair secrets", says why). */
const FAIRNESS = [
  '## Verifying a finished match',
  '',
  '`GET /api/matches/:id` of a finished match publishes `seed`, the match `salt` and every `setSecret` with its `salt`.',
  'Hashes are SHA-256 of the UTF-8 string shown, written as 64 lower-case hex digits.',
  '',
  '- A secret: `sha256hex(salt + ":" + JSON.stringify(code))`, e.g. salt `abc` and code `[0,3,null,5]` hash',
  '  the string `abc:[0,3,null,5]` (no spaces; a blank is `null`). It must equal the `secret` commitment with the',
  '  same `seq` and `seat`, and every `setSecret` of the log must have one.',
  '- A deal (Master Mind 44): `sha256hex(salt + ":" + seed)` with the match salt. The parts are then dealt from the',
  '  seed alone, so anyone can recompute them:',
  '  1. Hash the seed with cyrb128 over its UTF-16 code units (seeds are ASCII) into four 32-bit words `a, b, c, d`',
  '     (`packages/rules/src/core/rng.ts` holds the constants), the state of an sfc32 generator; draw and drop 12',
  "     numbers. `next()` is the generator's 32-bit output divided by 2^32; `int(n)` is `floor(next() * n)`.",
  '  2. Shuffle the holes `[0, 1, 2, 3, 4]` by Fisher–Yates from the last index down: for `i` from 4 to 1,',
  '     `j = int(i + 1)`, swap items `i` and `j`.',
  '  3. Shuffle the 24 colour counters `[0,0,0,0, 1,1,1,1, …, 5,5,5,5]` the same way, with the same generator.',
  '  4. Board `b` (0-based, as many boards as the seating has: 4x1 → 4, 3x1 → 3, 2x1 → 2, 2x2 → 4) holds hole',
  '     `holes[b]` with colour `colours[b]`. Boards belong to seats in order, except 2x2: boards 0 and 2 to seat 0,',
  '     1 and 3 to seat 1.',
  '- A client that watched live should also check that each commitment it was sent equals the published one.',
  '',
];
