import { describe, expect, it } from 'vitest';
import { en } from '../i18n/en';
import { hintKind, hintTexts } from './hints';

describe('hints', () => {
  it('reads a reply without a kind as a guess', () => {
    expect(hintKind({})).toBe('guess');
    expect(hintKind({ kind: 'row' })).toBe('row');
    expect(hintKind({ kind: 'call' })).toBe('call');
  });

  it('labels a call as a "Master Mind!" call, rows and guesses as codes to play', () => {
    expect(hintTexts('call')).toEqual({ label: 'hint.call', apply: 'hint.applyCall', applied: 'hint.appliedCall' });
    expect(hintTexts('row')).toEqual({ label: 'hint.row', apply: 'hint.apply', applied: 'hint.applied' });
    expect(hintTexts('guess')).toEqual({ label: 'hint.try', apply: 'hint.apply', applied: 'hint.applied' });
    expect(en[hintTexts('call').label]).toMatch(/call Master Mind!/);
  });
});
