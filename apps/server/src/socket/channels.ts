import type { Seat } from '@mm/rules';

// Socket.IO rooms ("channels" here, to keep them apart from game rooms). A seat's
// view goes only to its own channel; spectators share the public one.
export const roomChannel = (roomId: string): string => `room:${roomId}`;
export const seatChannel = (roomId: string, seat: Seat): string => `room:${roomId}:seat:${seat}`;
export const watchChannel = (roomId: string): string => `room:${roomId}:watch`;
/** Every socket of one device (hash of its token): removing the device from its player reaches them all. */
export const deviceChannel = (deviceId: string): string => `device:${deviceId}`;
