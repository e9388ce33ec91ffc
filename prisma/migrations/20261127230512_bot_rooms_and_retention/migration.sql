-- Rooms of bots only, per address that made them (BOT_ROOMS_PER_IP): only those rows are indexed.
ALTER TABLE "Room" ADD COLUMN     "botRoomAddress" TEXT;

CREATE INDEX "Room_botRoomAddress_idx" ON "Room"("botRoomAddress") WHERE ("botRoomAddress" IS NOT NULL);

-- The retention sweep walks unfinished matches oldest first: finished ones (history) are not in
-- this index, and abandoned ones leave it when the sweep removes their room.
CREATE INDEX "Match_unfinished_createdAt_idx" ON "Match"("createdAt") WHERE ("finishedAt" IS NULL);
