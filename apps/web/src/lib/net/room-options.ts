import type { RoomSummary } from '@mm/protocol/pure';
import type { KeyValueStore } from './storage';
import type { RoomSocket } from './room-request';

export type ConnectionState = 'connecting' | 'connected' | 'reconnecting' | 'offline';

/** Server errors after which this device acts for nobody it did: the socket is closed and stays closed. */
export const GONE_CODES = ['DEVICE_REMOVED', 'PLAYER_DELETED'] as const;

export interface RoomConnectionOptions {
  socket?: RoomSocket;
  store?: KeyValueStore;
  /** how long an acknowledgement may take */
  ackTimeoutMs?: number;
  /** how long the "reconnected" note stays */
  reconnectedNoteMs?: number;
  /** how long a resend waits for the room to be joined again */
  resendWaitMs?: number;
  /** the first wait before an action whose outcome the server did not know (OUTCOME_UNKNOWN) is sent again; doubled at each try */
  unknownResendMs?: number;
  /** how long after the server refused the connection it is tried again */
  refusedRetryMs?: number;
  /** how long without news, while someone else owes a move, before asking for the room again */
  quietSyncMs?: number;
  /** reads the room's public summary over HTTP (tests pass a fake) */
  summary?: (roomId: string) => Promise<RoomSummary>;
}

/** The error code of a connection the server refused (its `connect_error` carries an ErrorReply as `data`), or null. */
export function refusedWith(err: unknown): string | null {
  const data = err && typeof err === 'object' ? (err as { data?: unknown }).data : undefined;
  const code = data && typeof data === 'object' ? (data as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}
