/**
 * `@mm/protocol/pure`: every type of the protocol, and its plain values (constants, error
 * codes, the fairness preimages), without a schema, so importing it loads no zod. For a
 * client's first paint (the room page), which sends and reads messages but parses none; the
 * schemas are in the main entry (`@mm/protocol`), which re-exports all of this. Its test keeps
 * it free of zod.
 */
export * from './constants';
export * from './errors';
export * from './fairness';
export * from './names';
export * from './seats';
export type * from './http';
export type * from './ids';
export type * from './payloads';
export type * from './snapshot';
export type * from './socket';
export type * from './push';
export type * from './identity';
export * from './identity-code';
export type * from './daily';
export type * from './friends';
export type * from './groups';
export type * from './passkeys';
export * from './passkey-host';
export type * from './ratings';
export * from './delta';
export * from './room-delta';
export type * from './challenges';
