import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { readMigrations } from './migrate.js';
import { createTestPostgres, type TestPostgres } from './test-databases.js';

const dbs: TestPostgres[] = [];
afterAll(async () => {
  await Promise.all(dbs.map((d) => d.drop()));
});

it('makes the creator of every room the player its creating device belongs to, and no one where that device is gone', async () => {
  const pgdb = await createTestPostgres();
  dbs.push(pgdb);
  const client = new pg.Client({ connectionString: pgdb.url });
  await client.connect();
  try {
    const all = readMigrations();
    const at = all.findIndex((m) => m.name.endsWith('_room_creator_player'));
    expect(at).toBeGreaterThan(0);
    for (const m of all.slice(0, at)) await client.query(m.sql);
    // As the previous release left it: Ann's phone (linked to her player) made one room, a device
    // since deleted made another, and a third was made without a device.
    await client.query(`
      INSERT INTO "Player" (id, name) VALUES ('player-ann', 'Ann');
      INSERT INTO "Device" (id, name, "playerId") VALUES ('dev-ann', 'Ann', 'player-ann'), ('dev-ann-phone', 'Ann', 'player-ann');
      INSERT INTO "Room" (id, family, options, "creatorDeviceId") VALUES
        ('room-phone', 'duel', '{}', 'dev-ann-phone'), ('room-gone', 'duel', '{}', 'dev-gone'), ('room-none', 'duel', '{}', NULL);
    `);
    for (const m of all.slice(at)) await client.query(m.sql);

    const rooms = await client.query('SELECT id, "creatorPlayerId" FROM "Room" ORDER BY id');
    expect(rooms.rows).toEqual([
      { id: 'room-gone', creatorPlayerId: null },
      { id: 'room-none', creatorPlayerId: null },
      { id: 'room-phone', creatorPlayerId: 'player-ann' },
    ]);
    const columns = await client.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Room'`);
    expect(columns.rows.map((r: { column_name: string }) => r.column_name)).not.toContain('creatorDeviceId');
  } finally {
    await client.end();
  }
});
