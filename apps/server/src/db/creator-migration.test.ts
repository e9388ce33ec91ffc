import { expect, it } from 'vitest';
import { migrationAt } from './migration-at.js';

const migrate = migrationAt('_room_creator_player');

it('makes the creator of every room the player its creating device belongs to, and no one where that device is gone', async () => {
  await migrate(
    async (client) => {
      // As the previous release left it: Ann's phone (linked to her player) made one room, a device
      // since deleted made another, and a third was made without a device.
      await client.query(`
      INSERT INTO "Player" (id, name) VALUES ('player-ann', 'Ann');
      INSERT INTO "Device" (id, name, "playerId") VALUES ('dev-ann', 'Ann', 'player-ann'), ('dev-ann-phone', 'Ann', 'player-ann');
      INSERT INTO "Room" (id, family, options, "creatorDeviceId") VALUES
        ('room-phone', 'duel', '{}', 'dev-ann-phone'), ('room-gone', 'duel', '{}', 'dev-gone'), ('room-none', 'duel', '{}', NULL);
    `);
    },
    async (client) => {
      const rooms = await client.query('SELECT id, "creatorPlayerId" FROM "Room" ORDER BY id');
      expect(rooms.rows).toEqual([
        { id: 'room-gone', creatorPlayerId: null },
        { id: 'room-none', creatorPlayerId: null },
        { id: 'room-phone', creatorPlayerId: 'player-ann' },
      ]);
      const columns = await client.query(`SELECT column_name FROM information_schema.columns WHERE table_name = 'Room'`);
      expect(columns.rows.map((r: { column_name: string }) => r.column_name)).not.toContain('creatorDeviceId');
    },
  );
});
