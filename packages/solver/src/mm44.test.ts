import fc from 'fast-check';
import { createRng, type Code } from '@mm/rules';
import {
  mm44,
  mm44Answer,
  mm44Code,
  mm44Deal,
  mm44OptionsSchema,
  MM44_SEATINGS,
  type Mm44Part,
  type Mm44State,
} from '@mm/rules/families/mm44';
import { describe, expect, it } from 'vitest';
import { mm44BotAction, mm44NextRow } from './mm44';
import { mm44Call, mm44Codes, mm44Deals, mm44DealsFromView, mm44Exclude, mm44Filter, type Mm44Deals } from './mm44-deals';

const partsOf = (deals: Mm44Deals, d: number): Mm44Part[] =>
  Array.from(deals.parts.subarray(d * deals.boards, (d + 1) * deals.boards), (p) => ({
    position: Math.floor(p / 6),
    colour: p % 6,
  }));
const allDeals = (deals: Mm44Deals): string[] => Array.from({ length: deals.count }, (_, d) => JSON.stringify(partsOf(deals, d)));

const rowArb: fc.Arbitrary<Code> = fc.array(fc.oneof(fc.integer({ min: 0, max: 5 }), fc.constant(null)), {
  minLength: 5,
  maxLength: 5,
});

describe('Master Mind 44 deals', () => {
  it('counts every deal: 5·4·3·2 positions × 6⁴ colours with 4 boards, fewer once a part is known', () => {
    expect(mm44Deals(4).count).toBe(120 * 1296);
    expect(mm44Deals(4, [{ board: 2, part: { position: 1, colour: 3 } }]).count).toBe(24 * 216);
    expect(
      mm44Deals(2, [
        { board: 0, part: { position: 0, colour: 0 } },
        { board: 1, part: { position: 4, colour: 5 } },
      ]).count,
    ).toBe(1);
    // colour weights are the chances of drawing the colours from 24 counters, for each way the positions fall
    const sum = mm44Deals(4).weights.reduce((a, w) => a + w, 0);
    expect(sum).toBeCloseTo(120, 9);
  });

  it('filter to exactly the deals a brute force over mm44Answer keeps, always keeping the true deal', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.integer({ min: 2, max: 4 }),
        fc.array(fc.tuple(rowArb, fc.nat()), { minLength: 1, maxLength: 4 }),
        (seed, boards, rows) => {
          const truth = mm44Deal(createRng(seed), boards);
          const own = { board: 0, part: truth[0]! };
          let deals = mm44Deals(boards, [own]);
          const start = deals;
          const played: { row: Code; placer: number }[] = [];
          for (const [row, p] of rows) {
            const placer = p % boards;
            const answers = truth.flatMap((part, b) => (b === placer ? [] : [{ board: b, peg: mm44Answer(part, row) }]));
            deals = mm44Filter(deals, row, answers);
            played.push({ row, placer });
          }
          const want = allDeals(start).filter((json) => {
            const parts = JSON.parse(json) as Mm44Part[];
            return played.every(({ row, placer }) =>
              parts.every((part, b) => b === placer || mm44Answer(part, row) === mm44Answer(truth[b]!, row)),
            );
          });
          expect(allDeals(deals)).toEqual(want);
          expect(want).toContain(JSON.stringify(truth));
          const codes = mm44Codes(deals);
          expect(codes.map((c) => JSON.stringify(c.code))).toContain(JSON.stringify(mm44Code(truth)));
          expect(codes.reduce((a, c) => a + c.chance, 0)).toBeCloseTo(1, 9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('drops the code of a wrong call, and calls only when one code is left', () => {
    const truth: Mm44Part[] = [
      { position: 0, colour: 0 },
      { position: 2, colour: 1 },
    ];
    let deals = mm44Deals(2, [{ board: 0, part: truth[0]! }]);
    expect(mm44Call(deals)).toBeNull();
    const wrong: Code = [0, null, 2, null, null];
    const before = mm44Codes(deals).length;
    deals = mm44Exclude(deals, wrong);
    expect(mm44Codes(deals).length).toBe(before - 1);
    expect(mm44Codes(deals).map((c) => JSON.stringify(c.code))).not.toContain(JSON.stringify(wrong));
    // the row that names board 1's part in its hole: a black
    deals = mm44Filter(deals, [null, null, 1, null, null], [{ board: 1, peg: 'black' }]);
    expect(mm44Call(deals)).toEqual(mm44Code(truth));
  });

  it('chooses a legal row that splits the codes, quickly enough for a bot', () => {
    const deals = mm44Deals(4, [{ board: 0, part: { position: 0, colour: 0 } }]);
    const choice = mm44NextRow(deals, 0, createRng('row'));
    expect(choice.row).toHaveLength(5);
    expect(choice.row.every((v) => v === null || (Number.isInteger(v) && v >= 0 && v < 6))).toBe(true);
    // the codes left before the row, and the expected number after it
    expect(choice.expectedCodes).toBeLessThan(mm44Codes(deals).length / 4);
  });

  it('bots play whole games by the rules and win them with right calls', () => {
    let won = 0;
    for (const seating of MM44_SEATINGS) {
      for (let g = 0; g < 1; g++) {
        let state: Mm44State = mm44.setup(mm44OptionsSchema.parse({ seating }), `bots/${seating}/${g}`);
        for (let step = 0; step < 100 && !state.finished; step++) {
          let acted = false;
          for (let seat = 0; seat < state.out.length && !acted; seat++) {
            const view = mm44.view(state, seat);
            const deals = mm44DealsFromView(view);
            // what a seat knows always includes the truth
            expect(mm44Codes(deals).map((c) => JSON.stringify(c.code))).toContain(
              JSON.stringify(mm44Code(state.boards.map((b) => b.part))),
            );
            const action = mm44BotAction(view, seat);
            if (!action) continue;
            const r = mm44.apply(state, seat, action);
            expect(r.ok).toBe(true);
            if (r.ok) state = r.state;
            acted = true;
          }
          expect(acted).toBe(true);
        }
        expect(state.finished).toBe(true);
        expect(state.calls.every((c) => c.correct || state.finalCalls !== null)).toBe(true);
        if (state.winner !== null) won++;
      }
    }
    expect(won).toBeGreaterThanOrEqual(3);
  });
});
