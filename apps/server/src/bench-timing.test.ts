import { describe, expect, it } from 'vitest';
import { benchTiming, benchTimingReport } from './bench-timing';

describe('bench timing', () => {
  it('summarises what was recorded since the last report, then starts again from nothing', () => {
    for (let i = 1; i <= 100; i++) benchTiming.record('insert', i);
    benchTiming.record('batchRows', 3);
    const report = benchTimingReport();
    expect(report['insert']).toEqual({ n: 100, p50: 51, p99: 100, max: 100 });
    expect(report['batchRows']).toEqual({ n: 1, p50: 3, p99: 3, max: 3 });
    expect(report['memoryMiB']).toMatchObject({ rss: expect.any(Number), heapUsed: expect.any(Number) });
    expect(benchTimingReport()['insert']).toBeUndefined();
  });

  it('is off unless the server was started with it', () => {
    expect(benchTiming.enabled).toBe(false);
  });
});
