// The append-only log of each match: the one thing a match's state is folded from. Its unique
// keys are what keep two server processes racing on one room honest, so conflicts are reported
// as values (AppendOutcome) rather than thrown.
import type { Database } from './database.js';
import { GroupCommit, type AppendOutcome } from './group-commit.js';
import { toAction, type StoredAction } from './rows.js';

export interface ActionLog {
  /**
   * `seq-taken`: another action already has this seq (another node won the race).
   * `duplicate`: this actionId was already stored (a resend), at `seq`. A resend
   * that collides on both keys is reported as `duplicate`, since that is the
   * answer its sender needs.
   */
  appendAction(
    matchId: string,
    action: { seq: number; seat: number; actionId: string; payload: unknown; salt?: string | null },
  ): Promise<AppendOutcome>;
  actionsSince(matchId: string, afterSeq: number): Promise<StoredAction[]>;
}

export function createActionLog(db: Database, hooks: { onCommitBatch?: (rows: number) => void } = {}): ActionLog {
  const { prisma } = db;
  // The hot path: plain SQL, many rooms' actions in one INSERT (group-commit.ts).
  const log = new GroupCommit(db.sql, { maxInFlight: db.kind === 'embedded' ? 1 : 4, onBatch: hooks.onCommitBatch });
  return {
    async appendAction(matchId, action) {
      const payloadJson = JSON.stringify(action.payload);
      if (payloadJson === undefined) throw new TypeError('action payload is not JSON-serialisable');
      return log.append({
        matchId,
        seq: action.seq,
        seat: action.seat,
        actionId: action.actionId,
        payloadJson,
        salt: action.salt ?? null,
      });
    },

    async actionsSince(matchId, afterSeq) {
      const rows = await prisma.action.findMany({ where: { matchId, seq: { gt: afterSeq } }, orderBy: { seq: 'asc' } });
      return rows.map(toAction);
    },
  };
}
