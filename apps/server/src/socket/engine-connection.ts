import type { Socket as NetSocket } from 'node:net';

/**
 * The parts of an Engine.IO connection (engine.io's `Socket`) that the write shaping relies on
 * (engine-writes.ts): it queues every outgoing packet in `writeBuffer` and hands the whole buffer
 * to its transport in `flush`, which it calls for every packet queued.
 */
export interface EngineConnection {
  readyState: string;
  writeBuffer: unknown[];
  flush(): void;
  close(...args: unknown[]): void;
  transport: { name: string; socket?: { _socket?: NetSocket } };
}

export const isEngineConnection = (value: unknown): value is EngineConnection =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { flush?: unknown }).flush === 'function' &&
  Array.isArray((value as { writeBuffer?: unknown }).writeBuffer) &&
  typeof (value as { close?: unknown }).close === 'function' &&
  typeof (value as { transport?: unknown }).transport === 'object';

/** The TCP socket under a WebSocket transport (ws keeps it as `_socket`); none for HTTP long-polling. */
export const tcpOf = (conn: EngineConnection): NetSocket | undefined =>
  conn.transport.name === 'websocket' ? conn.transport.socket?._socket : undefined;
