import type { Seat } from '@mm/rules';

// Socket.IO rooms ("channels" here, to keep them apart from game rooms). A seat's
// view goes only to its own channel; spectators share the public one.
export const roomChannel = (roomId: string): string => `room:${roomId}`;
export const seatChannel = (roomId: string, seat: Seat): string => `room:${roomId}:seat:${seat}`;
export const watchChannel = (roomId: string): string => `room:${roomId}:watch`;
/** The room whose main channel this is (`room:<id>`); null for any other channel. */
export const roomOfChannel = (channel: string): string | null =>
  channel.startsWith('room:') && channel.indexOf(':', 5) === -1 ? channel.slice(5) : null;
/** Every socket of one device (hash of its token): removing the device from its player reaches them all. */
export const deviceChannel = (deviceId: string): string => `device:${deviceId}`;
