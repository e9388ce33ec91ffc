-- The creator of a room is a player (docs/architecture.md, Identity): every device of theirs may change
-- its settings. Filled from the player the creating device belongs to now, else no creator.
ALTER TABLE "Room" ADD COLUMN     "creatorPlayerId" TEXT;

UPDATE "Room" r SET "creatorPlayerId" = d."playerId" FROM "Device" d WHERE d.id = r."creatorDeviceId";

ALTER TABLE "Room" DROP COLUMN "creatorDeviceId";

CREATE INDEX "Room_creatorPlayerId_idx" ON "Room"("creatorPlayerId");
