import { createHash, randomBytes } from 'node:crypto';
import { dealPreimage, secretOf, secretPreimage, type Commitment, type FinishedMatchDetail } from '@mm/protocol';
import { getFamily, type FamilyId } from '@mm/rules';

/**
 * A finished match as GET /api/matches/:id serves it, made the server's way (rules fold,
 * node:crypto hashes, random salts) so the browser code can be tested against it.
 */
export function finishedMatch(
  family: FamilyId,
  options: Record<string, unknown>,
  seed: string,
  log: { seat: number; action: unknown }[],
): FinishedMatchDetail {
  const f = getFamily(family)!;
  const opts = f.optionsSchema.parse(options);
  let state = f.setup(opts, seed);
  const sha = (s: string): string => createHash('sha256').update(s).digest('hex');
  const salt = randomBytes(24).toString('base64url');
  const commitments: Commitment[] = f.dealt ? [{ kind: 'deal', hash: sha(dealPreimage(salt, seed)) }] : [];
  const entries = log.map((entry, i) => {
    const r = f.apply(state, entry.seat, f.actionSchema.parse(entry.action));
    if (!r.ok) throw new Error(`fixture move ${i + 1} refused: ${r.error.code}`);
    state = r.state;
    const code = secretOf(entry.action);
    const s = code ? randomBytes(24).toString('base64url') : null;
    if (code && s) commitments.push({ kind: 'secret', seq: i + 1, seat: entry.seat, hash: sha(secretPreimage(s, code)) });
    return { seq: i + 1, seat: entry.seat, action: entry.action, salt: s, at: new Date(0).toISOString() };
  });
  const status = f.status(state);
  if (!status.finished) throw new Error('the fixture match did not finish');
  return {
    id: 'MatchMatchMatch1',
    roomId: 'RoomRoomRoomRoom',
    number: 1,
    family,
    options: opts as Record<string, unknown>,
    players: [
      { seat: 0, name: 'Ann' },
      { seat: 1, name: 'Bob' },
    ],
    status,
    createdAt: new Date(0).toISOString(),
    finishedAt: new Date(0).toISOString(),
    finished: true,
    seed,
    salt,
    log: entries,
    commitments,
    view: f.review(state),
  };
}

/** A 2-round duel: Bob breaks [0,1,2,3] on his second row; Ann fails three rows, then breaks [5,4,3,2]. */
export const duelLog = (a: number[] = [0, 1, 2, 3], b: number[] = [5, 4, 3, 2]) => [
  { seat: 0, action: { type: 'setSecret', code: a } },
  { seat: 1, action: { type: 'guess', code: [...a].reverse() } },
  { seat: 1, action: { type: 'guess', code: a } },
  { seat: 1, action: { type: 'setSecret', code: b } },
  { seat: 0, action: { type: 'guess', code: [0, 0, 0, 0] } },
  { seat: 0, action: { type: 'guess', code: b } },
];
