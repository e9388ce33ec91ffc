import { describe, expect, it } from 'vitest';
import { localUtcOffsetMinutes } from './api';

describe('localUtcOffsetMinutes', () => {
  it('is the local time minus UTC, within the UTC−12 to UTC+14 the server accepts', () => {
    const at = (offset: number): Date => ({ getTimezoneOffset: () => offset }) as Date;
    expect(localUtcOffsetMinutes(at(-120))).toBe(120);
    expect(localUtcOffsetMinutes(at(300))).toBe(-300);
    expect(localUtcOffsetMinutes(at(0))).toBe(0);
    expect(localUtcOffsetMinutes(at(-900))).toBe(840);
    expect(localUtcOffsetMinutes(at(780))).toBe(-720);
  });
});
