import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server as HttpServer, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { configSchema, proxyTrust, type Config, type ConfigInput } from './config';
import { openDatabase, type Database } from './db/database';
import { createStore } from './db/store';
import { RoomSweep } from './db/sweep';
import { OutageLog } from './db/unavailable';
import type { Agent } from 'node:https';
import { fault, httpError } from './errors';
import { BotRoomLimit } from './http/bot-rooms';
import { registerHealthRoutes, shuttingDown } from './http/health';
import { isHealthCheck, registerApiRoutes } from './http/routes';
import { parseAllowedOrigins } from './push/endpoint-guard';
import { loadVapidKeys } from './push/keys';
import { PushNotifier } from './push/notifier';
import { registerPushRoutes } from './push/routes';
import { registerDailyRoutes } from './daily/routes';
import { loadDailySecret } from './daily/secret';
import { DailyAttempts } from './daily/attempts';
import { isRevealed } from './daily/derive';
import { createDailyStore } from './daily/store';
import { DailyReminders } from './daily/reminders';
import { PushSender } from './push/sender';
import { createPushStore } from './push/store';
import { BotDriver } from './duties/bot-driver';
import { SolverPool } from './bots/solver-pool';
import { botDuty } from './duties/bot-duty';
import { Attention, unattended } from './duties/attention';
import { TimeoutDriver, timeoutDuty } from './duties/timeout-duty';
import { createLeases } from './db/leases-store';
import { DutyScheduler } from './duties/scheduler';
import { LeaseKeeper } from './duties/lease-keeper';
import { registerEdge } from './http/edge';
import { MAKES_PLAYER, creationLimit } from './http/creation-limit';
import { clientErrorHandler, frameworkErrors, setErrorHandlers } from './http/error-replies';
import { privateUnlessPublic } from './http/private-answer';
import { HttpDrain } from './lifecycle/http-drain';
import { InFlight } from './lifecycle/work';
import { countActions } from './metrics/count-actions';
import { Metrics } from './metrics/metrics';
import { registerMetricsRoute, serveMetrics } from './metrics/serve';
import { RoomService } from './rooms/room-service';
import { Broadcaster } from './socket/broadcaster';
import { coalesceWrites } from './socket/coalesced-writes';
import type { IoServer } from './socket/io-types';
import { attachSocketHandlers } from './socket/handlers';
import { createIdentityStore } from './identity/store';
import { registerIdentityRoutes } from './identity/routes';
import { deviceChannel, roomOfChannel } from './socket/channels';
import { createPasskeyStore } from './identity/passkeys';
import { registerPasskeyRoutes } from './identity/passkey-routes';
import { attachRedisAdapter } from './socket/redis';
import { AddressLimits } from './socket/address-limits';
import { guardConnections } from './socket/connection-guard';
import { guardWrites } from './socket/write-guard';
import { Resync, RESYNC_EVENT } from './socket/resync';
import { registerWebPages } from './web/web-pages';

export interface App {
  http: FastifyInstance;
  io: IoServer;
  rooms: RoomService;
  bots: BotDriver;
  timeouts: TimeoutDriver;
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

/** A Host header as RFC 9110 allows it: a host name, IPv4 or [IPv6] address, and an optional port. */
const HOST_HEADER = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/;
export const isHostHeader = (host: string | undefined): boolean => host !== undefined && HOST_HEADER.test(host);

/**
 * How long a draining server keeps answering requests on kept-alive connections (503 with
 * `Connection: close`) before closing the idle ones: what a client sent just as the signal came is answered.
 */
const DRAIN_LINGER_MS = 1000;

/** Socket.IO's transport name for a server-to-server message through the Redis adapter. */
const NUDGE_EVENT = 'duty:nudge';
/** The same, for a room whose seats changed in the database behind every process's copy ("Delete me"). */
const STORE_CHANGED_EVENT = 'room:store-changed';

/** Socket.IO drops a connection whose single packet exceeds this (far above any legal message). */
const SOCKET_BUFFER_BYTES = 64 * 1024;

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
  const http = Fastify<HttpServer, IncomingMessage, ServerResponse>({
    logger: { level: config.logLevel, ...(extras.logStream ? { stream: extras.logStream } : {}) },
    bodyLimit: 16 * 1024,
    // A hop count as proxy-addr reads one: the n nearest addresses are proxies (Fastify's types take no number).
    trustProxy: proxyTrust(config.trustProxy),
    // One line per answer (below), not Fastify's two; none for health checks at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Answered by the hook below, in the API's error shape.
    return503OnClosing: false,
    // Node would answer a missing Host itself (400, empty body): the hook below answers it in the API's shape.
    serverFactory: (handler) => createServer({ requireHostHeader: false }, handler),
    // What Node's parser or Fastify's router refuse before any route: in the uniform error body too.
    clientErrorHandler,
    frameworkErrors,
  });
  // Set before any route or plugin: a route keeps the handlers set when it was registered, so
  // set later they would miss the routes before them (the web client's, in production).
  let sendPage: ((req: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>) | null = null;
  setErrorHandlers(http, () => sendPage);
  if (extras.onRoute) http.addHook('onRoute', extras.onRoute);
  // First of every hook: each answer of a route not declared public is private, whatever answers it.
  privateUnlessPublic(http);

  let draining = false;
  http.addHook('onRequest', async (_req, reply) => {
    if (draining) return shuttingDown(reply);
  });
  // Links never come from Host (PUBLIC_URL does), but a request without a sane one is no request
  // of ours: refused before any route or rate limit counts it.
  http.addHook('onRequest', async (req, reply) => {
    if (!isHostHeader(req.headers.host)) {
      return httpError(reply, 400, 'BAD_REQUEST', 'The Host header is missing or is not a host name.');
    }
  });
  // A request that began before the signal: its connection closes with its answer.
  http.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  http.addHook('onResponse', async (req, reply) => {
    const line = { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (isHealthCheck(req.url)) req.log.debug(line, 'health');
    else req.log.info(line, 'request');
  });
  const db = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
    statementTimeoutMs: config.dbStatementTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
    resetDataDir: config.dataDirReset,
  });
  const outage = new OutageLog(http.log, () => db.sql('SELECT 1', []));
  // Counted only when someone may read them (METRICS_TOKEN or METRICS_PORT): otherwise nothing on the hot path.
  const metrics =
    config.metricsToken !== undefined || config.metricsPort !== undefined
      ? new Metrics({
          roomsLoaded: () => rooms.loadedCount,
          socketsConnected: () => io.engine.clientsCount,
          ...(db.pool ? { dbPool: db.pool } : {}),
        })
      : null;
  const store = createStore(db, metrics ? { onCommitBatch: (rows) => metrics.commitBatch(rows) } : {});
  // The solver's threads: bots' moves and players' hints, off the event loop.
  const solver = config.botWorkers > 0 ? new SolverPool(config.botWorkers) : null;
  const now = extras.now ?? (() => new Date());
  // The authority over rooms comes first: every driver and transport below is handed it.
  const rooms = new RoomService(
    store,
    { secondMs: config.secondMs, idleMs: config.roomIdleMs },
    {
      now,
      ...(solver ? { hint: solver.hint.bind(solver) } : {}),
    },
  );
  const pushStore = createPushStore(db);
  const dailySecret = await loadDailySecret(db, config.dailySecret);
  const vapid = await loadVapidKeys(pushStore, {
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });

  const edge = await registerEdge(http, { redisUrl: config.redisUrl, hsts: config.publicUrl?.startsWith('https:') ?? false });
  const creations = creationLimit(
    http,
    config.roomCreateBurst,
    async (deviceId) => (await store.playerOfDevice(deviceId)) !== null,
  );
  // A device's first request to these routes makes its player (ensurePlayer): it draws on the creation bound.
  http.addHook('onRequest', async (req, reply) =>
    MAKES_PLAYER.test(req.routeOptions.url ?? '') ? creations.newPlayer(req, reply) : undefined,
  );
  // Every absolute link's origin: PUBLIC_URL, else (development, tests) this server on localhost.
  const publicOrigin = (): string => {
    if (config.publicUrl) return config.publicUrl;
    const addr = http.server.address();
    return `http://localhost:${typeof addr === 'object' && addr ? addr.port : config.port}`;
  };

  const io: IoServer = new Server(http.server, {
    maxHttpBufferSize: SOCKET_BUFFER_BYTES,
    serveClient: false,
    // No new socket once draining: the client's reconnection goes to another process.
    allowRequest: (_req, callback) => callback(draining ? 'shutting down' : null, !draining),
  });
  // Counted per address from the connection's first request: before the request is dropped below.
  const addresses = new AddressLimits({
    socketsPerAddress: config.socketsPerIp,
    joinBurst: config.joinBurstPerIp,
    joinsPerSecond: config.joinsPerSecPerIp,
  });
  const { addressOf } = guardConnections(io, addresses, {
    socketsPerAddress: config.socketsPerIp,
    trustProxy: config.trustProxy,
  });
  // Engine.IO keeps every connection's first HTTP request (headers, raw headers, parser state) for
  // its whole life; nothing here reads it after the handshake (no handshake headers, no sessions),
  // and with 10,000 players that is memory held for nothing (Socket.IO's own memory-usage advice).
  io.engine.on('connection', (connection: { request: unknown }) => {
    connection.request = null;
  });
  // Redis back after an outage: this process and the others re-send their sockets the rooms' newest views.
  let redisBack = (): void => {};
  const closeRedis = config.redisUrl
    ? await attachRedisAdapter(io, config.redisUrl, http.log, () => redisBack())
    : async () => {};
  const broadcaster = new Broadcaster(io, (err, roomId) => http.log.warn({ err, roomId }, 'broadcast failed'), {
    shared: config.redisUrl !== undefined,
  });
  // The acknowledgements and views of one turn leave each connection in one write (coalesced-writes.ts).
  coalesceWrites(io);
  // After the coalesced writes: it sees every packet queued, before the turn's one write.
  guardWrites(io, { maxQueuedPackets: config.socketMaxQueuedPackets, maxBufferedBytes: config.socketMaxBufferedBytes }, (held) =>
    http.log.warn(held, 'socket closed: it does not read what it is sent'),
  );
  // Server-to-server messages exist only through the Redis adapter; alone, no one else needs telling.
  const serverSide = io as unknown as {
    serverSideEmit(event: string, roomId: string): void;
    on(event: string, listener: (roomId: unknown) => void): void;
  };
  // The leases first: the duty drivers and the scheduler each take it when they are made.
  const leases = new LeaseKeeper(
    createLeases(db),
    {
      leaseMs: config.dutyLeaseMs,
      giveUpMs: config.dutyGiveUpMs,
      ...(config.redisUrl ? { nudge: (roomId: string) => serverSide.serverSideEmit(NUDGE_EVENT, roomId) } : {}),
    },
    http.log,
  );
  const bots = new BotDriver({
    service: rooms,
    gate: leases,
    delayMs: config.botDelayMs,
    log: http.log,
    solver,
    // Bots of a room nobody plays in wait for someone to watch it; a socket joining sets them going (on whichever process holds the room).
    attention: new Attention((roomId) => broadcaster.presence(roomId)),
    ...(metrics ? { onLag: (ms: number) => metrics.lag('bot', ms) } : {}),
  });
  const pushSender = new PushSender(
    vapid,
    allowedOrigins,
    extras.pushAgent,
    undefined,
    metrics ? (outcome) => metrics.push(outcome) : undefined,
  );
  const push = new PushNotifier(io, pushStore, pushSender, http.log);
  const timeouts = new TimeoutDriver({
    service: rooms,
    gate: leases,
    log: http.log,
    onNear: (room, seat) => push.deadlineNear(room, seat),
    ...(metrics ? { onLag: (ms: number) => metrics.lag('timeout', ms) } : {}),
  });
  const dailyStore = createDailyStore(db);
  const daily: DailyAttempts = new DailyAttempts({ secret: dailySecret, now, daily: dailyStore, store, rooms });
  const reminders = new DailyReminders({ daily: dailyStore, push: pushStore, sender: pushSender, now, log: http.log });
  const duties = new DutyScheduler(
    leases,
    rooms,
    [botDuty(bots), timeoutDuty(timeouts)],
    { tickMs: Math.max(50, Math.round(config.dutyLeaseMs / 6)) },
    http.log,
  );
  if (config.redisUrl) {
    serverSide.on(NUDGE_EVENT, (roomId) => {
      if (typeof roomId === 'string' && roomId.length <= 64) duties.nudged(roomId);
    });
    // Another process changed a room's seats in the database: a copy held here reads them again.
    serverSide.on(STORE_CHANGED_EVENT, (roomId) => {
      if (typeof roomId === 'string' && roomId.length <= 64 && rooms.cached(roomId))
        rooms.changedInStore(roomId).catch((err: unknown) => http.log.warn({ err, roomId }, 'room not read again'));
    });
  }
  const resync = new Resync(io, rooms, broadcaster, http.log);
  if (config.redisUrl) {
    redisBack = () => {
      serverSide.serverSideEmit(RESYNC_EVENT, '');
      resync.schedule();
    };
    serverSide.on(RESYNC_EVENT, () => resync.schedule());
  }
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
  });
  io.of('/').adapter.on('join-room', (channel: string) => {
    const room = rooms.cached(roomOfChannel(channel) ?? '');
    if (room && unattended(room) && room.botSeats().length > 0) duties.changed(room);
  });
  const work = new InFlight();
  // Rooms idle past ROOM_RETENTION_DAYS with no finished match go (each process sweeps; a room goes once).
  const sweep = new RoomSweep(db.sql, { retentionDays: config.roomRetentionDays }, http.log);
  const sockets = attachSocketHandlers(io, rooms, broadcaster, http.log, {
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
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | null = null;
  registerHealthRoutes(http, {
    dbKind: db.kind,
    pingDb: () => db.prisma.$queryRaw`SELECT 1`,
    draining: () => draining,
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
  const identity = createIdentityStore(db, store);
  registerIdentityRoutes(http, {
    identity,
    store,
    linkCodeTtlMs: config.linkCodeTtlMs,
    linkTriesPerMinute: config.linkTriesPerMinute,
    linkWrongTriesPerHour: config.linkWrongTriesPerHour,
    // Through the adapter: the device's sockets on every process hear it and are closed.
    onDeviceRemoved: (deviceId) => {
      const channel = io.in(deviceChannel(deviceId));
      channel.emit(
        'server:error',
        fault('DEVICE_REMOVED', 'This device was removed from your devices: it starts again as a new player. Reload the page.'),
      );
      // Not closing the connection: the error goes first, then Socket.IO's own disconnect, in order.
      channel.disconnectSockets(false);
    },
    onPlayerDeleted: async ({ playerId, deviceIds, roomIds }) => {
      for (const deviceId of deviceIds) {
        const channel = io.in(deviceChannel(deviceId));
        channel.emit('server:error', fault('PLAYER_DELETED', 'This player was deleted: the page starts again as a new player.'));
        channel.disconnectSockets(false);
      }
      // The rooms forget the deleted player's tokens and show the bot or the free seat to the others,
      // on every process that holds a copy of them.
      for (const roomId of roomIds) {
        await rooms.playerDeleted(roomId, { playerId, deviceIds });
        if (config.redisUrl) serverSide.serverSideEmit(STORE_CHANGED_EVENT, roomId);
      }
    },
  });
  registerPasskeyRoutes(http, {
    passkeys: createPasskeyStore(db, store, identity),
    publicOrigin,
    triesPerMinute: config.linkTriesPerMinute,
  });

  const webDist = config.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  sendPage = hasWeb
    ? await registerWebPages(http, {
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
  let closing: Promise<void> | null = null;
  const shutdown = async (): Promise<void> => {
    draining = true;
    const deadline = Date.now() + config.shutdownGraceMs;
    const untilDeadline = <T>(p: Promise<T>): Promise<T | void> =>
      Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())]);
    // Stops listening; kept-alive connections stay open a moment, every request on them answered (http-drain.ts).
    const drain = new HttpDrain(http.server);
    const lingerUntil = Date.now() + Math.min(DRAIN_LINGER_MS, config.shutdownGraceMs / 4);
    // No new duty taken; bot moves being submitted and messages being handled finish (and are acknowledged).
    reminders.stop();
    await untilDeadline(duties.stop());
    await untilDeadline(sweep.stop());
    await untilDeadline(bots.close());
    await untilDeadline(timeouts.close());
    await work.close(deadline);
    // Other processes take this one's rooms at once rather than when the leases expire.
    await untilDeadline(duties.releaseAll().catch((err: unknown) => http.log.warn({ err }, 'releasing room leases failed')));
    // Closing the transports (not a server-side disconnect) makes Socket.IO clients reconnect by themselves: through
    // a load balancer, to another process. (io.close() would also close the HTTP server, idle connections and all.)
    io.engine.close();
    await drain.finish(lingerUntil, deadline);
    // Fastify's own close hooks; its server has stopped listening already.
    await http.close().catch(() => undefined);
    // pushes being sent finish before the database they record into closes
    await untilDeadline(push.idle());
    await metricsServer?.close();
    sockets.close();
    resync.close();
    addresses.stop();
    await closeRedis();
    await edge.close();
    outage.close();
    await db.close();
  };
  return {
    http,
    io,
    rooms,
    bots,
    timeouts,
    push,
    duties,
    reminders,
    db,
    config,
    async listen() {
      await http.listen({ port: config.port, host: config.host });
      if (metrics && config.metricsPort !== undefined)
        metricsServer = await serveMetrics(metrics, config.metricsPort, config.host);
      duties.start();
      sweep.start();
      reminders.start();
      const addr = http.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    },
    metricsPort: () => metricsServer?.port ?? null,
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}
