import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const serverDir = fileURLToPath(new URL('..', import.meta.url));

/** Runs a Node script of this package; fails the test unless it exits 0. */
function runScript(script: string, args: string[]): string {
  const run = spawnSync(process.execPath, [script, ...args], { cwd: serverDir, encoding: 'utf8', timeout: 240_000 });
  expect(run.status, run.stderr).toBe(0);
  return run.stdout;
}

/** Runs the built load generator with these flags, by default for a second at 4 actions/s; its JSON lines. */
function benchLoad(...flags: string[]): Record<string, unknown>[] {
  const defaults = Object.entries({ '--rates': '4', '--duration': '1', '--warmup': '0.5' })
    .filter(([flag]) => !flags.includes(flag))
    .flat();
  return runScript('dist/bench-load.mjs', [...defaults, ...flags])
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

// Not a benchmark: proves that `bench:load` still builds, drives every target and prints its line.
describe('bench:load', () => {
  // The generator, once for the file's two runs; the server it starts is dist/main.js, built before
  // the tests like every other test's server process.
  beforeAll(() => void runScript('scripts/bench-load.mjs', ['--generator-only']), 120_000);

  it('drives a few rooms for a second on the relay, the relay storing on either database, and both databases, and prints one JSON line each', () => {
    const targets = ['relay', 'relay-postgres', 'relay-embedded', 'embedded', 'postgres'];
    const lines = benchLoad('--targets', targets.join(','));
    // A storing relay acknowledges an action only once its INSERT is done: `acked` below says it stored.
    expect(lines.map((l) => l['target'])).toEqual(targets);
    for (const line of lines) {
      expect(line).toMatchObject({ rate: 4, rooms: 4, clients: 8, errors: 0 });
      expect(line['acked']).toBeGreaterThan(0);
      expect(line['ackMs']).toMatchObject({ p50: expect.any(Number), p99: expect.any(Number), max: expect.any(Number) });
      expect(line['deliveryMs']).toMatchObject({ p50: expect.any(Number) });
      expect(line['serverRssMiB']).toBeGreaterThan(0);
      // /proc counts CPU in 10 ms ticks: a second at 4 actions/s may show none, but the field is there.
      expect(line['serverCpuMsPerAction']).toBeGreaterThanOrEqual(0);
      expect(line['bytesPerUpdate']).toBeGreaterThan(0);
    }
  }, 300_000);

  it('drives Master Mind 44 (four seats a room), plays a rematch when a match ends, and reports the server timing with --timing and the reactions with --reactions', () => {
    // 120 actions due in four rooms: room i of n first plays i/n of a 44-action match, so some end and rematch in the window.
    const [line] = benchLoad(
      '--targets',
      'postgres',
      '--family',
      'mm44',
      '--rooms',
      '4',
      '--rates',
      '40',
      '--duration',
      '3',
      '--timing',
      '--reactions',
    );
    expect(line).toMatchObject({ family: 'mm44', rooms: 4, clients: 16, errors: 0, unanswered: 0, finishedRooms: 0 });
    expect(line?.['acked']).toBeGreaterThan(0);
    expect(line?.['rematches']).toBeGreaterThan(0);
    expect(line?.['server']).toMatchObject({ act: { n: expect.any(Number) }, insert: { n: expect.any(Number) } });
    expect(line?.['pg']).toMatchObject({ wal_sync: expect.any(Number), waits: expect.any(Object) });
    // 16 seats, one reaction each per 10 s, their turns 625 ms apart: a few fall in the 3 s window, none refused.
    const reactions = line?.['reactions'] as { sent: number; acked: number; refused: object; received: number };
    expect(reactions.sent).toBeGreaterThan(0);
    expect(reactions.acked).toBeGreaterThan(0);
    expect(reactions.refused).toEqual({});
    expect(reactions.received).toBeGreaterThan(0);
  }, 300_000);
});
