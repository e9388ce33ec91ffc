import { describe, expect, it } from 'vitest';
import { describeError, refusalText } from './describe';

describe('refusalText', () => {
  it('says nothing for a request that went through, and what went wrong otherwise', () => {
    expect(refusalText({ ok: true })).toBeNull();
    expect(refusalText({ ok: false, code: 'NOT_CONNECTED' })).toBe(describeError('NOT_CONNECTED'));
    expect(refusalText({ ok: false, code: 'NOT_CONNECTED' })).not.toBe('');
  });

  it('says nothing twice: a code already told elsewhere gives null', () => {
    expect(refusalText({ ok: false, code: 'STALE_SEQ' }, ['STALE_SEQ'])).toBeNull();
    expect(refusalText({ ok: false, code: 'NO_ANSWER' }, ['STALE_SEQ'])).toBe(describeError('NO_ANSWER'));
  });
});
