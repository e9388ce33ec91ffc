import type { IoServer } from '../socket/io-types';
import type { Metrics } from './metrics';

/**
 * Counts every `match:act` by its acknowledgement: accepted, or refused with its code, and the
 * time from the message's arrival to the acknowledgement. A Socket.IO middleware, beside the
 * handlers rather than in them: the message's own handling is untouched.
 */
export function countActions(io: IoServer, metrics: Metrics): void {
  io.on('connection', (socket) => {
    socket.use((packet, next) => {
      const last = packet.length - 1;
      const ack: unknown = packet[last];
      if (packet[0] === 'match:act' && typeof ack === 'function') {
        const t0 = performance.now();
        packet[last] = (reply: unknown) => {
          const refused = (reply as { ok?: unknown; code?: unknown } | null)?.ok === false;
          metrics.action((performance.now() - t0) / 1000, refused ? String((reply as { code?: unknown }).code) : null);
          (ack as (r: unknown) => void)(reply);
        };
      }
      next();
    });
  });
}
