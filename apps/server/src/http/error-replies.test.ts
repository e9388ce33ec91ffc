import { describe, expect, it } from 'vitest';
import { errorReply, INTERNAL_MESSAGE, UNAVAILABLE_MESSAGE } from './error-replies';

describe('errorReply', () => {
  it('answers a database that is away or too slow with 503 UNAVAILABLE, without its internals', () => {
    const refused = Object.assign(new Error("Can't reach database server at 127.0.0.1:5432"), { code: 'P1001' });
    const cancelled = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    for (const err of [refused, cancelled]) {
      expect(errorReply(err)).toEqual({ status: 503, body: { error: { code: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE } } });
    }
  });

  it('answers any other failure 500 INTERNAL with the generic message', () => {
    expect(errorReply(new Error('undefined is not a function'))).toEqual({
      status: 500,
      body: { error: { code: 'INTERNAL', message: INTERNAL_MESSAGE } },
    });
  });
});
