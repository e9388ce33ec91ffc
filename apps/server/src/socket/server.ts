import type { FastifyBaseLogger } from 'fastify';
import type { Server as NodeServer } from 'node:http';
import { Server } from 'socket.io';
import type { Config } from '../config';
import { AddressLimits } from './address-limits';
import { createClusterBus, type ClusterBus } from './cluster-bus';
import { guardConnections } from './connection-guard';
import { shapeWrites } from './engine-writes';
import type { IoServer, IoSocket } from './io-types';
import { jsonParser } from './json-parser';
import { attachRedisAdapter } from './redis';

/** Socket.IO drops a connection whose single packet exceeds this (far above any legal message). */
const SOCKET_BUFFER_BYTES = 64 * 1024;

export interface SocketServer {
  io: IoServer;
  /** what this process tells the others, and hears from them */
  bus: ClusterBus;
  /** the per-address bounds, counted from each connection's first request */
  addresses: AddressLimits;
  addressOf(socket: IoSocket): string;
  /** stops talking to Redis (nothing when there is none) */
  closeRedis(): Promise<void>;
}

/**
 * Socket.IO on the HTTP server, with everything a connection meets before any message handler:
 * the draining refusal, the per-address bounds, the adapter (Redis, with several processes), the
 * bus between processes and the shaping of its writes. Handlers are attached by the caller.
 */
export async function createSocketServer(
  node: NodeServer,
  config: Config,
  deps: { draining: () => boolean; log: FastifyBaseLogger },
): Promise<SocketServer> {
  const io: IoServer = new Server(node, {
    maxHttpBufferSize: SOCKET_BUFFER_BYTES,
    serveClient: false,
    // Packets written as text without a search for binary in each (json-parser.ts).
    parser: jsonParser,
    // No new socket once draining: the client's reconnection goes to another process.
    allowRequest: (_req, callback) => callback(deps.draining() ? 'shutting down' : null, !deps.draining()),
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
  const bus = createClusterBus(io, config.redisUrl !== undefined, deps.log);
  // Redis back after an outage: this process and the others re-send their sockets the rooms' newest views.
  const closeRedis = config.redisUrl
    ? await attachRedisAdapter(io, config.redisUrl, deps.log, () => bus.announce({ type: 'resync' }))
    : async () => {};
  // The acknowledgements and views of one turn leave each connection in one write, past the write guard.
  shapeWrites(io, { maxQueuedPackets: config.socketMaxQueuedPackets, maxBufferedBytes: config.socketMaxBufferedBytes }, (held) =>
    deps.log.warn(held, 'socket closed: it does not read what it is sent'),
  );
  return { io, bus, addresses, addressOf, closeRedis };
}
