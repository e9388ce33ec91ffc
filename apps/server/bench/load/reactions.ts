/**
 * `--reactions`: beside the actions, every seat of every driven room sends a reaction
 * (`room:react`) once every 10 s, the seats' turns spread evenly over those 10 s, so that the hot
 * path is measured with reactions flowing as a lively room would send them.
 */
import type { Table } from './client';

export const REACTION_PERIOD_MS = 10_000;

export interface ReactionCounts {
  sent: number;
  acked: number;
  refused: Record<string, number>;
  /** reactions the tables' sockets received (each one goes to every other socket of its room) */
  received: number;
}

/**
 * Starts the flow over `tables` (the server's: a relay table has no reactions). Only what happens
 * between `begin` (the measured window opens) and `stop` is counted.
 */
export function flowReactions(tables: Table[]): { begin(): void; stop(): ReactionCounts } {
  const counts: ReactionCounts = { sent: 0, acked: 0, refused: {}, received: 0 };
  const seats = tables.flatMap((table) =>
    table.react ? Array.from({ length: table.seats }, (_, seat) => ({ table, seat })) : [],
  );
  const received0 = new Map<Table, number>();
  let counting = false;
  const timers: NodeJS.Timeout[] = [];
  const send = (table: Table, seat: number): void => {
    const counted = counting;
    if (counted) counts.sent++;
    table.react!(seat, (reply) => {
      if (!counted || !counting) return;
      if (reply.ok) counts.acked++;
      else counts.refused[reply.code ?? 'unknown'] = (counts.refused[reply.code ?? 'unknown'] ?? 0) + 1;
    });
  };
  seats.forEach(({ table, seat }, i) => {
    const offset = (i * REACTION_PERIOD_MS) / seats.length;
    timers.push(
      setTimeout(() => {
        send(table, seat);
        timers.push(setInterval(() => send(table, seat), REACTION_PERIOD_MS));
      }, offset),
    );
  });
  return {
    begin() {
      counting = true;
      for (const t of tables) received0.set(t, t.reactionsReceived);
    },
    stop() {
      counting = false;
      for (const t of timers) clearInterval(t);
      counts.received = tables.reduce((n, t) => n + t.reactionsReceived - (received0.get(t) ?? t.reactionsReceived), 0);
      return counts;
    },
  };
}
