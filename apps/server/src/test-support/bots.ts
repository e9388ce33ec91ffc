import type { Snapshot } from '@mm/protocol';
import type { Code, MatchView, Seat } from '@mm/rules';
import type { DuelView } from '@mm/rules/families/duel';
import type { Mm44View } from '@mm/rules/families/mm44';
import type { RaceView } from '@mm/rules/families/race';
import type { ParkerView } from '@mm/rules/families/parker';
import type { RotationView } from '@mm/rules/families/rotation';
import type { App } from '../app';
import type { Player } from './player';
import { containsCode } from './scan';
import { snapshotOf } from './table';

/**
 * Plays `seat` as a person would, from what its socket is shown: whenever the seat must act,
 * `decide` picks the move from its own view (null: nothing now). Resolves when the match is over.
 * A refusal because the match moved on meanwhile (a bot called in Master Mind 44) is not an error.
 */
export async function playPerson(
  p: Player,
  seat: Seat,
  decide: (view: MatchView, snapshot: Snapshot) => unknown,
  timeoutMs = 30_000,
): Promise<Snapshot> {
  const deadline = Date.now() + timeoutMs;
  let after = 0;
  for (;;) {
    const u = await p.waitFor(
      (u) => u.snapshot.status.finished || (u.snapshot.seq >= after && u.snapshot.status.toAct.includes(seat)),
      Math.max(1, deadline - Date.now()),
    );
    if (u.snapshot.status.finished) return u.snapshot;
    const action = decide(u.snapshot.view, u.snapshot);
    if (action === null) throw new Error(`seat ${seat} must act at seq ${u.snapshot.seq} but has no move`);
    const reply = await p.act(action, { expectSeq: u.snapshot.seq });
    if (reply.ok) after = reply.seq;
    else if (reply.code === 'STALE_SEQ' || reply.code === 'MATCH_FINISHED') after = u.snapshot.seq + 1;
    else throw new Error(`${JSON.stringify(action)} refused: ${reply.code} ${reply.message}`);
  }
}

/**
 * Hidden information of other seats found in the views a socket received before the match
 * ended, read structurally per family: a secret of a round or game still being played that
 * the seat did not make; a Master Mind 44 part of a board it does not hold; the whole code.
 */
export function hiddenLeaks(p: Player, seat: Seat | null): string[] {
  const leaks: string[] = [];
  for (const { event, payload } of p.received) {
    const snapshot = snapshotOf(payload);
    if (!snapshot) continue;
    const at = `${event} at seq ${snapshot.seq}`;
    const view = snapshot.view as DuelView | RotationView | ParkerView | Mm44View | RaceView;
    switch (view.family) {
      case 'duel':
      case 'rotation':
        for (const r of view.rounds) {
          if (r.outcome === null && r.codemaker !== seat && r.secret !== null) leaks.push(`${at}: round ${r.number}'s secret`);
        }
        break;
      case 'parker':
        for (const g of view.games) {
          g.secrets.forEach((s, owner) => {
            if (g.outcome === null && owner !== seat && s !== null)
              leaks.push(`${at}: game ${g.number}'s secret of seat ${owner}`);
          });
        }
        break;
      case 'mm44':
        if (view.finished) break;
        for (const b of view.boards) if (b.holder !== seat && b.part !== null) leaks.push(`${at}: board ${b.board}'s part`);
        if (view.code !== null) leaks.push(`${at}: the code`);
        break;
      case 'race':
        if (view.finished) break;
        if (view.code !== null) leaks.push(`${at}: the code`);
        for (const b of view.boards) if (b.seat !== seat && b.shown !== 'pegs') leaks.push(`${at}: seat ${b.seat}'s colours`);
        break;
    }
  }
  return leaks;
}

/**
 * Payloads with `code` anywhere in them (any event, acks included) received before `revealSeq`;
 * a snapshot or ack at or after it may hold it. Codes in `allowed` (the seat's own secrets and
 * guesses) cannot be told apart from a leak and are not scanned for.
 */
export function codeSeenEarly(p: Player, code: Code, revealSeq: number, allowed: readonly Code[]): string[] {
  if (allowed.some((a) => a.length === code.length && a.every((v, i) => v === code[i]))) return [];
  const found: string[] = [];
  for (const { event, payload } of p.received) {
    const seq = snapshotOf(payload)?.seq ?? (payload as { seq?: unknown } | null)?.seq;
    if (typeof seq === 'number' && seq >= revealSeq) continue;
    if (containsCode(payload, code)) found.push(`${event} at seq ${String(seq)}`);
  }
  return found;
}

/**
 * The codes a seat may see before round `r`'s reveal with no leak: every row and revealed secret
 * of the other rounds, and round `r`'s rows but its breaking one (equal to its secret). A random
 * secret may equal one of them by chance (an earlier round's guess or secret); a textual scan
 * cannot tell them apart, so `codeSeenEarly` allows them (the structural scan, `hiddenLeaks`,
 * still holds).
 */
export function publicCodesBeside(
  rounds: readonly { rows: readonly { guess: Code }[]; secret: Code | null }[],
  r: number,
): Code[] {
  const secret = rounds[r]?.secret?.join();
  return rounds.flatMap((round, i) => {
    const rows = round.rows.map((row) => row.guess);
    if (i === r) return rows.filter((g) => g.join() !== secret);
    return round.secret ? [...rows, round.secret] : rows;
  });
}

/** The first seq at which `p` saw `test` hold of a view (e.g. a round ended). */
export function firstSeqWhere(p: Player, test: (view: MatchView) => boolean): number {
  let best = Infinity;
  for (const { payload } of p.received) {
    const snapshot = snapshotOf(payload);
    if (snapshot && test(snapshot.view) && snapshot.seq < best) best = snapshot.seq;
  }
  return best;
}

/** The stored log of the room's current match, as the database holds it (test-only knowledge). */
export async function storedLog(
  app: App,
  roomId: string,
): Promise<{ seq: number; seat: number; actionId: string; payload: any }[]> {
  const match = await app.db.prisma.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' } });
  if (!match) throw new Error(`no match in room ${roomId}`);
  const rows = await app.db.prisma.action.findMany({ where: { matchId: match.id }, orderBy: { seq: 'asc' } });
  return rows.map((r) => ({ seq: r.seq, seat: r.seat, actionId: r.actionId, payload: r.payload }));
}

/** Every action of a bot seat carries the deterministic id `bot-<match>-<seq>-<seat>`, and nobody else's does. */
export async function expectBotIds(app: App, roomId: string, bots: readonly Seat[]): Promise<{ bot: number; people: number }> {
  const match = await app.db.prisma.match.findFirst({ where: { roomId }, orderBy: { number: 'desc' } });
  const log = await storedLog(app, roomId);
  let bot = 0;
  for (const a of log) {
    const expected = `bot-${match!.id}-${a.seq}-${a.seat}`;
    if (bots.includes(a.seat)) {
      bot++;
      if (a.actionId !== expected) throw new Error(`seq ${a.seq}: bot action id ${a.actionId}, expected ${expected}`);
    } else if (a.actionId.startsWith('bot-')) {
      throw new Error(`seq ${a.seq}: a person's action has a bot's id`);
    }
  }
  return { bot, people: log.length - bot };
}
