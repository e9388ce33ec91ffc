import { describe, expect, it } from 'vitest';
import { formatDuration } from './timer';

const en: Record<string, string> = {
  'time.sec': '{n} s',
  'time.min': '{n} min',
  'time.hour': '{n} h',
  'time.day': '1 day',
  'time.days': '{n} days',
};
const t = (key: string, params: Record<string, string | number> = {}): string =>
  en[key]!.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));

describe('formatDuration', () => {
  it('says seconds for short timers, hours and days for long ones, rounding up', () => {
    expect(formatDuration(29_001, t)).toBe('30 s');
    expect(formatDuration(-5, t)).toBe('0 s');
    expect(formatDuration(119_000, t)).toBe('119 s');
    expect(formatDuration(12 * 60_000, t)).toBe('12 min');
    expect(formatDuration((2 * 60 + 5) * 60_000, t)).toBe('2 h 5 min');
    expect(formatDuration(3 * 3_600_000, t)).toBe('3 h');
    expect(formatDuration(86_400_000, t)).toBe('1 day');
    expect(formatDuration(3 * 86_400_000, t)).toBe('3 days');
    expect(formatDuration(86_400_000 + 3 * 3_600_000, t)).toBe('1 day 3 h');
  });
});
