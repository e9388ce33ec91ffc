import type { AnyFamily, MatchStatus, Seat, Viewer } from '@mm/rules';
import { secretOf, type Commitment, type Snapshot } from '@mm/protocol';
import type { StoredAction, StoredMatch } from '../db/store';
import { dealHash, secretCommitment } from '../security/commitments';

/** Every family's actions carry a `type`; which kind of move was made is public. */
const actionType = (action: unknown): string =>
  action && typeof action === 'object' && 'type' in action ? String(action.type) : 'unknown';

/**
 * One match as its log makes it: the family's setup from the stored options and seed, then
 * every stored action folded in order. It knows no room (no seats, settings or presence), so a
 * live room and a replay read the very same state, status and commitments from the same rows.
 * It changes only through `foldIn` and `accept`, after the database has the action.
 */
export class FoldedMatch {
  readonly family: AnyFamily;
  readonly options: unknown;
  readonly id: string;
  readonly number: number;
  readonly seed: string;
  #state: unknown;
  #seq = 0;
  #last: { seq: number; seat: Seat; type: string } | null = null;
  #commitments: Commitment[] = [];
  #clockSince: number;
  /** since when (ms since the epoch) each seat that owes a move has owed it: where its own clock starts */
  #owingSince = new Map<Seat, number>();
  /** the actionIds accepted so far, with their seq: a resend is recognised before the rules judge it */
  #acceptedIds = new Map<string, number>();
  /** The status of the state it was worked out for: `status()` reuses it until the state changes. */
  private statusOf: { state: unknown; status: MatchStatus } | null = null;
  /**
   * The commitments and deadlines as snapshots last showed them, shared by every snapshot until they
   * change: what a broadcast's channels and the next update share, a delta passes over at a glance.
   */
  private shownCommitments: Snapshot['commitments'] = [];
  private shownDeadlines: { from: readonly { seat: Seat; at: number }[]; shown: Snapshot['deadlines'] } = { from: [], shown: [] };

  constructor(family: AnyFamily, match: StoredMatch, actions: readonly StoredAction[]) {
    this.family = family;
    this.id = match.id;
    this.number = match.number;
    this.seed = match.seed;
    this.#clockSince = match.createdAt.getTime();
    if (match.salt !== null && family.dealt) {
      this.#commitments.push({ kind: 'deal', hash: dealHash(match.salt, match.seed) });
    }
    // Stored options were parsed when the room was made; parsing again fills any default added since.
    this.options = family.optionsSchema.parse(match.options);
    this.#state = family.setup(this.options, this.seed);
    this.#owingSince = family.turnClock.started(new Map(), this.status(), null, this.#clockSince);
    this.foldIn(actions);
  }

  get state(): unknown {
    return this.#state;
  }
  /** the number of actions folded */
  get seq(): number {
    return this.#seq;
  }
  get last(): { seq: number; seat: Seat; type: string } | null {
    return this.#last;
  }
  /** public hashes of the secrets set so far, and of the seed for a dealt family */
  get commitments(): readonly Commitment[] {
    return this.#commitments;
  }
  /**
   * The time the latest accepted action was stored (ms since the epoch), or the match's creation
   * before any. Read from the log, so every process and every restart derives the same deadline.
   */
  get clockSince(): number {
    return this.#clockSince;
  }

  /**
   * When `seat`'s clock started, if it owes a move (ms since the epoch), as the family's `turnClock`
   * folds it from the log (the actions' stored times, the match's creation before any).
   */
  owingSince(seat: Seat): number | null {
    return this.#owingSince.get(seat) ?? null;
  }

  /** Each owing seat's clock start, folded by the family's `turnClock`: what the room's deadlines count from. */
  get turnStarts(): ReadonlyMap<Seat, number> {
    return this.#owingSince;
  }

  /** The seq at which this match accepted `actionId`, if it did. */
  acceptedSeq(actionId: string): number | undefined {
    return this.#acceptedIds.get(actionId);
  }

  /** Folds stored actions that follow `seq`; a gap or a refused entry means a corrupt log. */
  foldIn(actions: readonly StoredAction[]): void {
    for (const a of actions) {
      if (a.seq <= this.#seq) continue;
      if (a.seq !== this.#seq + 1) throw new Error(`Match ${this.id}: log gap before seq ${a.seq}`);
      const parsed = this.family.actionSchema.parse(a.payload);
      const r = this.family.apply(this.#state, a.seat, parsed);
      if (!r.ok) throw new Error(`Match ${this.id}: stored action ${a.seq} refused: ${r.error.code}`);
      this.accept(a.seq, a.seat, a.actionId, parsed, r.state, a.salt, a.createdAt.getTime());
    }
  }

  /** Moves to the state after the action `actionId` committed at `seq` (with its commitment salt, for a secret). */
  accept(seq: number, seat: Seat, actionId: string, action: unknown, state: unknown, salt: string | null, at = Date.now()): void {
    this.#acceptedIds.set(actionId, seq);
    this.#state = state;
    this.#owingSince = this.family.turnClock.started(this.#owingSince, this.status(), seat, at);
    this.#clockSince = at;
    this.#seq = seq;
    this.#last = { seq, seat, type: actionType(action) };
    const code = secretOf(action);
    if (code && salt !== null) this.#commitments.push(secretCommitment(seq, seat, salt, code));
  }

  /** Worked out once per state: a broadcast asks for it in the summary and in every seat's snapshot. */
  status(): MatchStatus {
    const known = this.statusOf;
    if (known !== null && known.state === this.#state) return known.status;
    const status = this.family.status(this.#state);
    this.statusOf = { state: this.#state, status };
    return status;
  }

  /** What `viewer` may know of the match now, with the turn deadlines the room's timer sets (none without one). */
  snapshot(viewer: Viewer, deadlines: readonly { seat: Seat; at: number }[] = []): Snapshot {
    return {
      matchId: this.id,
      matchNumber: this.number,
      seq: this.seq,
      view: this.family.view(this.state, viewer),
      status: this.status(),
      last: this.last,
      commitments: this.shownCommitmentsNow(),
      deadlines: this.shownDeadlinesFor(deadlines),
    };
  }

  // Commitments are only ever added: as many as shown last are those shown.
  private shownCommitmentsNow(): Snapshot['commitments'] {
    if (this.shownCommitments.length !== this.#commitments.length) {
      this.shownCommitments = this.#commitments.map((c) => ({ ...c }));
    }
    return this.shownCommitments;
  }

  private shownDeadlinesFor(deadlines: readonly { seat: Seat; at: number }[]): Snapshot['deadlines'] {
    const last = this.shownDeadlines;
    const same =
      last.from.length === deadlines.length &&
      deadlines.every((d, i) => d.seat === last.from[i]!.seat && d.at === last.from[i]!.at);
    if (!same) {
      this.shownDeadlines = {
        from: deadlines.map((d) => ({ ...d })),
        shown: deadlines.map((d) => ({ seat: d.seat, at: new Date(d.at).toISOString() })),
      };
    }
    return this.shownDeadlines.shown;
  }
}
