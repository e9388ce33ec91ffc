import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './database';
import { freshEmbeddedDataDir, type TempDir } from './test-databases';
import { isUnavailable } from './unavailable';

describe('named statements on the embedded database', () => {
  let dir: TempDir;
  let db: Database;

  beforeAll(async () => {
    dir = await freshEmbeddedDataDir();
    db = await openDatabase({ dataDir: dir.path });
  });
  afterAll(async () => {
    await db?.close().catch(() => undefined);
    dir?.remove();
    if (dir) rmSync(`${dir.path}.id`, { force: true });
  });

  it('answers call after call with the rows an unnamed statement gives for the same parameters', async () => {
    const text = 'SELECT $1::int AS n, $2::text[] AS words, $3::jsonb AS doc, $4::text AS nothing';
    const cases: unknown[][] = [
      [1, ['a', 'b'], '{"type":"guess","code":[1,2]}', null],
      [2, ['quote " and \\ backslash', 'comma, brace }', 'NULL', null], '[]', 'x'],
      [3, [], 'null', null],
    ];
    for (const params of cases) {
      const named = await db.sql(text, params, { name: 'test_roundtrip' });
      expect(named).toEqual(await db.sql(text, params));
    }
  });

  it('throws the database’s own error for a failing call, and runs the next one', async () => {
    const text = 'SELECT 10 / $1::int AS q';
    await expect(db.sql(text, [0], { name: 'test_divide' })).rejects.toMatchObject({ code: '22012' });
    expect(await db.sql(text, [5], { name: 'test_divide' })).toEqual([{ q: 2 }]);
  });

  it('refuses a name already given to other SQL', async () => {
    await db.sql('SELECT 1 AS one', [], { name: 'test_once' });
    await expect(db.sql('SELECT 2 AS two', [], { name: 'test_once' })).rejects.toThrow(/other SQL/);
  });

  it('waits for an open transaction to end, as every other statement does', async () => {
    const order: string[] = [];
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let opened = (): void => {};
    const open = new Promise<void>((resolve) => (opened = resolve));
    const transaction = db.prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT 1`;
      opened();
      await held;
      order.push('transaction over');
    });
    await open;
    const statement = db.sql('SELECT 1 AS one', [], { name: 'test_after_tx' }).then(() => order.push('statement'));
    // Several turns of the loop: time enough for the statement to run, were it not held back.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([transaction, statement]);
    expect(order).toEqual(['transaction over', 'statement']);
  });

  it('acknowledges nothing once the data folder is gone', async () => {
    const other = await freshEmbeddedDataDir();
    const gone = await openDatabase({ dataDir: other.path });
    try {
      await gone.sql('SELECT 1 AS one', [], { name: 'test_gone' });
      rmSync(other.path, { recursive: true, force: true });
      const err = await gone.sql('SELECT 1 AS one', [], { name: 'test_gone' }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(isUnavailable(err)).toBe(true);
    } finally {
      await gone.close().catch(() => undefined);
      other.remove();
      rmSync(`${other.path}.id`, { force: true });
    }
  });
});
