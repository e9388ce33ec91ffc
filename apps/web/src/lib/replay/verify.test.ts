import { describe, expect, it } from 'vitest';
import { createRng } from '@mm/rules';
import { mm44Code, mm44Deal, type Mm44View } from '@mm/rules/families/mm44';
import { duelLog, finishedMatch } from './fixtures.test-support';
import { verifyMatch } from './verify';

const duel = () => finishedMatch('duel', {}, 'seed', duelLog());

describe('verifyMatch (WebCrypto)', () => {
  it('verifies an honest duel, against the published commitments and against those seen live', async () => {
    const d = duel();
    expect(await verifyMatch(d, null)).toEqual({ ok: true, secrets: 2, dealt: false, live: 0 });
    expect(await verifyMatch(d, d.commitments.slice(0, 1))).toEqual({ ok: true, secrets: 2, dealt: false, live: 1 });
  });

  it('shows a tampered secret as not verified, naming its move', async () => {
    const d = duel();
    d.log[3]!.action = { type: 'setSecret', code: [5, 4, 3, 1] };
    expect(await verifyMatch(d, null)).toEqual({ ok: false, problems: [{ kind: 'secret', seq: 4 }] });
  });

  it('shows a tampered salt as not verified, naming its move', async () => {
    const d = duel();
    d.log[0]!.salt = `${d.log[0]!.salt!.slice(0, -1)}${d.log[0]!.salt!.endsWith('A') ? 'B' : 'A'}`;
    expect(await verifyMatch(d, null)).toEqual({ ok: false, problems: [{ kind: 'secret', seq: 1 }] });
  });

  it('refuses a secret without a commitment or salt, and a commitment without a secret', async () => {
    const d = duel();
    d.log[0]!.salt = null;
    d.commitments = d.commitments.map((c) => (c.kind === 'secret' && c.seq === 4 ? { ...c, seq: 5 } : c));
    const r = await verifyMatch(d, null);
    expect(r).toEqual({
      ok: false,
      problems: [
        { kind: 'missing', seq: 1 },
        { kind: 'missing', seq: 4 },
        { kind: 'extra', seq: 5 },
      ],
    });
  });

  it('catches published commitments that differ from what this device received live', async () => {
    const d = duel();
    // The device saw move 4 committed to another hash than the one published now: the server
    // swapped that secret (and re-committed) after the fact, even if the published set opens.
    const live = [d.commitments[0]!, { kind: 'secret' as const, seq: 4, seat: 1, hash: '0'.repeat(64) }];
    expect(await verifyMatch(d, live)).toEqual({ ok: false, problems: [{ kind: 'live', seq: 4 }] });
  });

  it('checks a dealt family: the seed against its commitment, and the parts the rules deal from it', async () => {
    const seed = 'mm44-seed';
    const parts = mm44Deal(createRng(seed), 2);
    const d = finishedMatch('mm44', { seating: '2x1' }, seed, [{ seat: 0, action: { type: 'call', code: mm44Code(parts) } }]);
    expect(await verifyMatch(d, d.commitments)).toEqual({ ok: true, secrets: 0, dealt: true, live: 1 });

    const otherSeed = { ...d, seed: 'another seed' };
    const r = await verifyMatch(otherSeed, null);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.map((p) => p.kind)).toContain('deal');

    const view = structuredClone(d.view) as Mm44View;
    view.boards[0]!.part = { position: (parts[0]!.position + 1) % 5, colour: parts[0]!.colour };
    expect(await verifyMatch({ ...d, view }, null)).toEqual({ ok: false, problems: [{ kind: 'dealParts' }] });

    expect(await verifyMatch(d, [{ kind: 'deal', hash: '1'.repeat(64) }])).toEqual({
      ok: false,
      problems: [{ kind: 'live', seq: null }],
    });
  });
});
