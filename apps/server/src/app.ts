import type { FastifyInstance, RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Agent } from 'node:https';
import { join } from 'node:path';
import { SolverPool } from './bots/solver-pool';
import { configSchema, type Config, type ConfigInput } from './config';
import { DailyAttempts } from './daily/attempts';
import { isRevealed } from './daily/derive';
import { DailyReminders } from './daily/reminders';
import { registerDailyRoutes } from './daily/routes';
import { loadDailySecret } from './daily/secret';
import { createDailyStore } from './daily/store';
import { createChallengesStore } from './db/challenges-store';
import { openDatabase, type Database } from './db/database';
import { createStore, type Store } from './db/store';
import { RoomSweep } from './db/sweep';
import { OutageLog } from './db/unavailable';
import { createLeases } from './db/leases-store';
import { unattended } from './duties/attention';
import type { BotDriver } from './duties/bot-driver';
import { createDuties } from './duties/drivers';
import type { DutyScheduler } from './duties/scheduler';
import type { StartDriver } from './duties/start-duty';
import type { TimeoutDriver } from './duties/timeout-duty';
import { BotRoomLimit } from './http/bot-rooms';
import { creationLimit } from './http/creation-limit';
import { registerEdge } from './http/edge';
import { registerHealthRoutes } from './http/health';
import { registerApiRoutes } from './http/routes';
import { createHttpServer, publicOriginOf } from './http/server';
import { registerPasskeyRoutes } from './identity/passkey-routes';
import { createPasskeyStore } from './identity/passkeys';
import { registerIdentityRoutes } from './identity/routes';
import { createIdentityStore } from './identity/store';
import { Lifecycle } from './lifecycle/shutdown';
import { InFlight } from './lifecycle/work';
import { countActions } from './metrics/count-actions';
import { Metrics } from './metrics/metrics';
import { metricsEndpoint, registerMetricsRoute } from './metrics/serve';
import { parseAllowedOrigins } from './push/endpoint-guard';
import { loadVapidKeys } from './push/keys';
import { PushNotifier } from './push/notifier';
import { registerPushRoutes } from './push/routes';
import { PushSender } from './push/sender';
import { createPushStore } from './push/store';
import { RoomService } from './rooms/room-service';
import { Broadcaster } from './socket/broadcaster';
import { resolvePrincipals } from './http/principal';
import { registerRatingRoutes } from './http/ratings';
import { matchRater } from './ratings/rate';
import { createFriendsStore } from './social/store';
import { registerChallengeRoutes } from './social/challenge-routes';
import { registerFriendRoutes } from './social/routes';
import { createGroupsStore } from './social/groups-store';
import { registerGroupRoutes } from './social/groups-routes';
import { SocketPrincipals } from './socket/principals';
import { roomOfChannel } from './socket/channels';
import { deviceEvents } from './socket/device-events';
import { attachSocketHandlers } from './socket/handlers';
import type { IoServer } from './socket/io-types';
import { Resync } from './socket/resync';
import { createSocketServer } from './socket/server';
import { loadWebPages } from './web/web-pages';

export interface App {
  http: FastifyInstance;
  io: IoServer;
  rooms: RoomService;
  /** the storage every part reads and writes through (the principal's look-ups among them) */
  store: Store;
  bots: BotDriver;
  timeouts: TimeoutDriver;
  /** opens simultaneous starts when their countdown ends */
  starts: StartDriver;
  push: PushNotifier;
  duties: DutyScheduler;
  /** the daily reminders' pushes (a tick each minute) */
  reminders: DailyReminders;
  db: Database;
  config: Config;
  /** the port /metrics is served on apart (METRICS_PORT), once listening; null when there is none */
  metricsPort(): number | null;
  /** listens, starts looking after every room owed a duty, and resolves with the URL it serves */
  listen(): Promise<string>;
  /**
   * A graceful stop, done within `shutdownGraceMs` whatever clients do: health and every new
   * request answer 503, no new socket is taken, messages being handled finish and are
   * acknowledged, rooms' duties go to other processes, sockets are closed so that clients
   * reconnect (elsewhere), kept-alive connections are closed, then the database.
   */
  close(): Promise<void>;
}

/** What only tests hand in: an https agent for the pushes (one that trusts the test's own certificate). */
export interface AppExtras {
  pushAgent?: Agent;
  /** the clock the Code of the day reads (tests move it) */
  now?: () => Date;
  /** where log lines go instead of standard output (tests read them) */
  logStream?: { write(line: string): void };
  /** told of every route as it is registered (the test that walks every route) */
  onRoute?: (route: RouteOptions) => void;
}

export async function buildApp(input: ConfigInput = {}, extras: AppExtras = {}): Promise<App> {
  const config = configSchema.parse(input);
  const allowedOrigins = parseAllowedOrigins(config.pushAllowedOrigins);
  const lifecycle = new Lifecycle(config.shutdownGraceMs);
  const draining = (): boolean => lifecycle.draining;
  // Node would answer a missing Host itself (400, empty body): the HTTP server answers it in the API's shape.
  const node = createServer({ requireHostHeader: false });
  const publicOrigin = publicOriginOf(config, node);
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    resetDataDir: config.dataDirReset,
  });
  // Counted only when someone may read them (METRICS_TOKEN or METRICS_PORT): otherwise nothing on the hot path.
  const metrics =
    config.metricsToken !== undefined || config.metricsPort !== undefined
      ? new Metrics(db.pool ? { dbPool: db.pool } : {})
      : null;
  const store = createStore(db, metrics ? { onCommitBatch: (rows) => metrics.commitBatch(rows) } : {});
  // The solver's threads: bots' moves and players' hints, off the event loop.
  const solver = config.botWorkers > 0 ? new SolverPool(config.botWorkers) : null;
  const now = extras.now ?? (() => new Date());
  // The authority over rooms comes first: every driver and transport below is handed it.
  const rooms = new RoomService(
    store,
    { secondMs: config.secondMs, idleMs: config.roomIdleMs, countdownMs: config.startCountdownMs },
    {
      now,
      ...(solver ? { hint: solver.hint.bind(solver) } : {}),
    },
  );
  const webDist = config.webDist;
  const webPages =
    webDist !== undefined && existsSync(join(webDist, 'index.html'))
      ? loadWebPages({
          webDist,
          publicOrigin,
          now,
          // A sealed room (the Code of the day's) has no preview: it names its player to nobody.
          roomSummary: async (id) => {
            const room = await rooms.refresh(id);
            return room && room.daily === null ? room.summary(new Set(), 0) : null;
          },
        })
      : null;
  const http = createHttpServer(config, {
    node,
    sendPage: webPages?.sendPage ?? null,
    draining,
    logStream: extras.logStream,
    onRoute: extras.onRoute,
  });
  // Matches that finished before there were ratings are rated once, in the order they finished.
  const backfilled = await store.rateHistory(matchRater);
  if (backfilled > 0) http.log.info({ ratings: backfilled }, 'rated the matches finished before ratings existed');
  const outage = new OutageLog(http.log, () => db.sql('SELECT 1', []));
  const pushStore = createPushStore(db);
  const dailySecret = await loadDailySecret(db, config.dailySecret);
  const vapid = await loadVapidKeys(pushStore, {
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });

  const edge = await registerEdge(http, { redisUrl: config.redisUrl, hsts: config.publicUrl?.startsWith('https:') ?? false });
  const creations = creationLimit(http, config.roomCreateBurst);
  // Who each request acts for, read once before its handler (a new player drawing on the creation bound).
  resolvePrincipals(http, { players: store, creations });

  const { io, bus, addresses, addressOf, closeRedis } = await createSocketServer(node, config, { draining, log: http.log });
  metrics?.observe({ roomsLoaded: () => rooms.loadedCount, socketsConnected: () => io.engine.clientsCount });
  const broadcaster = new Broadcaster(io, (err, roomId) => http.log.warn({ err, roomId }, 'broadcast failed'), {
    bus,
  });
  const pushSender = new PushSender(
    vapid,
    allowedOrigins,
    extras.pushAgent,
    undefined,
    metrics ? (outcome) => metrics.push(outcome) : undefined,
  );
  const push = new PushNotifier(io, pushStore, pushSender, http.log);
  const {
    bots,
    timeouts,
    starts,
    scheduler: duties,
    drivers,
  } = createDuties({
    rooms,
    leases: createLeases(db),
    log: http.log,
    options: { leaseMs: config.dutyLeaseMs, giveUpMs: config.dutyGiveUpMs, botDelayMs: config.botDelayMs },
    solver,
    // Bots of a room nobody plays in wait for someone to watch it; a socket joining sets them going (on whichever process holds the room).
    presence: (roomId) => broadcaster.presence(roomId),
    ...(bus.shared ? { nudge: (roomId: string) => bus.publish({ type: 'duty-nudge', roomId }) } : {}),
    onNear: (room, seat) => push.deadlineNear(room, seat),
    ...(metrics ? { onLag: (kind: 'bot' | 'timeout', ms: number) => metrics.lag(kind, ms) } : {}),
  });
  const dailyStore = createDailyStore(db);
  const daily: DailyAttempts = new DailyAttempts({ secret: dailySecret, now, daily: dailyStore, rooms });
  const reminders = new DailyReminders({ daily: dailyStore, push: pushStore, sender: pushSender, now, log: http.log });
  bus.on('duty-nudge', ({ roomId }) => duties.nudged(roomId));
  // Another process changed a room's seats or settings in the database: a copy held here reads them again.
  bus.on('room-stored', ({ roomId }) => {
    if (rooms.cached(roomId))
      rooms.changedInStore(roomId).catch((err: unknown) => http.log.warn({ err, roomId }, 'room not read again'));
  });
  const resync = new Resync(io, rooms, broadcaster, http.log);
  bus.on('resync', () => resync.schedule());
  rooms.subscribe({
    onChange: (room) => {
      void broadcaster.publish(room);
      duties.changed(room);
      push.changed(room);
    },
    onRematch: (room) => void broadcaster.rejoin(room),
    onLoad: (room) => {
      bots.loaded(room);
      duties.changed(room);
    },
    onSettings: (room) => bus.publish({ type: 'room-stored', roomId: room.id }),
  });
  io.of('/').adapter.on('join-room', (channel: string) => {
    const room = rooms.cached(roomOfChannel(channel) ?? '');
    if (room && unattended(room) && room.botSeats().length > 0) duties.changed(room);
  });
  const work = new InFlight();
  // Rooms idle past ROOM_RETENTION_DAYS with no finished match go (each process sweeps; a room goes once).
  const sweep = new RoomSweep(db.sql, { retentionDays: config.roomRetentionDays }, http.log);
  // Who each socket acts for, told of every change of a device's player (below: merges, removals, deletions).
  const principals = new SocketPrincipals(io, bus);
  const sockets = attachSocketHandlers(io, rooms, broadcaster, http.log, {
    principals,
    presenceCoalesceMs: config.presenceCoalesceMs,
    spectatorsPerRoom: config.spectatorsPerRoom,
    limits: { addresses, addressOf },
    messageRate: {
      burst: config.socketMessageBurst,
      perSecond: config.socketMessagesPerSec,
      maxDropped: config.socketMaxDropped,
      strikeWindowMs: 10_000,
      joinBurst: config.socketJoinBurst,
      joinsPerMinute: config.socketJoinsPerMin,
      reactionBurst: config.socketReactionBurst,
      reactionsPer10s: config.socketReactionsPer10s,
    },
    roomlessMs: config.socketRoomlessMs,
    secondMs: config.secondMs,
    work,
    outage,
    onAway: (roomId) => {
      const room = rooms.cached(roomId);
      if (room) push.away(room);
    },
  });
  if (metrics) countActions(io, metrics);
  if (metrics && config.metricsToken) registerMetricsRoute(http, metrics, config.metricsToken);
  const metricsServer = metricsEndpoint(metrics, config.metricsPort, config.host);
  registerHealthRoutes(http, {
    dbKind: db.kind,
    pingDb: () => db.prisma.$queryRaw`SELECT 1`,
    ...(db.dataDirGone ? { dataDirGone: db.dataDirGone } : {}),
    draining,
    ...(edge.pingRedis ? { pingRedis: edge.pingRedis } : {}),
  });
  registerApiRoutes(http, {
    config,
    rooms,
    store,
    presence: broadcaster,
    dbKind: db.kind,
    publicOrigin,
    botRooms: new BotRoomLimit(db, config.botRoomsPerIp),
    creations,
    dailyRevealed: (n) => isRevealed(n, now()),
  });
  registerPushRoutes(http, {
    store: pushStore,
    publicKey: vapid.publicKey,
    allowedOrigins,
    subscribeLimit: config.pushSubscribeLimit,
  });
  registerDailyRoutes(http, {
    secret: dailySecret,
    now,
    attempts: daily,
    creations,
  });
  const friends = createFriendsStore(db);
  registerFriendRoutes(http, { friends, creations, triesPerMinute: config.linkTriesPerMinute });
  registerChallengeRoutes(http, {
    rooms,
    friends,
    challenges: createChallengesStore(db),
    creations,
    secondMs: config.secondMs,
    onChallenged: (c) => push.challenged(c.challengedId, c.challengerName, c.id),
  });
  registerGroupRoutes(http, { groups: createGroupsStore(db), now, creations, triesPerMinute: config.linkTriesPerMinute });
  const identity = createIdentityStore(db);
  registerRatingRoutes(http, { store, friendId: (me, them) => friends.friendIdOf(me, them) });
  const devices = deviceEvents({ io, principals, rooms, bus, log: http.log });
  // A merge a crash cut short: its seats follow now.
  await devices.settleMerges();
  registerIdentityRoutes(http, {
    identity,
    store,
    linkCodeTtlMs: config.linkCodeTtlMs,
    linkTriesPerMinute: config.linkTriesPerMinute,
    linkWrongTriesPerHour: config.linkWrongTriesPerHour,
    onPlayerMerged: devices.playerMerged,
    onDeviceRemoved: devices.deviceRemoved,
    onPlayerDeleted: devices.playerDeleted,
  });
  registerPasskeyRoutes(http, {
    passkeys: createPasskeyStore(db, store, identity),
    onPlayerMerged: devices.playerMerged,
    publicOrigin,
    triesPerMinute: config.linkTriesPerMinute,
  });

  // Last: the client's files and pages.
  if (webPages) await webPages.register(http);
  return {
    http,
    io,
    rooms,
    store,
    bots,
    timeouts,
    starts,
    push,
    duties,
    reminders,
    db,
    config,
    async listen() {
      await http.listen({ port: config.port, host: config.host });
      await metricsServer.start();
      duties.start();
      sweep.start();
      reminders.start();
      const addr = http.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    },
    metricsPort: () => metricsServer.port(),
    close: () =>
      lifecycle.stop({
        node: http.server,
        // No new duty taken; bot moves being submitted and messages being handled finish (and are acknowledged).
        stopWork: [
          () => reminders.stop(),
          () => duties.stop(),
          () => sweep.stop(),
          ...drivers.map((driver) => () => driver.close()),
        ],
        work,
        // Other processes take this one's rooms at once rather than when the leases expire.
        handOver: [() => duties.releaseAll().catch((err: unknown) => http.log.warn({ err }, 'releasing room leases failed'))],
        // Closing the transports (not a server-side disconnect) makes Socket.IO clients reconnect by themselves: through
        // a load balancer, to another process. (io.close() would also close the HTTP server, idle connections and all.)
        closeTransports: () => {
          io.engine.close();
        },
        // Fastify's own close hooks; its server has stopped listening already.
        closeHttp: () => http.close().catch(() => undefined),
        // pushes being sent finish before the database they record into closes
        settle: [() => push.idle()],
        close: [
          () => metricsServer.close(),
          () => sockets.close(),
          () => resync.close(),
          () => addresses.stop(),
          closeRedis,
          () => edge.close(),
          () => outage.close(),
          () => db.close(),
        ],
      }),
  };
}
