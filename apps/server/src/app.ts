import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Server } from 'socket.io';
import { BotDriver } from './bots/driver';
import { configSchema, type Config, type ConfigInput } from './config';
import { openDatabase, type Database } from './db/database';
import { createStore } from './db/store';
import { httpError, registerApiRoutes } from './http/routes';
import { RoomService } from './rooms/room-service';
import { Broadcaster, type IoServer } from './socket/broadcaster';
import { attachSocketHandlers } from './socket/handlers';
import { attachRedisAdapter } from './socket/redis';

export interface App {
  http: FastifyInstance;
  io: IoServer;
  rooms: RoomService;
  bots: BotDriver;
  db: Database;
  config: Config;
  /** listens and resolves with the URL it serves */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** Socket.IO drops a connection whose single packet exceeds this (far above any legal message). */
const SOCKET_BUFFER_BYTES = 64 * 1024;

export async function buildApp(input: ConfigInput = {}): Promise<App> {
  const config = configSchema.parse(input);
  const http = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: 16 * 1024,
    trustProxy: config.trustProxy,
  });
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const store = createStore(db);

  const io: IoServer = new Server(http.server, { maxHttpBufferSize: SOCKET_BUFFER_BYTES, serveClient: false });
  const closeRedis = config.redisUrl ? await attachRedisAdapter(io, config.redisUrl) : async () => {};
  const broadcaster = new Broadcaster(io, (err, roomId) => http.log.warn({ err, roomId }, 'broadcast failed'), {
    shared: config.redisUrl !== undefined,
  });
  const bots = new BotDriver(config.botDelayMs, http.log);
  const rooms = new RoomService(store, {
    onChange: (room) => {
      void broadcaster.publish(room);
      bots.kick(room);
    },
    onRematch: (room) => void broadcaster.rejoin(room),
    onLoad: (room) => bots.loaded(room),
  });
  bots.attach(rooms);
  attachSocketHandlers(io, rooms, broadcaster, http.log, { roomIdleMs: config.roomIdleMs, takeOverSecondMs: config.takeOverSecondMs });
  registerApiRoutes(http, { config, rooms, store, broadcaster, dbKind: db.kind });

  const webDist = config.webDist;
  const hasWeb = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  // wildcard: files are looked up per request, so a rebuilt client is served without a restart
  if (hasWeb) await http.register(fastifyStatic, { root: webDist, wildcard: true });
  http.setNotFoundHandler((req, reply) => {
    // The client routes /r/<id>, /history, /m/<id> itself: any other GET page gets the app.
    if (hasWeb && req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io')) {
      return reply.sendFile('index.html');
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
      await closeRedis();
      await db.close();
    },
  };
}
