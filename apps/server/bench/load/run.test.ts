import { describe, expect, it } from 'vitest';
import { cpuMsPerAction, timesRelay } from './run';

describe('cpuMsPerAction', () => {
  it('divides the CPU seconds of the window, in milliseconds, by the actions acknowledged in it', () => {
    expect(cpuMsPerAction(1.2, 3000)).toBe(0.4);
    expect(cpuMsPerAction(0.5, 400)).toBe(1.25);
  });

  it('keeps three decimals, so a relay costing a few microseconds an action still shows', () => {
    expect(cpuMsPerAction(0.01, 3000)).toBe(0.003);
  });

  it('has no figure when nothing was acknowledged', () => {
    expect(cpuMsPerAction(0.3, 0)).toBeNull();
  });
});

describe('timesRelay', () => {
  it('says how many times the relay’s CPU per action an action costs', () => {
    expect(timesRelay(0.9, 0.3)).toBe(3);
    expect(timesRelay(0.5, 0.3)).toBe(1.67);
  });

  it('has no figure without the relay’s (not measured, or nothing acknowledged there)', () => {
    expect(timesRelay(0.9, undefined)).toBeNull();
    expect(timesRelay(0.9, null)).toBeNull();
    expect(timesRelay(null, 0.3)).toBeNull();
  });
});
