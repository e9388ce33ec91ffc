-- AlterTable
ALTER TABLE "Action" ADD COLUMN     "salt" TEXT;

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "salt" TEXT;

-- AlterTable
ALTER TABLE "Room" ADD COLUMN     "creatorDeviceId" TEXT,
ADD COLUMN     "spectators" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "rematch" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "MatchPlayer" (
    "matchId" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "deviceId" TEXT,

    CONSTRAINT "MatchPlayer_pkey" PRIMARY KEY ("matchId","seat")
);

-- CreateIndex
CREATE INDEX "MatchPlayer_deviceId_idx" ON "MatchPlayer"("deviceId");

-- CreateIndex
CREATE INDEX "Match_createdAt_idx" ON "Match"("createdAt");

-- AddForeignKey
ALTER TABLE "MatchPlayer" ADD CONSTRAINT "MatchPlayer_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Backfill: before this migration every room had one match, and its seats were that match's players.
INSERT INTO "MatchPlayer" ("matchId", "seat", "name", "deviceId")
SELECT m."id", s."index", s."name", s."deviceId"
FROM "Seat" s JOIN "Match" m ON m."roomId" = s."roomId"
WHERE s."name" IS NOT NULL
ON CONFLICT DO NOTHING;
