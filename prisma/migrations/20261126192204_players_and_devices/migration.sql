-- Players made of devices (docs/architecture.md, Identity). Written by scripts/migration-diff.mjs,
-- then ordered by hand so that existing rows are carried over: every existing device becomes a
-- player of one device (the player's id is the device's id), and every seat and history line that
-- names a device names its player too. Device tokens, seat tokens and links keep working.

-- CreateTable
CREATE TABLE "Player" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- Devices only ever named by a seat, a history line or a push subscription get a row of their own.
INSERT INTO "Device" ("id", "name")
SELECT DISTINCT d."id", '' FROM (
    SELECT "deviceId" AS "id" FROM "Seat" WHERE "deviceId" IS NOT NULL
    UNION SELECT "deviceId" FROM "MatchPlayer" WHERE "deviceId" IS NOT NULL
    UNION SELECT "deviceId" FROM "PushSubscription"
) d
WHERE NOT EXISTS (SELECT 1 FROM "Device" e WHERE e."id" = d."id");

INSERT INTO "Player" ("id", "name", "createdAt") SELECT "id", "name", "createdAt" FROM "Device";

-- AlterTable
ALTER TABLE "Device" ADD COLUMN     "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "playerId" TEXT,
ADD COLUMN     "userAgent" TEXT;

UPDATE "Device" SET "playerId" = "id";

ALTER TABLE "Device" ALTER COLUMN "playerId" SET NOT NULL;

-- AlterTable
ALTER TABLE "MatchPlayer" ADD COLUMN     "playerId" TEXT;

UPDATE "MatchPlayer" SET "playerId" = "deviceId" WHERE "deviceId" IS NOT NULL;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "playerId" TEXT;

UPDATE "Seat" SET "playerId" = "deviceId" WHERE "deviceId" IS NOT NULL;

-- CreateTable
CREATE TABLE "LinkCode" (
    "codeHash" TEXT NOT NULL,
    "prefix" TEXT NOT NULL,
    "playerId" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "LinkCode_pkey" PRIMARY KEY ("codeHash")
);

-- CreateIndex
CREATE INDEX "LinkCode_prefix_idx" ON "LinkCode"("prefix");

-- CreateIndex
CREATE INDEX "LinkCode_playerId_idx" ON "LinkCode"("playerId");

-- CreateIndex
CREATE INDEX "Device_playerId_idx" ON "Device"("playerId");

-- CreateIndex
CREATE INDEX "MatchPlayer_playerId_idx" ON "MatchPlayer"("playerId");

-- CreateIndex
CREATE INDEX "Seat_playerId_idx" ON "Seat"("playerId");

-- AddForeignKey
ALTER TABLE "Device" ADD CONSTRAINT "Device_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LinkCode" ADD CONSTRAINT "LinkCode_playerId_fkey" FOREIGN KEY ("playerId") REFERENCES "Player"("id") ON DELETE CASCADE ON UPDATE CASCADE;
