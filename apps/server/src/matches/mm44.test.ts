import { describe, expect, it } from 'vitest';
import { createRng } from '@mm/rules';
import { mm44Code, mm44Deal, type Mm44Part, type Mm44Peg, type Mm44Row, type Mm44View } from '@mm/rules/families/mm44';
import type { App } from '../app';
import type { Player } from '../test-support/player';
import { useServer } from '../test-support/server';
import { objectsIn, play, refused, seatTable, snap, snapshotOf, tokenLeaks, viewOf, type Table } from '../test-support/table';

type Code = (number | null)[];

/**
 * The parts the server dealt, derived the only legal way a test can: the match's recorded
 * seed (read from the database) put through the rules' own deal. Test-only knowledge.
 */
async function dealtParts(app: App, roomId: string, boards: number): Promise<Mm44Part[]> {
  const match = await app.db.prisma.match.findFirst({ where: { roomId } });
  if (!match) throw new Error(`no match in room ${roomId}`);
  return mm44Deal(createRng(match.seed), boards);
}

/** docs/rules.md §4 play 2, written out here: one key peg about one part. */
function peg(part: Mm44Part, row: Code): Mm44Peg {
  if (row[part.position] === part.colour) return 'black';
  return row.includes(part.colour) ? 'white' : null;
}

/** The answers every other board gives automatically to `board`'s row, in board order. */
const answersTo = (parts: readonly Mm44Part[], board: number, row: Code): Mm44Row['answers'] =>
  parts.flatMap((part, b) => (b === board ? [] : [{ board: b, peg: peg(part, row) }]));

/**
 * Parts a socket received that it may not see: any object shaped like a part (a `position`
 * or a `colour` field), or any `part` field, that is not one of the parts `held` by its seat,
 * in a payload not taken after the end of the game; and the whole code before the end.
 */
function partLeaks(player: Player, held: readonly Mm44Part[]): string[] {
  const leaks: string[] = [];
  const isHeld = (o: unknown): boolean =>
    !!o &&
    typeof o === 'object' &&
    held.some(
      (h) => (o as Record<string, unknown>)['position'] === h.position && (o as Record<string, unknown>)['colour'] === h.colour,
    );
  for (const { event, payload } of player.received) {
    const snapshot = snapshotOf(payload);
    if (snapshot?.status.finished) continue;
    for (const o of objectsIn(payload)) {
      if (('position' in o || 'colour' in o) && !isHeld(o)) leaks.push(`${event}: part-shaped ${JSON.stringify(o)}`);
      if ('part' in o && o['part'] !== null && !isHeld(o['part'])) leaks.push(`${event}: part ${JSON.stringify(o['part'])}`);
      if ('boards' in o && 'code' in o && o['code'] !== null) leaks.push(`${event}: the whole code ${JSON.stringify(o['code'])}`);
    }
  }
  return leaks;
}

/** Who holds each board, per seating (docs/rules.md §4; with two boards each they alternate round the table). */
const HOLDERS = { '4x1': [0, 1, 2, 3], '2x2': [0, 1, 0, 1], '2x1': [0, 1] } as const;

class Mm44Table {
  /** every row placed so far, per board */
  readonly rows: Mm44Row[][];
  seq = 0;

  constructor(
    readonly table: Table,
    readonly parts: Mm44Part[],
    readonly holders: readonly number[],
  ) {
    this.rows = parts.map(() => []);
  }

  static async open(
    server: { app: App; url: string },
    seating: keyof typeof HOLDERS,
    options: Record<string, unknown> = {},
  ): Promise<Mm44Table> {
    const holders = HOLDERS[seating];
    const seats = new Set<number>(holders).size;
    const table = await seatTable(server.url, { family: 'mm44', options: { seating, ...options } }, seats);
    const parts = await dealtParts(server.app, table.roomId, holders.length);
    return new Mm44Table(table, parts, holders);
  }

  view(p: Player = this.table.watcher): Mm44View {
    return viewOf<Mm44View>(p);
  }

  /** The real hidden code, and a wrong one (the first board's colour changed). */
  code(): Code {
    return mm44Code(this.parts);
  }
  wrongCode(): Code {
    const code = this.code();
    const p = this.parts[0]!;
    code[p.position] = (p.colour + 1) % 6;
    return code;
  }

  /** Places `row` for `board` (it must be its turn) and checks the automatic, attributed answers everyone sees. */
  async row(board: number, row: Code): Promise<void> {
    const holder = this.holders[board]!;
    expect(this.view().turn).toBe(board);
    expect(snap(this.table.watcher).status.toAct).toEqual([holder]);
    this.seq = await play(this.table.seats[holder]!, { type: 'row', code: row }, this.table.everyone);
    this.rows[board]!.push({ code: row, answers: answersTo(this.parts, board, row) });
    for (const p of this.table.everyone) {
      expect(this.view(p).boards.map((b) => b.rows)).toEqual(this.rows);
      expect(snap(p).last).toEqual({ seq: this.seq, seat: holder, type: 'row' });
    }
  }

  /** Each seat sees its own boards' parts and no other; the spectator sees none. */
  expectPartsHidden(): void {
    for (const [seat, p] of this.table.seats.entries()) {
      expect(this.view(p).boards.map((b) => b.part)).toEqual(
        this.parts.map((part, b) => (this.holders[b] === seat ? part : null)),
      );
    }
    expect(this.view().boards.map((b) => b.part)).toEqual(this.parts.map(() => null));
    for (const p of this.table.everyone) expect(this.view(p).code).toBeNull();
  }

  /** After the end every socket sees every part and the whole code. */
  expectAllRevealed(): void {
    for (const p of this.table.everyone) {
      expect(this.view(p).boards.map((b) => b.part)).toEqual(this.parts);
      expect(this.view(p).code).toEqual(this.code());
      expect(this.view(p).phase).toBe('over');
    }
  }

  /** The structural scan over everything each socket ever received, and the seat tokens. */
  expectNoLeaks(): void {
    for (const [seat, p] of this.table.seats.entries()) {
      const held = this.parts.filter((_, b) => this.holders[b] === seat);
      expect(partLeaks(p, held), `seat ${seat}`).toEqual([]);
      // The scan's own check: holding nothing, the parts this seat was shown count as leaks.
      expect(partLeaks(p, [])).not.toEqual([]);
    }
    expect(partLeaks(this.table.watcher, []), 'spectator').toEqual([]);
    expect(tokenLeaks(this.table)).toEqual([]);
  }
}

/** Deterministic rows for filling boards: colours and empty holes, never a call. */
function fillerRow(k: number): Code {
  return Array.from({ length: 5 }, (_, i) => ((k * 7 + i * 3) % 8 < 6 ? (k * 7 + i * 3) % 8 : null));
}

describe('Master Mind 44 matches', () => {
  const server = useServer('postgres');

  it('Game 1 (4x1): attributed answers, a wrong call puts a player out, a right call wins and reveals all', async () => {
    const t = await Mm44Table.open(server, '4x1');
    const { seats, everyone } = t.table;
    const { parts } = t;
    // The derivation from the seed agrees with what each holder is shown of its own board.
    for (const [b, p] of seats.entries()) expect(t.view(p).boards[b]!.part).toEqual(parts[b]);
    t.expectPartsHidden();
    expect(t.view()).toMatchObject({ phase: 'play', turn: 0, out: [false, false, false, false], calls: [] });

    expect(await refused(seats[1]!, { type: 'row', code: [0, 1, 2, 3, 4] })).toBe('NOT_YOUR_TURN');
    expect(await refused(seats[0]!, { type: 'pass' })).toBe('WRONG_PHASE');

    // Board 0 aims at board 1's part: board 1 answers black; a board of the same colour, white.
    const aimed: Code = [null, null, null, null, null];
    aimed[parts[1]!.position] = parts[1]!.colour;
    await t.row(0, aimed);
    expect(t.rows[0]![0]!.answers.find((a) => a.board === 1)!.peg).toBe('black');
    // Board 1: a row with every hole empty gets no pegs at all.
    await t.row(1, [null, null, null, null, null]);
    expect(t.rows[1]![0]!.answers.map((a) => a.peg)).toEqual([null, null, null]);
    // Board 2 puts board 3's colour in the wrong hole: board 3 answers white.
    const wrongHole: Code = [null, null, null, null, null];
    wrongHole[(parts[3]!.position + 1) % 5] = parts[3]!.colour;
    await t.row(2, wrongHole);
    expect(t.rows[2]![0]!.answers.find((a) => a.board === 3)!.peg).toBe('white');
    await t.row(3, [0, 1, 2, 3, 4]);
    t.expectPartsHidden();

    // Seat 1 calls "Master Mind!" out of turn, wrongly: it is out, but its board keeps answering.
    const wrong = t.wrongCode();
    t.seq = await play(seats[1]!, { type: 'call', code: wrong }, everyone);
    for (const p of everyone) {
      expect(t.view(p)).toMatchObject({
        phase: 'play',
        turn: 0,
        out: [false, true, false, false],
        calls: [{ seat: 1, code: wrong, correct: false }],
        winner: null,
        finished: false,
      });
    }
    expect(await refused(seats[1]!, { type: 'call', code: t.code() })).toBe('ELIMINATED');
    expect(await refused(seats[1]!, { type: 'row', code: [0, 0, 0, 0, 0] })).toBe('ELIMINATED');
    await t.row(0, [5, 4, 3, 2, 1]);
    expect(t.rows[0]![1]!.answers.map((a) => a.board)).toEqual([1, 2, 3]);
    // Board 1 is skipped from now on.
    expect(t.view().turn).toBe(2);
    await t.row(2, [parts[1]!.colour, parts[1]!.colour, null, null, null]);
    expect(t.view().turn).toBe(3);
    t.expectPartsHidden();

    // Seat 0 calls right, out of turn (board 3 was to play): it wins, and every part is shown.
    t.seq = await play(seats[0]!, { type: 'call', code: t.code() }, everyone);
    t.expectAllRevealed();
    for (const p of everyone) {
      expect(t.view(p)).toMatchObject({ winner: 0, finished: true, out: [false, true, false, false] });
      expect(t.view(p).calls).toEqual([
        { seat: 1, code: wrong, correct: false },
        { seat: 0, code: t.code(), correct: true },
      ]);
      expect(snap(p).status).toEqual({
        finished: true,
        toAct: [],
        owes: [],
        may: [],
        scores: [1, 0, 0, 0],
        winners: [0],
        draw: false,
      });
    }
    expect(await refused(seats[3]!, { type: 'row', code: [0, 1, 2, 3, 4] })).toBe('MATCH_FINISHED');
    t.expectNoLeaks();
    const match = await server.app.db.prisma.match.findFirst({ where: { roomId: t.table.roomId } });
    expect(match?.finishedAt).not.toBeNull();
    t.table.close();
  });

  it('2x2: one socket plays two boards to the end, then the final calls (pass, wrong call) end in a draw', async () => {
    const t = await Mm44Table.open(server, '2x2');
    const { seats, everyone } = t.table;
    t.expectPartsHidden();
    expect(
      t
        .view(seats[0]!)
        .boards.filter((b) => b.part !== null)
        .map((b) => b.board),
    ).toEqual([0, 2]);
    expect(
      t
        .view(seats[1]!)
        .boards.filter((b) => b.part !== null)
        .map((b) => b.board),
    ).toEqual([1, 3]);

    // 4 boards × 4 rows, turns alternating between the two players; each board's row is
    // answered by the three others, including the other board of the same player.
    for (let k = 0; k < 16; k++) {
      const board = k % 4;
      if (k === 2) expect(await refused(seats[1]!, { type: 'row', code: fillerRow(k) })).toBe('NOT_YOUR_TURN');
      await t.row(board, fillerRow(k));
      if (k < 15) expect(t.view().phase).toBe('play');
    }
    const pegs = t.rows.flat().flatMap((r) => r.answers.map((a) => a.peg));
    expect(pegs).toHaveLength(16 * 3);
    t.expectPartsHidden();

    // Every board is full: the final calls, in seat order.
    for (const p of everyone) {
      expect(t.view(p)).toMatchObject({ phase: 'finalCalls', turn: null, caller: 0, finished: false });
      expect(t.view(p).boards.every((b) => b.full)).toBe(true);
    }
    expect(snap(t.table.watcher).status.toAct).toEqual([0]);
    expect(await refused(seats[0]!, { type: 'row', code: fillerRow(0) })).toBe('WRONG_PHASE');
    expect(await refused(seats[1]!, { type: 'call', code: t.code() })).toBe('NOT_YOUR_TURN');
    expect(await refused(seats[1]!, { type: 'pass' })).toBe('NOT_YOUR_TURN');

    t.seq = await play(seats[0]!, { type: 'pass' }, everyone);
    expect(t.view()).toMatchObject({ phase: 'finalCalls', caller: 1, passed: [0] });
    expect(await refused(seats[0]!, { type: 'call', code: t.code() })).toBe('NOT_YOUR_TURN');
    t.seq = await play(seats[1]!, { type: 'call', code: t.wrongCode() }, everyone);

    // Nobody right: a draw, and everything is shown.
    t.expectAllRevealed();
    for (const p of everyone) {
      expect(t.view(p)).toMatchObject({ winner: null, finished: true, out: [false, true], passed: [0], caller: null });
      expect(snap(p).status).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [0, 0], winners: [], draw: true });
    }
    t.expectNoLeaks();
    t.table.close();
  });

  it('2x1: in the final calls a wrong call puts its maker out and the next right call wins', async () => {
    const t = await Mm44Table.open(server, '2x1');
    const { seats, everyone } = t.table;
    for (let k = 0; k < 8; k++) await t.row(k % 2, fillerRow(k + 3));
    expect(t.view()).toMatchObject({ phase: 'finalCalls', caller: 0 });
    t.expectPartsHidden();

    t.seq = await play(seats[0]!, { type: 'call', code: t.wrongCode() }, everyone);
    expect(t.view()).toMatchObject({ phase: 'finalCalls', caller: 1, out: [true, false] });
    t.expectPartsHidden();
    t.seq = await play(seats[1]!, { type: 'call', code: t.code() }, everyone);
    t.expectAllRevealed();
    for (const p of everyone) {
      expect(snap(p).status).toEqual({ finished: true, toAct: [], owes: [], may: [], scores: [0, 1], winners: [1], draw: false });
    }
    t.expectNoLeaks();
    t.table.close();
  });
});
