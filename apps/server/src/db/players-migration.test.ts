import { expect, it } from 'vitest';
import { migrationAt } from './migration-at.js';

const migrate = migrationAt('_players_and_devices');

it('makes every existing device a player of one device, and its seats, history and pushes that player’s', async () => {
  await migrate(
    async (client) => {
      // A database as the previous release left it: a device with a name, one only named by a push
      // subscription, seats and history lines naming them, a bot's seat naming none.
      await client.query(`
      INSERT INTO "Device" (id, name) VALUES ('dev-ann', 'Ann');
      INSERT INTO "Room" (id, family, options) VALUES ('room-1', 'duel', '{}');
      INSERT INTO "Seat" ("roomId", index, name, "tokenHash", "deviceId") VALUES ('room-1', 0, 'Ann', 'hash-ann', 'dev-ann');
      INSERT INTO "Seat" ("roomId", index, name, "tokenHash", "deviceId") VALUES ('room-1', 1, 'Bob', 'hash-bob', 'dev-bob');
      INSERT INTO "Match" (id, "roomId", number, family, options, seed) VALUES ('match-1', 'room-1', 1, 'duel', '{}', 's');
      INSERT INTO "MatchPlayer" ("matchId", seat, name, "deviceId") VALUES ('match-1', 0, 'Ann', 'dev-ann'), ('match-1', 1, 'Bob', 'dev-bob');
      INSERT INTO "PushSubscription" (endpoint, "deviceId", p256dh, auth, lang) VALUES ('https://push.example/1', 'dev-cy', 'k', 'a', 'en');
    `);
    },
    async (client) => {
      const devices = await client.query('SELECT id, name, "playerId" FROM "Device" ORDER BY id');
      expect(devices.rows).toEqual([
        { id: 'dev-ann', name: 'Ann', playerId: 'dev-ann' },
        { id: 'dev-bob', name: '', playerId: 'dev-bob' },
        { id: 'dev-cy', name: '', playerId: 'dev-cy' },
      ]);
      const players = await client.query('SELECT id, name FROM "Player" ORDER BY id');
      expect(players.rows).toEqual([
        { id: 'dev-ann', name: 'Ann' },
        { id: 'dev-bob', name: '' },
        { id: 'dev-cy', name: '' },
      ]);
      const seats = await client.query('SELECT index, "tokenHash", "playerId" FROM "Seat" ORDER BY index');
      expect(seats.rows).toEqual([
        { index: 0, tokenHash: 'hash-ann', playerId: 'dev-ann' },
        { index: 1, tokenHash: 'hash-bob', playerId: 'dev-bob' },
      ]);
      const history = await client.query('SELECT seat, "playerId" FROM "MatchPlayer" ORDER BY seat');
      expect(history.rows).toEqual([
        { seat: 0, playerId: 'dev-ann' },
        { seat: 1, playerId: 'dev-bob' },
      ]);
    },
  );
});
