import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { BotDriver } from './bots/driver';
import { configSchema, type Config, type ConfigInput } from './config';
import { openDatabase, type Database } from './db/database';
import { createStore } from './db/store';
import type { Agent } from 'node:https';
import { httpError, registerApiRoutes } from './http/routes';
import { parseAllowedOrigins } from './push/endpoint-guard';
import { loadVapidKeys } from './push/keys';
import { PushNotifier } from './push/notifier';
import { registerPushRoutes } from './push/routes';
import { PushSender } from './push/sender';
import { createPushStore } from './push/store';
import { RoomService } from './rooms/room-service';
import { Broadcaster, type IoServer } from './socket/broadcaster';
import { attachSocketHandlers } from './socket/handlers';
import { attachRedisAdapter } from './socket/redis';
import { registerWebPages } from './web/web-pages';

export interface App {
  http: FastifyInstance;
  io: IoServer;
  rooms: RoomService;
  bots: BotDriver;
  push: PushNotifier;
  db: Database;
  config: Config;
  /** listens and resolves with the URL it serves */
  listen(): Promise<string>;
  close(): Promise<void>;
}

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
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = createStore(db);
  const pushStore = createPushStore(db);
  const vapid = await loadVapidKeys(pushStore, {
    publicKey: config.vapidPublicKey,
    privateKey: config.vapidPrivateKey,
    subject: config.vapidSubject,
  });

  const io: IoServer = new Server(http.server, { maxHttpBufferSize: SOCKET_BUFFER_BYTES, serveClient: false });
  const closeRedis = config.redisUrl ? await attachRedisAdapter(io, config.redisUrl) : async () => {};
  const broadcaster = new Broadcaster(io, (err, roomId) => http.log.warn({ err, roomId }, 'broadcast failed'), {
    shared: config.redisUrl !== undefined,
  });
  const bots = new BotDriver(config.botDelayMs, http.log);
  const push = new PushNotifier(io, pushStore, new PushSender(vapid, allowedOrigins, extras.pushAgent), http.log);
  const rooms = new RoomService(store, {
    onChange: (room) => {
      void broadcaster.publish(room);
      bots.kick(room);
      push.changed(room);
    },
    onRematch: (room) => void broadcaster.rejoin(room),
    onLoad: (room) => bots.loaded(room),
  });
  bots.attach(rooms);
  attachSocketHandlers(io, rooms, broadcaster, http.log, {
    roomIdleMs: config.roomIdleMs,
    takeOverSecondMs: config.takeOverSecondMs,
    onAway: (roomId) => {
      const room = rooms.cached(roomId);
      if (room) push.changed(room);
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
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 500 ? 'INTERNAL' : 'BAD_REQUEST';
    return httpError(reply, status, code, status === 500 ? 'The server failed; nothing was changed.' : err.message);
  });

  let closed = false;
  return {
    http,
    io,
    rooms,
    bots,
    push,
    db,
    config,
    async listen() {
      await http.listen({ port: config.port, host: config.host });
      const addr = http.server.address();
      const port = typeof addr === 'object' && addr ? addr.port : config.port;
      return `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
    },
    async close() {
      if (closed) return;
      closed = true;
      // First the bots: no timer left, and no move half-way into a database about to close.
      await bots.close();
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await http.close().catch(() => undefined);
      await push.idle();
      await closeRedis();
      await db.close();
    },
  };
}
