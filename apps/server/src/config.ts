import { z } from 'zod';
import { fileURLToPath } from 'node:url';

const here = (rel: string): string => fileURLToPath(new URL(rel, import.meta.url));

/** Everything the server reads from its environment, parsed once at start-up. */
export const configSchema = z.object({
  port: z.coerce.number().int().min(0).max(65535).default(3000),
  host: z.string().default('0.0.0.0'),
  /** the embedded database's folder, used when no databaseUrl is given */
  dataDir: z.string().default('./data'),
  /** postgres://… switches from the embedded database to a real PostgreSQL */
  databaseUrl: z.string().url().optional(),
  /** redis://… shares rooms' updates between several server processes */
  redisUrl: z.string().url().optional(),
  /** the origin links are built with (defaults to the request's own) */
  publicUrl: z.string().url().optional(),
  /** the built web client to serve; none in API-only tests */
  webDist: z.string().optional(),
  logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** how long an empty room stays in memory before it is dropped (it reloads from the log) */
  roomIdleMs: z.coerce
    .number()
    .int()
    .min(0)
    .default(10 * 60_000),
  /** believe X-Forwarded-For (only behind a proxy you run: otherwise anyone could pick their address) */
  trustProxy: z.preprocess((v) => v === true || v === 'true' || v === '1', z.boolean()).default(false),
  /** rooms one address may create at once; refilled at one a second */
  roomCreateBurst: z.coerce.number().int().min(1).default(30),
  /** how long a bot waits before it plays (so people see its move come); 0 in tests */
  botDelayMs: z.coerce.number().int().min(0).max(60_000).default(700),
  /**
   * The length of one second of every room timer (`takeOverAfterSec`, later turn timeouts): only
   * tests shorten it, to hand a seat to a bot without waiting the protocol's 10 s minimum.
   */
  secondMs: z.coerce.number().int().min(1).default(1000),
  /** after SIGTERM/SIGINT: how long in-flight work may take before the process exits anyway */
  shutdownGraceMs: z.coerce.number().int().min(0).max(600_000).default(5000),
  /**
   * How long a process's claim on a room's duties (its bots' moves) lasts unless renewed: another
   * process takes the room over this long after the holder died. Renewed six times per period.
   */
  dutyLeaseMs: z.coerce.number().int().min(300).max(600_000).default(2500),
  /** connections of the PostgreSQL pool (a reconnect storm after a restart needs room) */
  dbPoolSize: z.coerce.number().int().min(2).max(1000).default(20),
  /** the VAPID key pair pushes are signed with (base64url); without both, one is made and kept in the database */
  vapidPublicKey: z.string().min(1).optional(),
  vapidPrivateKey: z.string().min(1).optional(),
  /** who runs this server, for the push services (RFC 8292): a mailto: or https: URL */
  vapidSubject: z
    .string()
    .regex(/^(mailto:|https:)/, 'a mailto: or https: URL')
    .default('mailto:push@localhost'),
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

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const blank = (v: string | undefined): string | undefined => (v === undefined || v.trim() === '' ? undefined : v);
  return configSchema.parse({
    port: blank(env.PORT),
    host: blank(env.HOST),
    dataDir: blank(env.DATA_DIR),
    databaseUrl: blank(env.DATABASE_URL),
    redisUrl: blank(env.REDIS_URL),
    publicUrl: blank(env.PUBLIC_URL),
    webDist: blank(env.WEB_DIST) ?? defaultWebDist(),
    logLevel: blank(env.LOG_LEVEL),
    roomIdleMs: blank(env.ROOM_IDLE_MS),
    roomCreateBurst: blank(env.ROOM_CREATE_BURST),
    trustProxy: blank(env.TRUST_PROXY),
    botDelayMs: blank(env.BOT_DELAY_MS),
    secondMs: blank(env.SECOND_MS),
    shutdownGraceMs: blank(env.SHUTDOWN_GRACE_MS),
    dutyLeaseMs: blank(env.DUTY_LEASE_MS),
    dbPoolSize: blank(env.DB_POOL_SIZE),
    vapidPublicKey: blank(env.VAPID_PUBLIC_KEY),
    vapidPrivateKey: blank(env.VAPID_PRIVATE_KEY),
    vapidSubject: blank(env.VAPID_SUBJECT),
    pushAllowedOrigins: blank(env.PUSH_ALLOWED_ORIGINS),
    presenceCoalesceMs: blank(env.PRESENCE_COALESCE_MS),
    socketMessageBurst: blank(env.SOCKET_MESSAGE_BURST),
    socketMessagesPerSec: blank(env.SOCKET_MESSAGES_PER_SEC),
    socketMaxDropped: blank(env.SOCKET_MAX_DROPPED),
    socketRoomlessMs: blank(env.SOCKET_ROOMLESS_MS),
    socketMaxQueuedPackets: blank(env.SOCKET_MAX_QUEUED_PACKETS),
    socketMaxBufferedBytes: blank(env.SOCKET_MAX_BUFFERED_BYTES),
    spectatorsPerRoom: blank(env.SPECTATORS_PER_ROOM),
    socketsPerIp: blank(env.SOCKETS_PER_IP),
    joinBurstPerIp: blank(env.JOIN_BURST_PER_IP),
    joinsPerSecPerIp: blank(env.JOINS_PER_SEC_PER_IP),
  });
}
