import { z } from 'zod';
import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

/** A configuration the server cannot start with: main.ts prints its message as one line. */
export class ConfigError extends Error {}

/** proxy-addr's names for address ranges, as TRUST_PROXY may list them */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (s: string): boolean => {
  if (PROXY_RANGE_NAMES.includes(s)) return true;
  const [address, bits, ...rest] = s.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
};

/** Where Redis is: one server, or the seed nodes of a Redis Cluster (which names the others itself). */
export type RedisTarget = { cluster: false; url: string } | { cluster: true; nodes: string[] };

/**
 * REDIS_URL read: `redis://…` or `rediss://…` is one server; `redis+cluster://` (or
 * `rediss+cluster://`, TLS) followed by optional `user:password@` and one or more `host:port`,
 * comma-separated, is a Redis Cluster, each node then a plain redis(s):// URL with those
 * credentials. Null when it is neither.
 */
export function redisTarget(url: string): RedisTarget | null {
  const parses = (u: string): boolean => URL.canParse(u) && new URL(u).hostname !== '';
  const cluster = /^(rediss?)\+cluster:\/\/(?:([^@/]*)@)?([^/@?#]+)\/?$/.exec(url);
  if (!cluster) return /^rediss?:\/\//.test(url) && parses(url) ? { cluster: false, url } : null;
  const [, scheme, auth, hosts] = cluster;
  const nodes = hosts!.split(',').map((host) => `${scheme}://${auth === undefined ? '' : `${auth}@`}${host.trim()}`);
  return nodes.every((node) => parses(node) && new URL(node).port !== '') ? { cluster: true, nodes } : null;
}

/**
 * TRUST_PROXY: which proxies in front of the server are believed about the client's address
 * (X-Forwarded-For) — exactly these, so no client can pick its own address past them:
 * - unset, empty, `false` or `0`: none (the connection's own address counts);
 * - a number n (1–10): the n nearest hops (1 for one nginx in front, as in docker-compose.yml);
 * - a comma-separated list of addresses or CIDR ranges (or `loopback`, `linklocal`, `uniquelocal`):
 *   the proxies at those addresses.
 * `true` ("trust every hop") is refused: behind it, each request could claim a new address.
 */
const trustProxySchema = z
  .union([z.string(), z.number(), z.boolean(), z.array(z.string())])
  .optional()
  .transform((v, ctx): false | number | string[] => {
    if (v === undefined || v === false || v === 0) return false;
    const text = (Array.isArray(v) ? v.join(',') : String(v)).trim();
    if (text === '' || text === 'false' || text === '0') return false;
    if (text === 'true') {
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY=true would believe every X-Forwarded-For hop (any client could pick its address): set the number of proxies in front (e.g. 1) or their addresses',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops >= 1 && hops <= 10) return hops;
      ctx.addIssue({ code: 'custom', message: 'TRUST_PROXY: a hop count is 1 to 10' });
      return z.NEVER;
    }
    const list = text
      .split(',')
      .map((s) => s.trim())
      .filter((s) => s !== '');
    const bad = list.filter((s) => !isProxyAddress(s));
    if (bad.length > 0 || list.length === 0) {
      ctx.addIssue({ code: 'custom', message: `TRUST_PROXY: not an address or CIDR range: ${bad.join(', ')}` });
      return z.NEVER;
    }
    return list;
  });

/** PUBLIC_URL: an http(s) origin; a path or query would be dropped from links silently, so it is refused. */
const publicUrlSchema = z
  .string()
  .url()
  .refine((s) => URL.canParse(s) && /^https?:$/.test(new URL(s).protocol), 'PUBLIC_URL must be an http or https URL')
  .refine((s) => {
    if (!URL.canParse(s)) return false;
    const u = new URL(s);
    return u.pathname === '/' && u.search === '' && u.hash === '' && u.username === '' && u.password === '';
  }, 'PUBLIC_URL is an origin only (scheme, host, port): no path, query or credentials')
  .transform((s) => new URL(s).origin);

/** Everything the server reads from its environment, parsed once at start-up. */
/**
 * TRUST_PROXY as proxy-addr reads it, for Fastify's request.ip and the sockets' address alike: a hop
 * count (the n addresses nearest to the server are proxies), a list of proxy addresses, or no proxy.
 */
export function proxyTrust(trust: false | number | string[]): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

export const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  host: z.string().default('0.0.0.0'),
  /** the embedded database's folder, used when no databaseUrl is given */
  dataDir: z.string().default('./data'),
  /** begin a new, empty embedded database where the record beside dataDir (`<dataDir>.id`) says one was */
  dataDirReset: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
  /** postgres://… switches from the embedded database to a real PostgreSQL */
  databaseUrl: z.string().url().optional(),
  /**
   * redis://… (one Redis) or redis+cluster://host:port,host:port (a Redis Cluster, named by one or
   * more of its nodes) shares rooms' updates between several server processes: redisTarget
   */
  redisUrl: z
    .string()
    .refine((url) => redisTarget(url) !== null, {
      message: 'REDIS_URL: not redis://host:port, rediss://…, nor redis+cluster://host:port,host:port',
    })
    .optional(),
  /**
   * The origin every absolute link is built with (share links, og:url, og:image), e.g.
   * `https://play.example.org`; never the request's Host or X-Forwarded-* headers. Required
   * with NODE_ENV=production (the server refuses to start without it); in development and
   * tests it defaults to `http://localhost:<the port listened on>`. An https one also turns on HSTS.
   */
  publicUrl: publicUrlSchema.optional(),
  /** the built web client to serve; none in API-only tests */
  webDist: z.string().optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** how long a room with no socket stays in memory before RoomService drops it (it reloads from the log) */
  roomIdleMs: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /** which proxies' X-Forwarded-For is believed: see trustProxySchema (TRUST_PROXY) */
  trustProxy: trustProxySchema,
  /**
   * Rooms one address may create in one fixed window of that many seconds (30: thirty rooms per
   * 30 s, one a second on average); counted in Redis across processes when REDIS_URL is set
   */
  roomCreateBurst: z.coerce.number().int().min(1).default(30),
  /**
   * Push subscriptions one address may make in ten minutes (counted in Redis when REDIS_URL is
   * set); a device keeps its 5 newest besides, so neither an address nor a device grows the table without end
   */
  pushSubscribeLimit: z.coerce.number().int().min(1).default(30),
  /**
   * Rooms of bots only (no seat for a person) one address may have unfinished at once: each may
   * cost a solver's time whenever someone watches it, and a paused one waits (ROOM_RETENTION_DAYS)
   */
  botRoomsPerIp: z.coerce.number().int().min(0).max(100_000).default(10),
  /** days without a move, a seat taken or a match begun after which a room with no finished match is removed */
  roomRetentionDays: z.coerce.number().min(1).max(36_500).default(30),
  /** threads that decide bots' moves off the event loop (0: on the event loop, as before) */
  botWorkers: z.coerce.number().int().min(0).max(64).default(1),
  /** how long a bot waits before it plays (so people see its move come); 0 in tests */
  botDelayMs: z.coerce.number().int().min(0).max(60_000).default(700),
  /**
   * The length of one second of every room timer (`takeOverAfterSec`, `turnSeconds`): only tests
   * shorten it, to hand a seat to a bot or run out a turn without waiting the protocol's 10 s minimum.
   */
  secondMs: z.coerce.number().int().min(1).default(1000),
  /** the countdown of a simultaneous start (race, Parker) once everyone is ready; tests shorten it */
  startCountdownMs: z.coerce.number().int().min(0).max(60_000).default(3000),
  /** after SIGTERM/SIGINT: how long in-flight work may take before the process exits anyway */
  shutdownGraceMs: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * How long a process's claim on a room's duties (its bots' moves, its turn timeouts) lasts unless
   * renewed: another process takes the room over this long after the holder died. Renewed six
   * times per period (app.ts).
   */
  dutyLeaseMs: z.coerce.number().int().min(300).max(600_000).default(2500),
  /**
   * How long a room's duties (a bot's move, a turn timeout) may keep failing on this process while
   * its database still answers before the process lets the room's lease go to another.
   */
  dutyGiveUpMs: z.coerce.number().int().min(500).max(600_000).default(5000),
  /**
   * Longest a database statement may run (a held row lock, a slow server) before it is cancelled
   * and the request answered UNAVAILABLE; a reply that never comes (a frozen connection) is given
   * up a second later.
   */
  dbStatementTimeoutMs: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** Longest a new connection to PostgreSQL may take before the request is answered UNAVAILABLE. */
  dbConnectTimeoutMs: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** connections of the PostgreSQL pool (a reconnect storm after a restart needs room) */
  dbPoolSize: z.coerce.number().int().min(2).max(1000).default(20),
  /** the secret every Code of the day is derived from; without it, one is made and kept in the database. Never logged. */
  dailySecret: z.string().min(16).optional(),
  /** the VAPID key pair pushes are signed with (base64url); without both, one is made and kept in the database */
  vapidPublicKey: z.string().min(1).optional(),
  vapidPrivateKey: z.string().min(1).optional(),
  /** who runs this server, for the push services (RFC 8292): a mailto: or https: URL */
  vapidSubject: z
    .string()
    .regex(/^(mailto:|https:)/, 'a mailto: or https: URL')
    .default('mailto:push@localhost'),
  /** how long a link code ("Add a device") lives; tests make it 0 to see an expired one */
  linkCodeTtlMs: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600_000)
    .default(10 * 60_000),
  /** link-code tries (preview or link) one address may make per minute */
  linkTriesPerMinute: z.coerce.number().int().min(1).default(20),
  /** wrong link codes one address may try per hour (nobody else's tries ever count against a code) */
  linkWrongTriesPerHour: z.coerce.number().int().min(1).default(30),
  /**
   * `/metrics` (Prometheus text) is served only when one of these is set: on the main port to a
   * request with `Authorization: Bearer <METRICS_TOKEN>`, or on METRICS_PORT (a port to keep off
   * the public network: no token asked there). Neither: no metrics, and nothing counted.
   */
  metricsToken: z.string().min(16, 'METRICS_TOKEN needs at least 16 characters').optional(),
  metricsPort: z.coerce.number().int().min(0).max(65535).optional(),
  /** presence changes (sockets coming and going) of one room within this window go out as one update */
  presenceCoalesceMs: z.coerce.number().int().min(0).max(10_000).default(250),
  /** watchers one room takes at once (seated players are never refused) */
  spectatorsPerRoom: z.coerce.number().int().min(1).default(200),
  /** sockets one address may hold open (behind a trusted proxy: the address the proxy saw) */
  socketsPerIp: z.coerce.number().int().min(1).default(50),
  /** room joins one address may make at once, refilled at joinsPerSecPerIp */
  joinBurstPerIp: z.coerce.number().int().min(1).default(20),
  joinsPerSecPerIp: z.coerce.number().min(0.01).default(2),
  /** messages one socket may send at once, refilled at socketMessagesPerSec */
  socketMessageBurst: z.coerce.number().int().min(1).default(30),
  socketMessagesPerSec: z.coerce.number().min(0.01).default(10),
  /** room joins one socket may make at once, refilled at socketJoinsPerMin (a join costs more than a message) */
  socketJoinBurst: z.coerce.number().int().min(1).default(10),
  socketJoinsPerMin: z.coerce.number().min(0.01).default(6),
  /** reactions one socket may send at once, refilled at socketReactionsPer10s (each is shown on every phone of the room) */
  socketReactionBurst: z.coerce.number().int().min(1).default(3),
  socketReactionsPer10s: z.coerce.number().min(0.01).default(3),
  /** messages over the rate within 10 s after which the socket is closed */
  socketMaxDropped: z.coerce.number().int().min(1).default(100),
  /** a socket that joined no room this long after connecting is closed */
  socketRoomlessMs: z.coerce.number().int().min(100).default(30_000),
  /** packets queued for one socket (its transport not taking more) past which it is closed */
  socketMaxQueuedPackets: z.coerce.number().int().min(1).default(1000),
  /** bytes one socket's connection holds unsent past which it is closed */
  socketMaxBufferedBytes: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  /** origins (comma-separated, https) pushes may also go to besides the browsers' push services: tests use a local one */
  pushAllowedOrigins: z.string().optional(),
});
export type Config = z.output<typeof configSchema>;
export type ConfigInput = z.input<typeof configSchema>;

/** The built client sits at apps/web/dist beside this app, both from src/ and from dist/. */
export const defaultWebDist = (): string => here('../../web/dist');

/** The environment variable each setting is read from, for start-up errors that name it. */
const ENV_NAMES: Partial<Record<keyof Config, string>> = {
  publicUrl: 'PUBLIC_URL',
  trustProxy: 'TRUST_PROXY',
  port: 'PORT',
  databaseUrl: 'DATABASE_URL',
  redisUrl: 'REDIS_URL',
};

/**
 * The configuration from the environment; a ConfigError (one line, naming the variable) when
 * it cannot be used, PUBLIC_URL missing with NODE_ENV=production included.
 */
export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const blank = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v);
  if (env.NODE_ENV === 'production' && blank(env.PUBLIC_URL) === undefined) {
    throw new ConfigError(
      'PUBLIC_URL must be set when NODE_ENV=production: it is the origin of every link the server writes (e.g. PUBLIC_URL=https://play.example.org).',
    );
  }
  const parsed = configSchema.safeParse({
    port: blank(env.PORT),
    host: blank(env.HOST),
    dataDir: blank(env.DATA_DIR),
    dataDirReset: blank(env.DATA_DIR_RESET),
    databaseUrl: blank(env.DATABASE_URL),
    redisUrl: blank(env.REDIS_URL),
    publicUrl: blank(env.PUBLIC_URL),
    webDist: blank(env.WEB_DIST) ?? defaultWebDist(),
    logLevel: blank(env.LOG_LEVEL),
    roomIdleMs: blank(env.ROOM_IDLE_MS),
    roomCreateBurst: blank(env.ROOM_CREATE_BURST),
    trustProxy: blank(env.TRUST_PROXY),
    pushSubscribeLimit: blank(env.PUSH_SUBSCRIBE_LIMIT),
    botDelayMs: blank(env.BOT_DELAY_MS),
    botWorkers: blank(env.BOT_WORKERS),
    botRoomsPerIp: blank(env.BOT_ROOMS_PER_IP),
    roomRetentionDays: blank(env.ROOM_RETENTION_DAYS),
    secondMs: blank(env.SECOND_MS),
    startCountdownMs: blank(env.START_COUNTDOWN_MS),
    linkCodeTtlMs: blank(env.LINK_CODE_TTL_MS),
    linkTriesPerMinute: blank(env.LINK_TRIES_PER_MINUTE),
    linkWrongTriesPerHour: blank(env.LINK_WRONG_TRIES_PER_HOUR),
    shutdownGraceMs: blank(env.SHUTDOWN_GRACE_MS),
    dutyLeaseMs: blank(env.DUTY_LEASE_MS),
    dutyGiveUpMs: blank(env.DUTY_GIVE_UP_MS),
    dbPoolSize: blank(env.DB_POOL_SIZE),
    dbStatementTimeoutMs: blank(env.DB_STATEMENT_TIMEOUT_MS),
    dbConnectTimeoutMs: blank(env.DB_CONNECT_TIMEOUT_MS),
    dailySecret: blank(env.DAILY_SECRET),
    vapidPublicKey: blank(env.VAPID_PUBLIC_KEY),
    vapidPrivateKey: blank(env.VAPID_PRIVATE_KEY),
    vapidSubject: blank(env.VAPID_SUBJECT),
    pushAllowedOrigins: blank(env.PUSH_ALLOWED_ORIGINS),
    metricsToken: blank(env.METRICS_TOKEN),
    metricsPort: blank(env.METRICS_PORT),
    presenceCoalesceMs: blank(env.PRESENCE_COALESCE_MS),
    socketMessageBurst: blank(env.SOCKET_MESSAGE_BURST),
    socketMessagesPerSec: blank(env.SOCKET_MESSAGES_PER_SEC),
    socketJoinBurst: blank(env.SOCKET_JOIN_BURST),
    socketJoinsPerMin: blank(env.SOCKET_JOINS_PER_MIN),
    socketReactionBurst: blank(env.SOCKET_REACTION_BURST),
    socketReactionsPer10s: blank(env.SOCKET_REACTIONS_PER_10S),
    socketMaxDropped: blank(env.SOCKET_MAX_DROPPED),
    socketRoomlessMs: blank(env.SOCKET_ROOMLESS_MS),
    socketMaxQueuedPackets: blank(env.SOCKET_MAX_QUEUED_PACKETS),
    socketMaxBufferedBytes: blank(env.SOCKET_MAX_BUFFERED_BYTES),
    spectatorsPerRoom: blank(env.SPECTATORS_PER_ROOM),
    socketsPerIp: blank(env.SOCKETS_PER_IP),
    joinBurstPerIp: blank(env.JOIN_BURST_PER_IP),
    joinsPerSecPerIp: blank(env.JOINS_PER_SEC_PER_IP),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const key = issue.path[0] as keyof Config | undefined;
  const name = key === undefined ? 'configuration' : (ENV_NAMES[key] ?? key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase());
  throw new ConfigError(issue.message.startsWith(name) ? issue.message : `${name}: ${issue.message}`);
}
