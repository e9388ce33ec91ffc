import type { FinishedMatchDetail, MatchDetail, MatchListItem, MatchResult } from '@mm/protocol';
import { getFamily } from '@mm/rules';
import type { StoredMatchRecord, StoredMatchSummary } from '../db/store';
import { FoldedMatch } from '../rooms/folded-match';

/** One line of a player's history: names only, never another player's identity. */
export function matchListItem(
  row: StoredMatchSummary,
  playerId: string,
  turn: { yourTurn: boolean; deadline: string | null } = { yourTurn: false, deadline: null },
): MatchListItem {
  const { match } = row;
  return {
    id: match.id,
    roomId: row.roomId,
    number: match.number,
    family: match.family,
    players: row.players.map((p) => ({ seat: p.seat, name: p.name, you: p.playerId === playerId, person: p.playerId !== null })),
    result: match.finishedAt === null ? null : (match.result as MatchResult | null),
    createdAt: match.createdAt.toISOString(),
    finishedAt: match.finishedAt?.toISOString() ?? null,
    url: `/m/${match.id}`,
    ...(row.daily !== null ? { daily: row.daily } : {}),
    ...turn,
  };
}

/**
 * A match for GET /api/matches/:id, folded from its log by the same code as a live room's
 * match (so the commitments are the very ones the snapshots carried). Finished: everything,
 * salts and seed included. Still played: only the spectator's snapshot. Null for a family
 * this server does not know.
 */
export function matchDetail(record: StoredMatchRecord): MatchDetail | null {
  const { match } = record;
  const family = getFamily(match.family);
  if (!family) return null;
  const folded = new FoldedMatch(family, match, record.actions);
  const status = folded.status();
  const base = {
    id: match.id,
    roomId: record.roomId,
    number: match.number,
    family: folded.family.id,
    options: folded.options as Record<string, unknown>,
    players: record.players.map((p) => ({ seat: p.seat, name: p.name })),
    status,
    createdAt: match.createdAt.toISOString(),
    finishedAt: match.finishedAt?.toISOString() ?? null,
    ...(record.daily !== null ? { daily: record.daily } : {}),
  };
  // No deadlines: a turn timer is the live room's, and this is no room.
  if (!status.finished) return { ...base, finished: false, snapshot: folded.snapshot(null) };
  const detail: FinishedMatchDetail = {
    ...base,
    finished: true,
    seed: match.seed,
    salt: match.salt,
    log: record.actions.map((a) => ({
      seq: a.seq,
      seat: a.seat,
      action: folded.family.actionSchema.parse(a.payload),
      salt: a.salt,
      at: a.createdAt.toISOString(),
    })),
    commitments: folded.commitments.map((c) => ({ ...c })),
    view: folded.family.review(folded.state),
  };
  return detail;
}
