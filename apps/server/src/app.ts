import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { configSchema, type Config, type ConfigInput } from './config';
import { openDatabase, type Database } from './db/database';
import { createStore } from './db/store';
import type { Agent } from 'node:https';
import { httpError } from './errors';
import { registerApiRoutes } from './http/routes';
import { parseAllowedOrigins } from './push/endpoint-guard';
import { loadVapidKeys } from './push/keys';
import { PushNotifier } from './push/notifier';
import { registerPushRoutes } from './push/routes';
import { PushSender } from './push/sender';
import { createPushStore } from './push/store';
import { BotDriver } from './duties/bot-driver';
import { botDuty } from './duties/bot-duty';
import { TimeoutDriver, timeoutDuty } from './duties/timeout-duty';
import { createLeases } from './duties/leases';
import { DutyScheduler } from './duties/scheduler';
import { registerEdge } from './http/edge';
import { InFlight } from './lifecycle/work';
import { RoomService } from './rooms/room-service';
import { Broadcaster } from './socket/broadcaster';
import type { IoServer } from './socket/io-types';
import { attachSocketHandlers } from './socket/handlers';
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
  push: PushNotifier;
  duties: DutyScheduler;
  db: Database;
  config: Config;
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

/** Socket.IO's transport name for a server-to-server message through the Redis adapter. */
const NUDGE_EVENT = 'duty:nudge';

/** Socket.IO drops a connection whose single packet exceeds this (far above any legal message). */
const SOCKET_BUFFER_BYTES = 64 * 1024;

/** What only tests hand in: an https agent for the pushes (one that trusts the test's own certificate). */
export interface AppExtras {
  pushAgent?: Agent;
}

export async function buildApp(input: ConfigInput = {}, extras: AppExtras = {}): Promise<App> {
  const config = configSchema.parse(input);
  const allowedOrigins = parseAllowedOrigins(config.pushAllowedOrigins);
  const http = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 16 * 1024,
    trustProxy: config.trustProxy,
    // One line per answer (below), not Fastify's two; none for health checks at info.
    logController: new LogController({ disableRequestLogging: true }),
    // Answered by the hook below, in the API's error shape.
    return503OnClosing: false,
  });
  let draining = false;
  http.addHook('onRequest', async (req, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    return httpError(reply, 503, 'SHUTTING_DOWN', 'This server is shutting down: try again (another one will answer).');
  });
  // A request that began before the signal: its connection closes with its answer.
  http.addHook('onSend', async (_req, reply) => {
    if (draining) reply.header('connection', 'close');
  });
  http.addHook('onResponse', async (req, reply) => {
    const line = { method: req.method, url: req.url, status: reply.statusCode, ms: Math.round(reply.elapsedTime) };
    if (req.url === '/api/health') req.log.debug(line, 'health');
    else req.log.info(line, 'request');
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.dbPoolSize });
  const store = createStore(db);
  const pushStore = createPushStore(db);
  const vapid = await loadVapidKeys(pushStore, {
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });

  const edge = await registerEdge(http, { redisUrl: config.redisUrl });

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
    onPresence: (room, connected) => rooms.notePresence(room, connected),
  });
  // After the broadcaster's coalesced writes: it sees every packet queued, before the turn's one write.
  guardWrites(io, { maxQueuedPackets: config.socketMaxQueuedPackets, maxBufferedBytes: config.socketMaxBufferedBytes }, (held) =>
    http.log.warn(held, 'socket closed: it does not read what it is sent'),
  );
  const bots = new BotDriver(config.botDelayMs, http.log);
  const push = new PushNotifier(io, pushStore, new PushSender(vapid, allowedOrigins, extras.pushAgent), http.log);
  const timeouts = new TimeoutDriver(http.log, (room, seat) => push.deadlineNear(room, seat));
  const rooms = new RoomService(
    store,
    {
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
    },
    { secondMs: config.secondMs },
  );
  bots.attach(rooms);
  // Server-to-server messages exist only through the Redis adapter; alone, no one else needs telling.
  const serverSide = io as unknown as {
    serverSideEmit(event: string, roomId: string): void;
    on(event: string, listener: (roomId: unknown) => void): void;
  };
  const duties = new DutyScheduler(
    createLeases(db.prisma),
    rooms,
    [botDuty(bots), timeoutDuty(timeouts)],
    {
      leaseMs: config.dutyLeaseMs,
      tickMs: Math.max(50, Math.round(config.dutyLeaseMs / 6)),
      ...(config.redisUrl ? { nudge: (roomId: string) => serverSide.serverSideEmit(NUDGE_EVENT, roomId) } : {}),
    },
    http.log,
  );
  if (config.redisUrl) {
    serverSide.on(NUDGE_EVENT, (roomId) => {
      if (typeof roomId === 'string' && roomId.length <= 64) duties.nudged(roomId);
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
  bots.guardWith(duties);
  timeouts.attach(rooms, duties);
  const work = new InFlight();
  const sockets = attachSocketHandlers(io, rooms, broadcaster, http.log, {
    presenceCoalesceMs: config.presenceCoalesceMs,
    spectatorsPerRoom: config.spectatorsPerRoom,
    limits: { addresses, addressOf },
    messageRate: {
      burst: config.socketMessageBurst,
      perSecond: config.socketMessagesPerSec,
      maxDropped: config.socketMaxDropped,
      strikeWindowMs: 10_000,
    },
    roomlessMs: config.socketRoomlessMs,
    roomIdleMs: config.roomIdleMs,
    secondMs: config.secondMs,
    work,
    onAway: (roomId) => {
      const room = rooms.cached(roomId);
      if (room) push.away(room);
    },
  });
  registerApiRoutes(http, { config, rooms, store, broadcaster, dbKind: db.kind });
  registerPushRoutes(http, { store: pushStore, publicKey: vapid.publicKey, allowedOrigins });

  const webDist = config.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  const sendPage = hasWeb
    ? await registerWebPages(http, {
        webDist,
        publicUrl: config.publicUrl,
        roomSummary: async (id) => (await rooms.refresh(id))?.summary(new Set(), 0) ?? null,
      })
    : null;
  http.setNotFoundHandler((req, reply) => {
    // The client routes /r/<id>, /history, /m/<id> itself: any other GET page gets the app.
    if (sendPage && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io')) {
      return sendPage(req, reply);
    }
    return httpError(reply, 404, 'NOT_FOUND', `Nothing at ${req.method} ${req.url.split('?')[0]}.`);
  });
  http.setErrorHandler((err: { statusCode?: number; code?: string; message: string }, req, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) req.log.error({ err }, 'request failed');
    const code =
      status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : status === 500 ? 'INTERNAL' : 'BAD_REQUEST';
    return httpError(reply, status, code, status === 500 ? 'The server failed; nothing was changed.' : err.message);
  });

  let closing: Promise<void> | null = null;
  const shutdown = async (): Promise<void> => {
    draining = true;
    const deadline = Date.now() + config.shutdownGraceMs;
    const untilDeadline = <T>(p: Promise<T>): Promise<T | void> =>
      Promise.race([p, new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now())).unref())]);
    // Stops listening and closes idle kept-alive connections; busy ones close with their answer.
    const httpClosed = http.close().catch(() => undefined);
    // No new duty taken; bot moves being submitted and messages being handled finish (and are acknowledged).
    await untilDeadline(duties.stop());
    await untilDeadline(bots.close());
    await untilDeadline(timeouts.close());
    await work.close(deadline);
    // Other processes take this one's rooms at once rather than when the leases expire.
    await untilDeadline(duties.releaseAll().catch((err: unknown) => http.log.warn({ err }, 'releasing room leases failed')));
    // Closing the transports (not a server-side disconnect) makes Socket.IO clients reconnect by themselves: through
    // a load balancer, to another process.
    void io.close();
    await untilDeadline(httpClosed);
    http.server.closeAllConnections();
    // pushes being sent finish before the database they record into closes
    await untilDeadline(push.idle());
    sockets.close();
    resync.close();
    addresses.stop();
    await closeRedis();
    await edge.close();
    await db.close();
  };
  return {
    http,
    io,
    rooms,
    bots,
    push,
    duties,
    db,
    config,
    async listen() {
      await http.listen({ port: config.port, host: config.host });
      duties.start();
      const addr = http.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    },
    close() {
      closing ??= shutdown();
      return closing;
    },
  };
}
