import { describe, expect, it } from 'vitest';
import { guessRules, type CodeRules } from '@mm/rules/pure';
import { used, draftFrom, draftProblem, emptyDraft, isComplete, place, tapHole, toCode } from './composer';

const rules: CodeRules = { pegs: 4, colours: 6, repeats: false, blanks: false };

describe('composer', () => {
  it('fills holes left to right', () => {
    let d = emptyDraft(4);
    for (const c of [3, 1, 4, 5]) d = place(d, c);
    expect(toCode(d)).toEqual([3, 1, 4, 5]);
    expect(isComplete(d)).toBe(true);
    expect(place(d, 2)).toBe(d); // full: nothing changes
  });
  it('tapping a hole empties it and the next colour goes there', () => {
    let d = draftFrom([0, 1, 2, 3]);
    d = tapHole(d, 1);
    expect(d.holes).toEqual([0, undefined, 2, 3]);
    d = place(d, 5);
    expect(toCode(d)).toEqual([0, 5, 2, 3]);
  });
  it('an empty hole tapped becomes the cursor', () => {
    let d = place(emptyDraft(4), 0); // cursor at 1
    d = tapHole(d, 3);
    d = place(d, 2);
    expect(d.holes).toEqual([0, undefined, undefined, 2]);
    d = place(d, 4); // wraps to the first empty hole
    expect(d.holes).toEqual([0, 4, undefined, 2]);
  });
  it('names the problem, judged by checkCode', () => {
    expect(draftProblem(place(emptyDraft(4), 0), rules)).toBe('incomplete');
    expect(draftProblem(draftFrom([0, 0, 1, 2]), rules)).toBe('repeat');
    expect(draftProblem(draftFrom([0, null, 1, 2]), rules)).toBe('blank');
    expect(draftProblem(draftFrom([0, 1, 2, 3]), rules)).toBeNull();
    expect(draftProblem(draftFrom([0, 0, 1, 2]), guessRules(rules))).toBeNull();
    expect(draftProblem(draftFrom([0, 9, 1, 2]), rules)).toBe('invalid');
  });
  it('blank is a value when blanks are on', () => {
    const d = place(place(place(place(emptyDraft(4), null), 1), 2), 3);
    expect(toCode(d)).toEqual([null, 1, 2, 3]);
    expect(draftProblem(d, { ...rules, blanks: true })).toBeNull();
  });
  it('several blanks are fine without repeats; a repeated colour beside them is not', () => {
    expect(draftProblem(draftFrom([null, 1, null, null]), { ...rules, blanks: true })).toBeNull();
    expect(used(place(draftFrom([null, 1, null, 2]), null))).toEqual(new Set([1, 2]));
    expect(draftProblem(draftFrom([null, 1, null, 1]), { ...rules, blanks: true })).toBe('repeat');
  });
});
